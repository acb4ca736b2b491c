/**
 * Inventory: Stowed slots by the STR Score, Readied slots by half the DEX Score, partial slots shared
 * by like items, hands and what they can hold, encumbrance, and the Defense an inventory gives.
 * Rules: So Long as Men Die, Stats (Strength, Dexterity); Inventory (Encumbrance, Slots, Hands and
 * Holding); Armor; Traits. Rulings SL-7, SL-8, SL-17, SL-18.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import { ARMOUR, SHIELDS, defenseDieForSlots, type DefenseDie } from './data/armour.js';
import { isPartial, slotValue, slotsUsedBy, type SlotSize } from './data/slots.js';
import { traitEffects } from './data/traits.js';
import { findWeapon, hasQuality } from './data/weapons.js';
import type { InventoryEntry, SlamdCharacter } from './character.js';

/** Hands a creature has by default (Hands and Holding). */
export const DEFAULT_HANDS = 2;

/** Slots one hand holds by default (Hands and Holding). */
export const DEFAULT_HAND_SLOTS = 1;

/** Different partial items one hand may hold at most (Slots). */
export const MAX_PARTIALS_PER_HAND = 2;

/** Items bigger than this many slots cannot be held (Hands and Holding). */
export const MAX_HOLDABLE_SLOTS = 2;

/** Stowed and Readied slots a character may carry before being encumbered. */
export interface SlotCapacity {
  readonly stowed: number;
  readonly readied: number;
}

/**
 * Slot capacity: Stowed = STR Score (+6 Brick Shithouse), Readied = half the DEX Score rounded down
 * (+2 Crop) (Stats; Traits; ruling SL-17: the Scores, not the Modifiers).
 * @example slotCapacity(14, 11, []) // { stowed: 14, readied: 5 }
 */
export function slotCapacity(strScore: number, dexScore: number, traitIds: readonly string[]): SlotCapacity {
  let stowed = strScore;
  let readied = Math.floor(dexScore / 2);
  for (const e of traitEffects(traitIds)) {
    if (e.kind === 'stowed-slots') stowed += e.amount;
    if (e.kind === 'readied-slots') readied += e.amount;
  }
  return { stowed, readied };
}

/** Hands of a creature with these traits: two; a Dog's mouth is its one hand; a third arm adds, one hand takes away (Traits). */
export function handsOf(traitIds: readonly string[]): number {
  const effects = traitEffects(traitIds);
  let hands = DEFAULT_HANDS;
  for (const e of effects) if (e.kind === 'hands-exactly') hands = e.count;
  for (const e of effects) if (e.kind === 'hands') hands += e.amount;
  return Math.max(0, hands);
}

/** Slots each hand may hold: one; an Ogre two, a Hobbit half (Traits; the last such trait listed wins). */
export function handCapacity(traitIds: readonly string[]): SlotSize {
  let cap: SlotSize = { numerator: DEFAULT_HAND_SLOTS, denominator: 1 };
  for (const e of traitEffects(traitIds)) if (e.kind === 'hand-capacity') cap = e.slots;
  return cap;
}

/**
 * Whole slots used, Stowed and Readied: entries of the same item and size share partial slots
 * (Slots; ruling SL-18).
 * @example slotsUsed([{ itemId: 'dagger', slots: 1/3, count: 4, carry: 'readied', ... }]) // { stowed: 0, readied: 2 }
 */
export function slotsUsed(inventory: readonly InventoryEntry[]): SlotCapacity {
  const groups = new Map<string, { size: SlotSize; count: number; carry: 'stowed' | 'readied' }>();
  for (const e of inventory) {
    const key = `${e.carry}|${e.kind}|${e.itemId}|${e.slots.numerator}/${e.slots.denominator}`;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { size: e.slots, count: e.count, carry: e.carry });
    else g.count += e.count;
  }
  let stowed = 0;
  let readied = 0;
  for (const g of groups.values()) {
    const n = slotsUsedBy(g.size, g.count);
    if (g.carry === 'stowed') stowed += n;
    else readied += n;
  }
  return { stowed, readied };
}

/** An inventory's standing: capacity, use, encumbrance and the Defense it gives. */
export interface InventoryReport {
  readonly capacity: SlotCapacity;
  readonly used: SlotCapacity;
  /** Over either limit: no Attack Rolls and no Toughness Dice (Encumbrance). */
  readonly isEncumbered: boolean;
  readonly hands: number;
  readonly defenseDie: DefenseDie;
  /** Slots of readied armour worn (natural armour not counted). */
  readonly armourSlots: number;
  /** Flat Defense bonus of the best shield readied and held, 0 without one. */
  readonly shieldBonus: number;
  readonly isWearingArmour: boolean;
}

const EPS = 1e-9;

/**
 * Checks what the hands hold and sums up the inventory: each listed hand holds one of the entry's
 * items, except an item too big for one hand, which the listed hands hold together (Hands and
 * Holding; ruling SL-18). Problems name the entry's path.
 */
export function inventoryReport(character: SlamdCharacter): RuleResult<InventoryReport> {
  const traits = character.traits;
  const hands = handsOf(traits);
  const cap = slotValue(handCapacity(traits));
  const load = new Array<number>(hands).fill(0);
  const partials: string[][] = Array.from({ length: hands }, () => []);
  const plainPartial = new Array<boolean>(hands).fill(false);
  for (const [i, e] of character.inventory.entries()) {
    const path = `$.inventory[${i}]`;
    const size = slotValue(e.slots);
    for (const [j, h] of e.hands.entries()) {
      if (h >= hands) return problem('so-long-as-men-die/no-such-hand', `${character.name} has ${hands} hand(s), numbered from 0; hand ${h} does not exist.`, `${path}.hands[${j}]`);
    }
    if (e.hands.length === 0) continue;
    if (size > MAX_HOLDABLE_SLOTS + EPS) return problem('so-long-as-men-die/too-big-to-hold', `${e.label} takes ${size} slots: more than ${MAX_HOLDABLE_SLOTS} cannot be held; carry it instead.`, `${path}.hands`);
    const together = size > cap + EPS;
    if (together) {
      if (size > cap * e.hands.length + EPS) return problem('so-long-as-men-die/needs-more-hands', `${e.label} needs ${Math.ceil(size / cap - EPS)} hands to hold.`, `${path}.hands`);
    } else if (e.hands.length > e.count) {
      return problem('so-long-as-men-die/not-enough-items', `Only ${e.count} ${e.label} to hold, in ${e.hands.length} hands.`, `${path}.hands`);
    }
    const isFreeHand = e.kind === 'weapon' && (() => {
      const w = findWeapon(e.itemId);
      return w !== undefined && hasQuality(w, 'free-hand');
    })();
    for (const h of e.hands) {
      if (isPartial(e.slots) && cap >= 1 - EPS) {
        partials[h]!.push(e.itemId);
        if (partials[h]!.length > MAX_PARTIALS_PER_HAND) return problem('so-long-as-men-die/too-many-partials', `Hand ${h} holds more than ${MAX_PARTIALS_PER_HAND} different partial items.`, `${path}.hands`);
        if (!isFreeHand) plainPartial[h] = true;
      } else {
        load[h]! += together ? size / e.hands.length : size;
      }
    }
  }
  for (let h = 0; h < hands; h++) {
    const total = load[h]! + (plainPartial[h] ? 1 : 0);
    if (total > cap + EPS) {
      const idx = character.inventory.findIndex((e) => e.hands.includes(h));
      return problem('so-long-as-men-die/hand-overloaded', `Hand ${h} holds ${total} slots; a hand holds ${cap} (partial items share one slot; Free Hand items beside a whole one).`, `$.inventory[${idx}].hands`);
    }
  }
  const capacity = slotCapacity(character.stats.str.score, character.stats.dex.score, traits);
  const used = slotsUsed(character.inventory);
  let armourSlots = 0;
  let shieldBonus = 0;
  for (const e of character.inventory) {
    if (e.carry !== 'readied') continue;
    if (e.kind === 'armour' && ARMOUR.some((a) => a.id === e.itemId)) armourSlots += slotsUsedBy(e.slots, e.count);
    if (e.kind === 'shield' && e.hands.length > 0) {
      const s = SHIELDS.find((x) => x.id === e.itemId);
      if (s !== undefined) shieldBonus = Math.max(shieldBonus, s.defenseBonus);
    }
  }
  let defenseDie = defenseDieForSlots(armourSlots);
  for (const t of traitEffects(traits)) {
    if (t.kind !== 'natural-armour') continue;
    const natural = ARMOUR.find((a) => a.id === t.armourId)?.defenseDie ?? 0;
    if (natural > defenseDie) defenseDie = natural;
  }
  return ok({
    capacity, used, isEncumbered: used.stowed > capacity.stowed || used.readied > capacity.readied,
    hands, defenseDie, armourSlots, shieldBonus, isWearingArmour: armourSlots > 0,
  });
}
