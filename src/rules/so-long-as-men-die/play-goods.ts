/**
 * The changes of what a character carries: hacksilver gained and spent, items added, removed, and
 * moved between Stowed and Readied or into and out of the hands. Rules: So Long as Men Die,
 * Inventory (Encumbrance, Slots, Hands and Holding); Armor (Hacksilver); Weapons. Rulings SL-17,
 * SL-18, SL-30, SL-31.
 */
import { ok, type ParamDef, type RuleResult } from '../rule-system.js';
import { SLAMD_REF } from './attributes.js';
import { CARRY_MODES, MAX_CLASS_LABEL_LENGTH, MAX_HACKSILVER, MAX_ITEM_COUNT, MAX_ITEM_SLOTS, MAX_LIST_ENTRIES, MAX_SLOT_DENOMINATOR, type CarryMode, type InventoryEntry, type ItemKind, type SlamdCharacter } from './character.js';
import { ARMOUR, SHIELDS } from './data/armour.js';
import { formatSlots, type SlotSize } from './data/slots.js';
import { BARE_HAND_ID, WEAPONS } from './data/weapons.js';
import { inventoryReport } from './inventory.js';
import { MAX_REASON_LENGTH, because, changed, intOf, maybeInt, refuse, textOf, type ChangeProcedure } from './play-kit.js';

/** Longest label of an item added in play (an input limit). */
export const MAX_ITEM_LABEL_LENGTH = 60;

/** Longest slot size text ("1/32"). */
export const MAX_SLOTS_TEXT_LENGTH = 7;

/** Longest list of hands given as text ("0,1,2"). */
export const MAX_HANDS_TEXT_LENGTH = 16;

/** The choice of an item not on the lists: the player names and sizes it. */
export const GEAR_ITEM = 'gear';

/** The items of the lists a character may add, by id: weapons (bare hands are no item), armour, shields. */
const LISTED = [
  ...WEAPONS.filter((w) => w.id !== BARE_HAND_ID).map((w) => ({ kind: 'weapon' as ItemKind, id: w.id, label: w.label, slots: w.slots as SlotSize })),
  ...ARMOUR.map((a) => ({ kind: 'armour' as ItemKind, id: a.id, label: a.label, slots: a.slots as SlotSize })),
  ...SHIELDS.map((s) => ({ kind: 'shield' as ItemKind, id: s.id, label: s.label, slots: s.slots as SlotSize })),
];

const ITEM_REF = `${SLAMD_REF}, Inventory`;
const carryChoices = CARRY_MODES.map((id) => ({ id, label: id === 'stowed' ? 'Stowed' : 'Readied' }));

const COINS_PARAMS = [
  { kind: 'integer', name: 'amount', label: 'Hacksilver', help: 'Hacksilver gained (positive) or spent (negative).', min: -MAX_HACKSILVER, max: MAX_HACKSILVER, isRequired: true, example: 10 },
  { kind: 'text', name: 'reason', label: 'Reason', help: 'What for ("Sold the goblin\'s spear").', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

/** Hacksilver gained or spent; the price is the Smith's (Armor; SL-30). */
export const coinsChange: ChangeProcedure<{ amount: number; reason: string | undefined }> = {
  def: {
    id: 'coins', label: 'Gain or spend hacksilver', by: 'owner', rollsDice: false, ref: `${SLAMD_REF}, Armor (Hacksilver)`, params: COINS_PARAMS,
    help: 'Hacksilver in or out; the text leaves prices to the Smith.',
  },
  prepare(c, v) {
    const amount = intOf(v, 'amount');
    if (amount === 0) return refuse('no-amount', 'Give the hacksilver gained (positive) or spent (negative), not 0.', 'amount');
    if (c.hacksilver + amount < 0) return refuse('not-enough-hacksilver', `${c.name} has ${c.hacksilver} hacksilver; spend at most that.`, 'amount');
    if (c.hacksilver + amount > MAX_HACKSILVER) return refuse('too-much-hacksilver', `A purse holds at most ${MAX_HACKSILVER} hacksilver.`, 'amount');
    return ok({ amount, reason: textOf(v, 'reason') });
  },
  apply(_rng, c, s) {
    const after = c.hacksilver + s.amount;
    const line = `${s.amount > 0 ? `+${s.amount}` : s.amount} hacksilver${because(s.reason)}: ${c.hacksilver} -> ${after}`;
    return changed({ ...c, hacksilver: after }, line, [line]);
  },
};

const ITEM_ADD_PARAMS = [
  {
    kind: 'choice', name: 'item', label: 'Item', isRequired: true, example: 'falchion',
    help: 'A weapon, armour or shield of the lists (their size comes with them), or gear: anything else, named and sized.',
    choices: [...LISTED.map((i) => ({ id: i.id, label: i.label })), { id: GEAR_ITEM, label: 'Other gear' }],
  },
  { kind: 'text', name: 'label', label: 'Name', help: 'The item\'s name: needed for gear, a new name for a listed item.', maxLength: MAX_ITEM_LABEL_LENGTH },
  { kind: 'text', name: 'slots', label: 'Slots', help: 'Size of one, for gear: 0, a part like 1/3, or whole slots like 2 (default 1).', maxLength: MAX_SLOTS_TEXT_LENGTH },
  { kind: 'integer', name: 'count', label: 'How many', help: 'How many of the item.', min: 1, max: MAX_ITEM_COUNT, default: 1 },
  { kind: 'choice', name: 'carry', label: 'Carried', help: 'Stowed in the pack, or Readied at hand (armour gives Defense only when Readied).', choices: carryChoices, default: 'stowed' },
] as const satisfies readonly ParamDef[];

/**
 * A slot size from text: "0", "2", "1/3" (Slots).
 * @example parseSlots('1/3') // ok({ numerator: 1, denominator: 3 })
 */
export function parseSlots(text: string): RuleResult<SlotSize> {
  const m = /^(\d{1,4})(?:\/(\d{1,2}))?$/.exec(text.trim());
  const bad = refuse<SlotSize>('bad-slots', `Slots are 0, a part of one like 1/3 (at most 1/${MAX_SLOT_DENOMINATOR}), or whole slots up to ${MAX_ITEM_SLOTS}; got ${text}.`, 'slots');
  if (m === null) return bad;
  const numerator = Number(m[1]);
  const denominator = m[2] === undefined ? 1 : Number(m[2]);
  if (denominator < 1 || denominator > MAX_SLOT_DENOMINATOR || numerator > MAX_ITEM_SLOTS * denominator) return bad;
  return ok({ numerator, denominator });
}

/** A kebab-case item id from a name, short enough for a document ("Dried fungus" -> "dried-fungus"). */
export function itemIdOf(label: string): string {
  const id = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, MAX_CLASS_LABEL_LENGTH).replace(/^-+|-+$/g, '');
  return id === '' ? GEAR_ITEM : id;
}

const sameSize = (a: SlotSize, b: SlotSize): boolean => a.numerator * b.denominator === b.numerator * a.denominator;

/** Slots in use against capacity, and encumbrance, after a change (Encumbrance). */
function loadLine(c: SlamdCharacter): string {
  const r = inventoryReport(c);
  if (!r.ok) return r.error.message;
  const { used, capacity, isEncumbered } = r.value;
  return `Stowed ${used.stowed}/${capacity.stowed}, Readied ${used.readied}/${capacity.readied}${isEncumbered ? ': encumbered, so no Attack Rolls and no Toughness Dice' : ''}`;
}

const nameOf = (e: InventoryEntry): string => `${e.count > 1 ? `${e.count} x ` : ''}${e.label}`;

/** An item added to the inventory; like unheld items share an entry (Inventory; SL-31). */
export const itemAddChange: ChangeProcedure<{ entry: InventoryEntry }> = {
  def: {
    id: 'item-add', label: 'Add an item', by: 'owner', rollsDice: false, ref: `${ITEM_REF}; Weapons; Armor`, params: ITEM_ADD_PARAMS,
    help: 'Put an item in the inventory, Stowed or Readied; carrying past the slots encumbers (no attacks, no Toughness).',
  },
  prepare(c, v) {
    const item = v['item'] as string;
    const label = textOf(v, 'label');
    const slotsText = textOf(v, 'slots');
    const carry = v['carry'] as CarryMode;
    const count = intOf(v, 'count');
    let entry: InventoryEntry;
    if (item === GEAR_ITEM) {
      if (label === undefined) return refuse('gear-needs-label', 'Name the gear (--label).', 'label');
      const slots = parseSlots(slotsText ?? '1');
      if (!slots.ok) return slots;
      entry = { kind: 'gear', itemId: itemIdOf(label), label, slots: slots.value, count, carry, hands: [] };
    } else {
      if (slotsText !== undefined) return refuse('slots-of-listed-item', `The ${item} has its size in the lists; drop --slots, or add it as gear.`, 'slots');
      const listed = LISTED.find((i) => i.id === item)!;
      entry = { kind: listed.kind, itemId: listed.id, label: label ?? listed.label, slots: listed.slots, count, carry, hands: [] };
    }
    const same = c.inventory.find((e) => e.kind === entry.kind && e.itemId === entry.itemId && e.label === entry.label && sameSize(e.slots, entry.slots) && e.carry === carry && e.hands.length === 0);
    if (same !== undefined && same.count + count > MAX_ITEM_COUNT) return refuse('too-many-items', `One entry holds at most ${MAX_ITEM_COUNT} items; ${c.name} has ${same.count} ${same.label}.`, 'count');
    if (same === undefined && c.inventory.length >= MAX_LIST_ENTRIES) return refuse('inventory-full', `An inventory lists at most ${MAX_LIST_ENTRIES} entries; remove one first.`, 'item');
    return ok({ entry });
  },
  apply(_rng, c, { entry }) {
    const at = c.inventory.findIndex((e) => e.kind === entry.kind && e.itemId === entry.itemId && e.label === entry.label && sameSize(e.slots, entry.slots) && e.carry === entry.carry && e.hands.length === 0);
    const inventory = at < 0 ? [...c.inventory, entry] : c.inventory.map((e, i) => (i === at ? { ...e, count: e.count + entry.count } : e));
    const after = { ...c, inventory };
    const line = `Added ${nameOf(entry)} (${formatSlots(entry.slots)} slot${entry.slots.numerator === entry.slots.denominator ? '' : 's'} each), ${entry.carry}`;
    return changed(after, line, [line, loadLine(after)]);
  },
};

const itemParam = { kind: 'integer', name: 'item', label: 'Item', help: 'The item\'s number in the inventory (1 is the first).', min: 1, max: MAX_LIST_ENTRIES, isRequired: true, example: 1 } as const satisfies ParamDef;

/** The entry numbered `n` (from 1), or the refusal naming the parameter. */
function entryAt(c: SlamdCharacter, n: number): RuleResult<InventoryEntry> {
  const e = c.inventory[n - 1];
  return e === undefined ? refuse('no-such-item', `${c.name} carries ${c.inventory.length} entr${c.inventory.length === 1 ? 'y' : 'ies'}; there is no number ${n}.`, 'item') : ok(e);
}

const ITEM_REMOVE_PARAMS = [
  itemParam,
  { kind: 'integer', name: 'count', label: 'How many', help: 'How many to take away; leave out for all of them.', min: 1, max: MAX_ITEM_COUNT },
  { kind: 'text', name: 'reason', label: 'Reason', help: 'Why ("Disarmed", "Ate one", "Sold").', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

/** Items dropped, used up, sold or taken by a Disarm (Inventory; Actions, Disarm). */
export const itemRemoveChange: ChangeProcedure<{ index: number; count: number; reason: string | undefined }> = {
  def: {
    id: 'item-remove', label: 'Remove an item', by: 'owner', rollsDice: false, ref: `${ITEM_REF}; Fighting Things (Disarm)`, params: ITEM_REMOVE_PARAMS,
    help: 'Take items out of the inventory: dropped, used up, sold, or knocked away by a Disarm.',
  },
  prepare(c, v) {
    const e = entryAt(c, intOf(v, 'item'));
    if (!e.ok) return e;
    const count = maybeInt(v, 'count') ?? e.value.count;
    if (count > e.value.count) return refuse('not-enough-items', `There ${e.value.count === 1 ? 'is' : 'are'} only ${e.value.count} ${e.value.label}.`, 'count');
    return ok({ index: intOf(v, 'item') - 1, count, reason: textOf(v, 'reason') });
  },
  apply(_rng, c, s) {
    const e = c.inventory[s.index]!;
    const left = e.count - s.count;
    let inventory = left === 0 ? c.inventory.filter((_, i) => i !== s.index) : c.inventory.map((x, i) => (i === s.index ? { ...x, count: left } : x));
    const lines = [`Removed ${s.count === 1 ? '' : `${s.count} x `}${e.label}${because(s.reason)}${left === 0 ? '' : `; ${left} left`}`];
    if (left > 0 && !inventoryReport({ ...c, inventory }).ok) {
      // Fewer items than hands holding them: the rest are no longer held.
      inventory = inventory.map((x, i) => (i === s.index ? { ...x, hands: [] } : x));
      lines.push(`The ${e.label} left ${left === 1 ? 'is' : 'are'} no longer held`);
    }
    const after = { ...c, inventory };
    return changed(after, lines[0]!, [...lines, loadLine(after)]);
  },
};

const ITEM_MOVE_PARAMS = [
  itemParam,
  { kind: 'choice', name: 'carry', label: 'Carried', help: 'Move to Stowed or Readied (a free action while held; from the pack, an action).', choices: carryChoices },
  { kind: 'text', name: 'hands', label: 'Held in', help: 'Hand numbers from 0, comma-separated ("0", "0,1"); "none" to put it down. Leave out to keep.', maxLength: MAX_HANDS_TEXT_LENGTH },
  { kind: 'integer', name: 'count', label: 'How many', help: 'Move only this many of the entry (they become an entry of their own).', min: 1, max: MAX_ITEM_COUNT },
] as const satisfies readonly ParamDef[];

/** Hand numbers from text: "0,1"; "none" or empty for no hand. */
function parseHands(text: string): RuleResult<number[]> {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'none') return ok([]);
  const parts = t.split(',').map((p) => p.trim());
  const hands: number[] = [];
  for (const p of parts) {
    if (!/^\d$/.test(p)) return refuse('bad-hands', `Hands are numbers from 0 separated by commas ("0,1"), or none; got ${text}.`, 'hands');
    const h = Number(p);
    if (hands.includes(h)) return refuse('bad-hands', `Hand ${h} is named twice.`, 'hands');
    hands.push(h);
  }
  return ok(hands);
}

/** The inventory after moving `count` of entry `index`: the moved part takes the new carry and hands. */
function moved(c: SlamdCharacter, index: number, count: number, carry: CarryMode | undefined, hands: readonly number[] | undefined): InventoryEntry[] {
  const e = c.inventory[index]!;
  if (count === e.count) return c.inventory.map((x, i) => (i === index ? { ...x, carry: carry ?? x.carry, hands: hands ?? x.hands } : x));
  const rest = { ...e, count: e.count - count, hands: e.hands.slice(0, e.count - count) };
  const part = { ...e, count, carry: carry ?? e.carry, hands: hands ?? [] };
  return [...c.inventory.slice(0, index), rest, part, ...c.inventory.slice(index + 1)];
}

/** Items moved between Stowed and Readied, into or out of the hands (Hands and Holding; SL-18, SL-31). */
export const itemMoveChange: ChangeProcedure<{ inventory: InventoryEntry[]; line: string }> = {
  def: {
    id: 'item-move', label: 'Move or hold an item', by: 'owner', rollsDice: false, ref: `${ITEM_REF} (Hands and Holding)`, params: ITEM_MOVE_PARAMS,
    help: 'Stow or ready an item, take it in hand or put it down: each hand holds one slot (partial items share it), two-slot items need both hands.',
  },
  prepare(c, v) {
    const index = intOf(v, 'item') - 1;
    const e = entryAt(c, index + 1);
    if (!e.ok) return e;
    const carry = v['carry'] as CarryMode | undefined;
    const handsText = textOf(v, 'hands') ?? (typeof v['hands'] === 'string' ? '' : undefined);
    const hands = handsText === undefined ? undefined : parseHands(handsText);
    if (hands !== undefined && !hands.ok) return hands;
    const count = maybeInt(v, 'count') ?? e.value.count;
    if (count > e.value.count) return refuse('not-enough-items', `There ${e.value.count === 1 ? 'is' : 'are'} only ${e.value.count} ${e.value.label}.`, 'count');
    if (count < e.value.count && c.inventory.length >= MAX_LIST_ENTRIES) return refuse('inventory-full', `An inventory lists at most ${MAX_LIST_ENTRIES} entries; move them all, or remove an entry first.`, 'count');
    const newHands = hands?.value;
    const isSame = count === e.value.count && (carry ?? e.value.carry) === e.value.carry && (newHands === undefined || (newHands.length === e.value.hands.length && newHands.every((h) => e.value.hands.includes(h))));
    if (isSame) return refuse('nothing-to-move', `The ${e.value.label} is already so; give another carry or other hands.`, 'item');
    const inventory = moved(c, index, count, carry, newHands);
    const report = inventoryReport({ ...c, inventory });
    if (!report.ok) return refuse(report.error.code.replace(/^so-long-as-men-die\//, ''), report.error.message, newHands === undefined ? 'item' : 'hands');
    const held = newHands === undefined ? '' : newHands.length === 0 ? ', put down' : `, held in hand${newHands.length === 1 ? '' : 's'} ${newHands.join(' and ')}`;
    return ok({ inventory, line: `${count === 1 ? '' : `${count} x `}${e.value.label}: ${carry ?? e.value.carry}${held}` });
  },
  apply(_rng, c, s) {
    const after = { ...c, inventory: s.inventory };
    return changed(after, s.line, [s.line, loadLine(after)]);
  },
};
