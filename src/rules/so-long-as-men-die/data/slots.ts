/**
 * Slot sizes as exact fractions: items take no slot, a part of one, or several (Inventory, Slots).
 */

/**
 * A slot size as a fraction: `{ numerator: 1, denominator: 3 }` is a third of a slot (a dagger).
 * @example { numerator: 2, denominator: 1 } // two slots (a longsword)
 */
export interface SlotSize {
  readonly numerator: number;
  readonly denominator: number;
}

/** No slot at all (worn clothing, a bare hand). */
export const NO_SLOT = { numerator: 0, denominator: 1 } as const satisfies SlotSize;

/** Whole slots. */
export function slots(n: number): SlotSize {
  return { numerator: n, denominator: 1 };
}

/** A part of a slot, 1/`d`. */
export function partSlot(d: number): SlotSize {
  return { numerator: 1, denominator: d };
}

/** True for a size strictly between nothing and one slot: a Partial item (Slots). */
export function isPartial(size: SlotSize): boolean {
  return size.numerator > 0 && size.numerator < size.denominator;
}

/** The size as a number (for display and comparisons only; sums use `slotsUsedBy`). */
export function slotValue(size: SlotSize): number {
  return size.numerator / size.denominator;
}

/** "1/3", "2", "0". */
export function formatSlots(size: SlotSize): string {
  return size.denominator === 1 ? String(size.numerator) : `${size.numerator}/${size.denominator}`;
}

/**
 * Whole slots taken by `count` of one item: same items share a slot up to their partial size, so
 * three daggers (1/3) fill one slot and a fourth starts a second (Slots).
 * @example slotsUsedBy({ numerator: 1, denominator: 3 }, 4) // 2
 */
export function slotsUsedBy(size: SlotSize, count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`a count is a whole number from 0, got ${count}`);
  return Math.ceil((size.numerator * count) / size.denominator);
}
