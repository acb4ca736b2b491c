/**
 * The changes of gear: coins, items added and removed, armour and shield worn, notches on armour and
 * weapons and their repair, arrows shot and recovered. Every one that moves the load says how the
 * encumbrance stands after it (it is worked out from the sheet, never stored). Wires
 * notches-and-arrows.ts and encumbrance.ts. Rules: The Bare Bones, Dead Weight; Live by the Sword >
 * Armor, Missiles, Critical Hits and Notches, Weapons (Hammers); Dwarves (Handy if Not Handsome);
 * rulings BB-21, BB-25, BB-30 .. BB-32.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import { MAX_ARROWS, MAX_COINS, MAX_INVENTORY_ITEMS, MAX_ITEM_SLOTS, MAX_NAME_LENGTH, armourClassOf, type BareBonesCharacter, type InventoryEntry } from './character.js';
import { ARMOURS, MIN_NOTCHED_ARMOUR_CLASS, SHIELD, armour, type ArmourId } from './data/armour.js';
import { MAX_NOTCHES } from './damage.js';
import { encumbranceOf } from './encumbrance.js';
import { notchArmour, recoverArrows, repairArmour, shootArrow, type ArrowCount } from './notches-and-arrows.js';
import { kebabOf } from './play-advance.js';
import { CAUSE_PARAM, defineKind, flag, made, num, optNum, summaryOf, text, type PlayKind } from './play-kit.js';
import { REF_ENCUMBRANCE, REF_USAGE, refClass, refCombat } from './refs.js';
import { USAGE_CHAIN } from './usage-dice.js';

/** Most entries one `item-add` puts on the sheet (three torches, ten spikes). */
export const MAX_ITEMS_PER_ADD = 20;

/** "Load 9 slots of 11 (CON): unencumbered -> encumbered", or the same level kept. */
export function loadLine(before: BareBonesCharacter, after: BareBonesCharacter): string {
  const b = encumbranceOf(before);
  const a = encumbranceOf(after);
  const level = a.level === b.level ? a.level : `${b.level} -> ${a.level}`;
  const effects = a.level === 'unencumbered' ? '' : `; disadvantage on ${a.disadvantageOn.join(', ')}${after.class === 'sorcerer' ? '; no spellcasting' : ''}`;
  return `load ${b.slots === a.slots ? a.slots : `${b.slots} -> ${a.slots}`} slots (unencumbered up to ${a.unencumberedMax}, encumbered up to ${a.encumberedMax}): ${level}${effects} (Dead Weight)`;
}

// ---------- coins ----------

const coinsKind = defineKind<{ readonly amount: number; readonly cause: string | undefined }>({
  def: {
    id: 'coins',
    label: 'Coins',
    help: 'Coins gained (positive) or spent (negative); a hundred coins take an inventory slot.',
    ref: REF_ENCUMBRANCE,
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'amount', kind: 'integer', label: 'Coins', help: 'Coins gained, or spent when negative.', min: -MAX_COINS, max: MAX_COINS, isRequired: true, example: 25 },
      CAUSE_PARAM,
    ],
  },
  read(c, v) {
    const amount = num(v, 'amount');
    if (amount === 0) return problem('bare-bones/no-coins', 'Give the coins gained, or spent as a negative number; 0 changes nothing.', '$.amount');
    if (c.coins + amount < 0) return problem('bare-bones/not-enough-coins', `Only ${c.coins} coins to spend; spend at most ${c.coins}.`, '$.amount');
    if (c.coins + amount > MAX_COINS) return problem('bare-bones/coins-limit', `A sheet holds at most ${MAX_COINS} coins; gain at most ${MAX_COINS - c.coins}.`, '$.amount');
    return ok({ amount, cause: text(v, 'cause') });
  },
  roll(_rng, c, p) {
    const after = { ...c, coins: c.coins + p.amount };
    return made(after, summaryOf(p.cause, `${p.amount > 0 ? '+' : ''}${p.amount} coins (${c.coins} -> ${after.coins})`), [`coins ${c.coins} -> ${after.coins}, 100 to a slot`, loadLine(c, after)]);
  },
});

// ---------- items ----------

/** The entries of `c`'s inventory that `name` names (by id, else by label, case-insensitive). */
function matching(c: BareBonesCharacter, name: string): number[] {
  const key = name.toLowerCase();
  const byId = c.inventory.flatMap((e, i) => (e.id === key ? [i] : []));
  return byId.length > 0 ? byId : c.inventory.flatMap((e, i) => (e.label.toLowerCase() === key ? [i] : []));
}

const itemAddKind = defineKind<{ readonly entry: InventoryEntry; readonly count: number }>({
  def: {
    id: 'item-add',
    label: 'Add an item',
    help: 'An item on the sheet: one slot, two for things carried in two hands, none for what fits in a palm; a usage die (d10, fine work d12) for torches, rations and lockpicks.',
    ref: `${REF_ENCUMBRANCE}; ${REF_USAGE}`,
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'label', kind: 'text', label: 'Item', help: 'The item\'s name ("Torch", "Rope, 50ft").', maxLength: MAX_NAME_LENGTH, isRequired: true, example: 'Torch' },
      { name: 'id', kind: 'text', label: 'Id', help: 'A kebab-case id ("torch"); made from the name when left out.', maxLength: MAX_NAME_LENGTH },
      { name: 'slots', kind: 'integer', label: 'Slots', help: 'Inventory slots it takes: 1, 2 if it takes two hands, 0 at the bottom of the bag.', min: 0, max: MAX_ITEM_SLOTS, default: 1 },
      { name: 'usage-die', kind: 'die', label: 'Usage die', help: 'Its usage die, if it has one: usually d10, d12 for fine work.', sides: [...USAGE_CHAIN.sides] },
      { name: 'count', kind: 'integer', label: 'How many', help: 'Entries to add, each its own item.', min: 1, max: MAX_ITEMS_PER_ADD, default: 1 },
    ],
  },
  read(c, v) {
    const label = text(v, 'label');
    if (label === undefined) return problem('bare-bones/empty-text', 'Name the item.', '$.label');
    const given = text(v, 'id');
    const id = given ?? kebabOf(label);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) return problem('bare-bones/bad-id', given === undefined ? 'The name needs a letter or digit to make an id from; give an id (like "torch").' : 'An id is kebab-case, like "torch" or "rope-50ft".', given === undefined ? '$.label' : '$.id');
    const count = num(v, 'count');
    if (c.inventory.length + count > MAX_INVENTORY_ITEMS) return problem('bare-bones/too-many', `A sheet holds at most ${MAX_INVENTORY_ITEMS} items; it has ${c.inventory.length}: add at most ${MAX_INVENTORY_ITEMS - c.inventory.length}.`, '$.count');
    return ok({ entry: { id, label, slots: num(v, 'slots'), usageDie: optNum(v, 'usage-die') ?? null, notches: 0 }, count });
  },
  roll(_rng, c, p) {
    const after = { ...c, inventory: [...c.inventory, ...Array.from({ length: p.count }, () => p.entry)] };
    const what = `${p.count > 1 ? `${p.count} x ` : ''}${p.entry.label}`;
    const lines = [`${what}: ${p.entry.slots} slot${p.entry.slots === 1 ? '' : 's'} each${p.entry.usageDie === null ? '' : `, usage die d${p.entry.usageDie}`}`, loadLine(c, after)];
    return made(after, `Added ${what}`, lines);
  },
});

const itemRemoveKind = defineKind<{ readonly indices: readonly number[]; readonly label: string }>({
  def: {
    id: 'item-remove',
    label: 'Remove an item',
    help: 'Take items off the sheet (used up, dropped, sold, broken beyond repair).',
    ref: REF_ENCUMBRANCE,
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'item', kind: 'text', label: 'Item', help: 'The item\'s id or name.', maxLength: MAX_NAME_LENGTH, isRequired: true, example: 'torch' },
      { name: 'count', kind: 'integer', label: 'How many', help: 'Entries of that item to remove, the first ones listed.', min: 1, max: MAX_INVENTORY_ITEMS, default: 1 },
    ],
  },
  read(c, v) {
    const name = text(v, 'item');
    const found = name === undefined ? [] : matching(c, name);
    if (found.length === 0) return problem('bare-bones/no-such-item', `No item ${JSON.stringify(name ?? '')} on the sheet; give the id or name of one of: ${c.inventory.map((e) => e.id).join(', ') || '(none)'}.`, '$.item');
    const count = num(v, 'count');
    if (count > found.length) return problem('bare-bones/not-enough-items', `Only ${found.length} ${c.inventory[found[0]!]!.label} on the sheet; remove at most ${found.length}.`, '$.count');
    return ok({ indices: found.slice(0, count), label: c.inventory[found[0]!]!.label });
  },
  roll(_rng, c, p) {
    const after = { ...c, inventory: c.inventory.filter((_e, i) => !p.indices.includes(i)) };
    const what = `${p.indices.length > 1 ? `${p.indices.length} x ` : ''}${p.label}`;
    return made(after, `Removed ${what}`, [`${what} off the sheet`, loadLine(c, after)]);
  },
});

// ---------- armour ----------

const armourKind = defineKind<{ readonly armour: ArmourId; readonly hasShield: boolean }>({
  def: {
    id: 'armour',
    label: 'Armour and shield',
    help: 'Put on or take off armour (none AC 8, light 10, medium 11, heavy 13) and a shield (+2 AC); they take 2, 3 or 5 slots, the shield 2. Other armour comes without notches.',
    ref: `${refCombat('Armor')}; ${REF_ENCUMBRANCE}`,
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'armour', kind: 'choice', label: 'Armour', help: 'The armour worn now (unchanged when left out).', choices: ARMOURS.map((a) => ({ id: a.id, label: a.label })), example: 'light' },
      { name: 'shield', kind: 'boolean', label: 'Shield', help: 'Carrying a shield now (unchanged when left out).' },
    ],
  },
  read(c, v) {
    const a = (v['armour'] as ArmourId | undefined) ?? c.armour;
    const shield = v['shield'] === undefined ? c.hasShield : v['shield'] === true;
    if (a === c.armour && shield === c.hasShield) return problem('bare-bones/nothing-to-change', `Already ${armour(a).label.toLowerCase()}${shield ? ' and a shield' : ''}: pick other armour or change the shield.`, '$.armour');
    return ok({ armour: a, hasShield: shield });
  },
  roll(_rng, c, p) {
    // Other armour is another suit: its notches are its own (none); the shield alone keeps the notches, stopped at AC 8 (ruling BB-32).
    const floor = armour(p.armour).armourClass + (p.hasShield ? SHIELD.armourClassBonus : 0) - MIN_NOTCHED_ARMOUR_CLASS;
    const notches = p.armour === c.armour ? Math.min(c.armourNotches, floor) : 0;
    const after = { ...c, armour: p.armour, hasShield: p.hasShield, armourNotches: notches };
    const worn = `${armour(p.armour).label}${p.hasShield ? ' and a shield' : ''}`;
    const lines = [`${worn}: Armor Class ${armourClassOf(c)} -> ${armourClassOf(after)}`];
    if (notches !== c.armourNotches) lines.push(`notches ${c.armourNotches} -> ${notches}`);
    lines.push(loadLine(c, after));
    return made(after, `${worn}: AC ${armourClassOf(c)} -> ${armourClassOf(after)}`, lines);
  },
});

// ---------- notches ----------

interface NotchTarget {
  /** `null`: the armour; else the inventory entry's index. */
  readonly index: number | null;
}

const PART_PARAMS = [
  { name: 'part', kind: 'choice', label: 'What', help: 'The armour, or an item (a weapon) of the inventory.', choices: [{ id: 'armour', label: 'Armour' }, { id: 'item', label: 'An item' }], default: 'armour' },
  { name: 'item', kind: 'text', label: 'Item', help: 'The item\'s id or name, when part is item.', maxLength: MAX_NAME_LENGTH },
] as const;

function readPart(c: BareBonesCharacter, v: Readonly<Record<string, unknown>>): RuleResult<NotchTarget> {
  const name = typeof v['item'] === 'string' && v['item'].trim() !== '' ? v['item'].trim() : undefined;
  if (v['part'] === 'armour') {
    if (name !== undefined) return problem('bare-bones/item-for-armour', 'The armour is not an inventory item: leave item out, or set part to item.', '$.item');
    return ok({ index: null });
  }
  if (name === undefined) return problem('bare-bones/item-needed', 'Name the item (its id or name).', '$.item');
  const found = matching(c, name);
  if (found.length === 0) return problem('bare-bones/no-such-item', `No item ${JSON.stringify(name)} on the sheet; give the id or name of one of: ${c.inventory.map((e) => e.id).join(', ') || '(none)'}.`, '$.item');
  return ok({ index: found[0]! });
}

const notchKind = defineKind<NotchTarget & { readonly isHammer: boolean }>({
  def: {
    id: 'notch',
    label: 'Notch',
    help: 'A natural 20 defending notches the armour (AC -1, never below 8); a melee attacker\'s natural 20 notches the weapon (its damage die a step down). A hammer\'s top damage notches heavy armour. Until repaired.',
    ref: `${refCombat('Critical Hits and Notches')}; ${refCombat('Weapons')}`,
    by: 'owner',
    rollsDice: false,
    params: [
      ...PART_PARAMS,
      { name: 'cause', kind: 'choice', label: 'Cause', help: 'A natural 20, or a hammer\'s top damage (heavy armour only).', choices: [{ id: 'natural-20', label: 'A natural 20' }, { id: 'hammer', label: 'A hammer\'s top damage' }], default: 'natural-20' },
    ],
  },
  read(c, v) {
    const t = readPart(c, v);
    if (!t.ok) return t;
    const isHammer = v['cause'] === 'hammer';
    if (isHammer && (t.value.index !== null || c.armour !== 'heavy')) return problem('bare-bones/hammer-heavy-only', 'A hammer\'s top damage notches heavy armour only: set cause to natural-20.', '$.cause');
    if (t.value.index !== null && c.inventory[t.value.index]!.notches >= MAX_NOTCHES) return problem('bare-bones/notches-limit', `${c.inventory[t.value.index]!.label} has ${MAX_NOTCHES} notches, the most a sheet records: repair it.`, '$.item');
    return ok({ ...t.value, isHammer });
  },
  roll(_rng, c, p) {
    const why = p.isHammer ? 'a hammer\'s top damage' : 'a natural 20';
    if (p.index === null) {
      const r = notchArmour(c);
      if (!r.isNotched) return made(c, `Armour notch (${why}): AC stays ${armourClassOf(c)}, the floor`, [`the armour is at AC ${MIN_NOTCHED_ARMOUR_CLASS}${c.race === 'halfling' ? ' (before Small Fellows)' : ''}: it takes no more notches (ruling BB-21)`]);
      return made(r.character, `Armour notched (${why}): AC ${armourClassOf(c)} -> ${armourClassOf(r.character)}`, [`${why}: the armour is notched, AC -1 until repaired (${r.character.armourNotches} notch${r.character.armourNotches === 1 ? '' : 'es'})`]);
    }
    const item = c.inventory[p.index]!;
    const notched = { ...item, notches: item.notches + 1 };
    const after = { ...c, inventory: c.inventory.map((e, i) => (i === p.index ? notched : e)) };
    return made(after, `${item.label} notched: ${notched.notches} notch${notched.notches === 1 ? '' : 'es'}`, [`a natural 20 attacking: ${item.label}'s damage die drops ${notched.notches} step${notched.notches === 1 ? '' : 's'} until repaired (ruling BB-30; the damage check's notches)`]);
  },
});

const repairKind = defineKind<NotchTarget>({
  def: {
    id: 'repair',
    label: 'Repair',
    help: 'Mend every notch of the armour or of one item: a dwarf at camp (Handy if Not Handsome) or a smith in town.',
    ref: `${refCombat('Critical Hits and Notches')}; ${refClass('Dwarves')}`,
    by: 'owner',
    rollsDice: false,
    params: [...PART_PARAMS],
  },
  read: (c, v) => readPart(c, v),
  roll(_rng, c, p) {
    if (p.index === null) {
      const after = repairArmour(c);
      return made(after, `Armour repaired: AC ${armourClassOf(c)} -> ${armourClassOf(after)}`, [c.armourNotches === 0 ? 'the armour had no notches' : `${c.armourNotches} notch${c.armourNotches === 1 ? '' : 'es'} mended`]);
    }
    const item = c.inventory[p.index]!;
    const after = { ...c, inventory: c.inventory.map((e, i) => (i === p.index ? { ...e, notches: 0 } : e)) };
    return made(after, `${item.label} repaired`, [item.notches === 0 ? `${item.label} had no notches` : `${item.notches} notch${item.notches === 1 ? '' : 'es'} mended`]);
  },
});

// ---------- arrows ----------

const shootKind = defineKind<{ readonly hits: number; readonly misses: number }>({
  def: {
    id: 'arrows-shot',
    label: 'Arrows shot',
    help: 'Arrows that hit are lost (they break off); those that miss lie about and can be recovered after the fight.',
    ref: refCombat('Missiles'),
    by: 'owner',
    rollsDice: false,
    params: [
      { name: 'hits', kind: 'integer', label: 'Hits', help: 'Arrows that hit: lost.', min: 0, max: MAX_ARROWS, default: 0, example: 1 },
      { name: 'misses', kind: 'integer', label: 'Misses', help: 'Arrows that missed: recoverable after the fight.', min: 0, max: MAX_ARROWS, default: 0, example: 2 },
    ],
  },
  read(c, v) {
    const hits = num(v, 'hits');
    const misses = num(v, 'misses');
    if (hits + misses === 0) return problem('bare-bones/no-arrows-shot', 'Give the arrows that hit, missed, or both.', '$.hits');
    if (hits + misses > c.arrows) return problem('bare-bones/no-arrows', `Only ${c.arrows} arrows in the quiver; recover arrows after the fight or buy more.`, '$.hits');
    if (c.arrowsToRecover + misses > MAX_ARROWS) return problem('bare-bones/arrows-limit', `At most ${MAX_ARROWS} arrows lie about on one sheet.`, '$.misses');
    return ok({ hits, misses });
  },
  roll(_rng, c, p) {
    let a: ArrowCount = { quiver: c.arrows, recoverable: c.arrowsToRecover };
    for (let i = 0; i < p.hits + p.misses; i++) {
      const r = shootArrow(a, i < p.hits);
      if (!r.ok) return r;
      a = r.value;
    }
    const after = { ...c, arrows: a.quiver, arrowsToRecover: a.recoverable };
    return made(after, `Shot ${p.hits + p.misses} arrows: ${p.hits} lost, ${p.misses} to recover; quiver ${c.arrows} -> ${after.arrows}`, [`${p.hits} hit and broke off, ${p.misses} missed and can be picked up after the fight (${after.arrowsToRecover} lying about)`, loadLine(c, after)]);
  },
});

const recoverKind = defineKind<{ readonly isAbandoned: boolean }>({
  def: {
    id: 'arrows-recovered',
    label: 'Arrows recovered',
    help: 'After the fight the arrows that missed go back in the quiver (or are left behind).',
    ref: refCombat('Missiles'),
    by: 'owner',
    rollsDice: false,
    params: [{ name: 'abandon', kind: 'boolean', label: 'Leave them', help: 'The arrows lying about are left behind and lost.', default: false }],
  },
  read: (_c, v) => ok({ isAbandoned: flag(v, 'abandon') }),
  roll(_rng, c, p) {
    if (p.isAbandoned) return made({ ...c, arrowsToRecover: 0 }, `Left ${c.arrowsToRecover} arrows behind`, [`${c.arrowsToRecover} arrows left lying about`]);
    const a = recoverArrows({ quiver: c.arrows, recoverable: c.arrowsToRecover });
    const after = { ...c, arrows: a.quiver, arrowsToRecover: a.recoverable };
    const lines = [c.arrowsToRecover === 0 ? 'no arrows lie about' : `${after.arrows - c.arrows} arrows picked up`];
    if (after.arrows - c.arrows < c.arrowsToRecover) lines.push(`the sheet holds at most ${MAX_ARROWS} arrows`);
    lines.push(loadLine(c, after));
    return made(after, `Recovered arrows: quiver ${c.arrows} -> ${after.arrows}`, lines);
  },
});

/** The change kinds of gear. */
export const GEAR_KINDS: readonly PlayKind[] = [coinsKind, itemAddKind, itemRemoveKind, armourKind, notchKind, repairKind, shootKind, recoverKind];
