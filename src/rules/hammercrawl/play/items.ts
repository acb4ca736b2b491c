/**
 * The changes to what a character carries: `coins`, `item-add`, `item-remove` and `item-move` (between
 * the hands, worn, packed and bags), through the library's inventory operations. After each, what the
 * rules derive from the inventory is recomputed: encumbrance (a change that makes it break the rules
 * more is refused), the Armour Die when the worn armour changes, and passive Defense when a Defensive
 * weapon or shield is taken up or put away.
 * Rules: HAMMERCRAWL! v4, EQUIPMENT (ENCUMBRANCE, ARMOUR, BAG ITEMS); CHARACTER CREATION (Starting
 * Equipment: coins). Rulings: docs/rulings.md (INV-1 .. INV-19, PL-3, PL-10 .. PL-12).
 */
import { ok, type ParamDef, type RuleResult } from '../../rule-system.js';
import { MAX_DOCUMENT_NUMBER, dieText, type Character } from '../character.js';
import { CARRY_MODES, ENCUMBRANCE_METHODS, GEAR_SIZES, type CarryModeId, type EncumbranceMethodId, type GearSize } from '../data/gear.js';
import { baseArmourDie, classById, passiveDefense } from '../derived.js';
import type { InventoryItem } from '../inventory-item.js';
import {
  DEFAULT_ENCUMBRANCE_METHOD,
  MAX_INVENTORY_LINES,
  MAX_ITEM_QUANTITY,
  addItem,
  encumbrance,
  lookupItem,
  makeItem,
  moveItem,
  removeItem,
  type EncumbranceReport,
  type Inventory,
  type InventoryProblem,
  type InventoryResult,
  type Placement,
} from '../inventory.js';
import { RESOURCE_DICE } from '../resource-die.js';
import { MAX_SOURCE_LENGTH, PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { numberOf, refuse, textOf, type Read } from './params.js';

/** Longest item id or label a change takes. */
export const MAX_ITEM_TEXT_LENGTH = 60;

/** Item ids are kebab-case, as the document's validator reads them. */
const ITEM_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const ITEM: ParamDef = { name: 'item', kind: 'text', maxLength: MAX_ITEM_TEXT_LENGTH, isRequired: true, label: 'Item', help: 'the item id (a table id like torch or sack-2, or a free-text item id)', example: 'torch' };
const LINE: ParamDef = { name: 'line', kind: 'integer', min: 0, max: MAX_INVENTORY_LINES - 1, label: 'Line', help: 'the inventory line (from 0), when several lines hold that item' };
const QUANTITY: ParamDef = { name: 'quantity', kind: 'integer', min: 1, max: MAX_ITEM_QUANTITY, label: 'Quantity', help: 'how many (all of the line when left empty)' };
const IN: ParamDef = { name: 'in', kind: 'text', maxLength: MAX_ITEM_TEXT_LENGTH, label: 'In bag', help: 'for a packed item: the bag it goes in (satchel, sack-2); empty for the base Stow slots' };
const ARMOUR_DIE: ParamDef = {
  name: 'armour-die',
  kind: 'die',
  sides: RESOURCE_DICE,
  label: 'Armour Die now',
  help: 'armour put on that is worn down: the die it is at (its whole die when left empty, PL-3)',
};
const METHOD: ParamDef = {
  name: 'encumbrance',
  kind: 'choice',
  choices: ENCUMBRANCE_METHODS.map((m) => ({ id: m.id, label: m.label })),
  default: DEFAULT_ENCUMBRANCE_METHOD,
  label: 'Encumbrance',
  help: "the Smith's way of counting slots: the Easy Way (one pool) or the Fun Way (each bag)",
};
const CARRY_CHOICES = CARRY_MODES.map((m) => ({ id: m.id, label: m.label }));

// ---- what the inventory derives ------------------------------------------------------------------

/** The invalid problems of a report, by code: how many, and how far over (slots or hands). */
function weightOf(report: EncumbranceReport): Map<string, { count: number; over: number }> {
  const out = new Map<string, { count: number; over: number }>();
  for (const p of report.problems) {
    if (p.severity !== 'invalid') continue;
    const w = out.get(p.code) ?? { count: 0, over: 0 };
    out.set(p.code, { count: w.count + 1, over: w.over + (p.overBy ?? 0) });
  }
  return out;
}

/** The first problem of `after` that makes the inventory break its rules more than `before` did, if any (PL-10). */
function worsened(before: EncumbranceReport, after: EncumbranceReport): InventoryProblem | undefined {
  const was = weightOf(before);
  for (const [code, w] of weightOf(after)) {
    const b = was.get(code) ?? { count: 0, over: 0 };
    if (w.count > b.count || w.over > b.over) return after.problems.find((p) => p.code === code && p.severity === 'invalid');
  }
  return undefined;
}

function reportOf(c: Character, inventory: Inventory, method: EncumbranceMethodId): EncumbranceReport {
  return encumbrance(inventory, { stowSlots: c.stowSlots, strScore: c.stats.STR.score, method });
}

/** The parameter an inventory problem is about, by its code. */
function paramOfProblem(code: string, placeParam: string): string {
  if (code.startsWith('inventory/size')) return 'size';
  if (['inventory/unknown-bag', 'inventory/ambiguous-bag', 'inventory/bag-cycle', 'inventory/in-not-packed', 'inventory/too-big-for-bag', 'inventory/not-for-this-bag', 'inventory/hook-not-mounted', 'inventory/bag-not-worn'].includes(code)) return 'in';
  if (['inventory/bad-quantity', 'inventory/quantity-limit', 'inventory/not-enough'].includes(code)) return 'quantity';
  if (['inventory/not-wearable', 'inventory/worn-twice', 'inventory/huge-not-held', 'inventory/hands-full', 'inventory/not-packable', 'inventory/over-capacity'].includes(code)) return placeParam;
  return 'item';
}

function inventoryRefusal(e: InventoryProblem, placeParam: string): RuleResult<never> {
  return refuse(e.code, e.message, paramOfProblem(e.code, placeParam));
}

/** What the new inventory makes of the character: encumbrance, the Armour Die, Defense; and the lines saying so. */
interface Carried {
  readonly character: Character;
  readonly explanation: readonly string[];
}

/**
 * `c` with `inventory`: refused when encumbrance breaks its rules more than before (PL-10); the Armour
 * Die recomputed when what soaks changes (PL-3, the new armour at `armourDie` or whole); Defense moved by
 * what the held items change of it (passive Defense, CR-19), so a Smith's edit of it is kept.
 */
function carry(c: Character, inventory: Inventory, p: Read, placeParam: string): RuleResult<Carried> {
  const method = (textOf(p, 'encumbrance') ?? DEFAULT_ENCUMBRANCE_METHOD) as EncumbranceMethodId;
  const before = reportOf(c, c.inventory, method);
  const after = reportOf(c, inventory, method);
  const worse = worsened(before, after);
  if (worse !== undefined) return inventoryRefusal(worse, placeParam);
  const cls = classById(c.class);
  const oldArmour = baseArmourDie(cls, c.classPicks, c.inventory);
  const newArmour = baseArmourDie(cls, c.classPicks, inventory);
  const given = numberOf(p, 'armour-die');
  const lines: string[] = [];
  let armourDie = c.armourDie;
  let baseArmour = c.baseArmourDie;
  if (newArmour.source !== oldArmour.source) {
    if (given !== undefined && (newArmour.sides === null || newArmour.source === 'unarmoured')) {
      return refuse('item/armour-die-unused', 'an Armour Die is given only for armour put on; leave it empty.', 'armour-die');
    }
    if (given !== undefined && given > newArmour.sides!) {
      return refuse('item/armour-die-above-base', `d${given} is above the armour's whole die d${newArmour.sides} (${newArmour.text}); give d${newArmour.sides} or less.`, 'armour-die');
    }
    if (c.armourDie !== c.baseArmourDie && oldArmour.source !== null && oldArmour.source !== 'unarmoured') {
      lines.push(`${labelOfItem(oldArmour.source)} comes off at ${c.armourDie ?? 'destroyed'} of ${c.baseArmourDie}: write its die again (armour-die) when it is put back on (PL-3)`);
    }
    baseArmour = newArmour.sides === null ? null : dieText(newArmour.sides);
    armourDie = newArmour.sides === null ? null : dieText(given ?? newArmour.sides);
    lines.push(`Armour Die: ${c.armourDie ?? 'none'} -> ${armourDie ?? 'none'} (${newArmour.text})`);
  } else if (given !== undefined) {
    return refuse('item/armour-die-unused', 'an Armour Die is given only for armour put on; leave it empty.', 'armour-die');
  }
  const defBefore = passiveDefense(c.stats, c.inventory, cls, c.classPicks, c.level).value;
  const defAfter = passiveDefense(c.stats, inventory, cls, c.classPicks, c.level).value;
  const defense = Math.max(0, c.defense + defAfter - defBefore);
  if (defense !== c.defense) lines.push(`Defense: ${c.defense} -> ${defense} (held Defensive items)`);
  lines.push(
    `Encumbrance (${method === 'easy' ? 'the Easy Way' : 'the Fun Way'}): Stow slots ${after.slots.used} of ${after.slots.capacity} used; hands ${after.held.handsUsed} of ${after.held.hands}`,
    ...after.problems.filter((x) => !before.problems.some((b) => b.message === x.message)).map((x) => `${x.severity}: ${x.message}`),
  );
  return ok({ character: { ...c, inventory, armourDie, baseArmourDie: baseArmour, defense }, explanation: lines });
}

function labelOfItem(id: string): string {
  return lookupItem(id)?.label ?? id;
}

function lineText(item: InventoryItem, quantity: number): string {
  const label = item.label ?? labelOfItem(item.id);
  return quantity === 1 ? label : `${quantity} x ${label}`;
}

function placeText(place: Placement): string {
  if (place.carried === 'packed') return place.in === undefined ? 'packed' : `packed in ${labelOfItem(place.in)}`;
  return place.carried;
}

function placementOf(p: Read, carriedParam: string): RuleResult<Placement> {
  const carried = textOf(p, carriedParam) as CarryModeId;
  const bag = textOf(p, 'in')?.trim();
  if (bag !== undefined && bag !== '') {
    if (carried !== 'packed') return refuse('item/in-not-packed', `only a packed item goes in a bag; this one is ${carried} (leave "in" empty, or pack it).`, 'in');
    return ok({ carried: 'packed', in: bag });
  }
  return ok({ carried } as Placement);
}

/** Coins after `amount` (signed), or a refusal at `param`. */
function coinsAfter(c: Character, amount: number, param: string): RuleResult<number> {
  const coins = c.coins + amount;
  if (coins < 0) return refuse('coins/not-enough', `${c.name} has ${c.coins} coins, ${-amount} are needed (${-coins} short).`, param);
  if (coins > MAX_DOCUMENT_NUMBER) return refuse('coins/too-many', `${c.name} would hold ${coins} coins, more than a document keeps (${MAX_DOCUMENT_NUMBER}).`, param);
  return ok(coins);
}

/** The line a change names: `line` when given (it must hold `item`), else the one line holding `item`. */
function lineOf(c: Character, p: Read, isCandidate: (item: InventoryItem) => boolean = () => true): RuleResult<number> {
  const id = textOf(p, 'item')!.trim();
  const at = numberOf(p, 'line');
  if (at !== undefined) {
    if (c.inventory[at]?.id !== id) return refuse('item/no-such-line', `line ${at} does not hold ${id}${c.inventory[at] ? ` (it holds ${c.inventory[at]!.id})` : ` (the inventory has ${c.inventory.length} lines)`}.`, 'line');
    return ok(at);
  }
  const lines = c.inventory.flatMap((item, i) => (item.id === id ? [i] : []));
  if (lines.length === 0) return refuse('item/not-found', `${c.name} carries no ${id}; the items are ${[...new Set(c.inventory.map((i) => i.id))].join(', ') || 'none'}.`, 'item');
  const candidates = lines.filter((i) => isCandidate(c.inventory[i]!));
  if (candidates.length === 1) return ok(candidates[0]!);
  if (candidates.length === 0) return refuse('item/nothing-to-move', `every line of ${id} is already there (lines ${lines.join(', ')}).`, 'item');
  return refuse('item/ambiguous', `lines ${candidates.join(', ')} hold ${id}; give the line.`, 'line');
}

// ---- coins -----------------------------------------------------------------------------------------

const COINS_PARAMS: readonly ParamDef[] = [
  { name: 'amount', kind: 'integer', min: -MAX_DOCUMENT_NUMBER, max: MAX_DOCUMENT_NUMBER, isRequired: true, label: 'Coins', help: 'coins gained (+) or spent (-)', example: -5 },
  { name: 'reason', kind: 'text', maxLength: MAX_SOURCE_LENGTH, default: '', label: 'Reason', help: 'what for ("treasure", "a round at the inn")' },
];

function rollCoins(c: Character, p: Read): RuleResult<ChangeResult> {
  const amount = numberOf(p, 'amount')!;
  if (amount === 0) return refuse('coins/zero', 'give the coins gained (+) or spent (-); 0 changes nothing.', 'amount');
  const coins = coinsAfter(c, amount, 'amount');
  if (!coins.ok) return coins;
  const reason = textOf(p, 'reason')?.trim() || (amount > 0 ? 'Coins gained' : 'Coins spent');
  return ok({
    character: { ...c, coins: coins.value },
    summary: `${reason}: ${amount > 0 ? '+' : ''}${amount} coins, ${c.coins} -> ${coins.value}`,
    explanation: [`${amount > 0 ? '+' : ''}${amount} coins: ${c.coins} -> ${coins.value}; coins kept as a number weigh nothing (carry a coin line to count them, INV-19)`],
    dice: [],
  });
}

/** `coins`: coins gained or spent. */
export const COINS_CHANGE: ChangeKind = {
  def: { id: 'coins', label: 'Coins', help: 'gain or spend coins (never below 0)', ref: `${PLAY_REF}, CHARACTER CREATION (Starting Equipment)`, by: 'owner', rollsDice: false, params: COINS_PARAMS },
  roll: (_rng, c, p) => rollCoins(c, p),
};

// ---- item-add --------------------------------------------------------------------------------------

const ADD_PARAMS: readonly ParamDef[] = [
  ITEM,
  { name: 'label', kind: 'text', maxLength: MAX_ITEM_TEXT_LENGTH, label: 'Label', help: 'a name for an item the tables do not know ("Goblin king\'s crown")' },
  { name: 'size', kind: 'choice', choices: GEAR_SIZES.map((s) => ({ id: s.id, label: s.label })), label: 'Size', help: 'the gear size; needed for a free-text item or one the tables give no size' },
  { name: 'quantity', kind: 'integer', min: 1, max: MAX_ITEM_QUANTITY, default: 1, label: 'Quantity', help: 'how many' },
  { name: 'carried', kind: 'choice', choices: CARRY_CHOICES, default: 'packed', label: 'Carried', help: 'held in the hands, worn, or packed' },
  IN,
  { name: 'resource-die', kind: 'die', sides: RESOURCE_DICE, label: 'Resource die', help: 'a resource die kept on the item (rations, ammo); d8 is a common item (EQUIPMENT)' },
  ARMOUR_DIE,
  { name: 'cost', kind: 'integer', min: 0, max: MAX_DOCUMENT_NUMBER, default: 0, label: 'Cost', help: 'coins paid for it (the text prints no prices: the Smith names them)' },
  METHOD,
];

function rollAdd(c: Character, p: Read): RuleResult<ChangeResult> {
  const id = textOf(p, 'item')!.trim();
  if (!ITEM_ID.test(id)) return refuse('item/bad-id', `an item id is kebab-case (torch, rope-50ft, sack-2), got "${id}".`, 'item');
  const place = placementOf(p, 'carried');
  if (!place.ok) return place;
  const size = textOf(p, 'size') as GearSize | undefined;
  const label = textOf(p, 'label')?.trim();
  const made = makeItem(id, place.value, { quantity: numberOf(p, 'quantity')!, ...(size !== undefined ? { size } : {}), ...(label ? { label } : {}) });
  if (!made.ok) return inventoryRefusal(made.error, 'carried');
  const resourceDie = numberOf(p, 'resource-die');
  const item: InventoryItem = resourceDie === undefined ? made.item : { ...made.item, resourceDie };
  const added = addItem(c.inventory, item);
  if (!added.ok) return inventoryRefusal(added.error, 'carried');
  const cost = numberOf(p, 'cost')!;
  const coins = coinsAfter(c, -cost, 'cost');
  if (!coins.ok) return coins;
  const carried = carry({ ...c, coins: coins.value }, added.inventory, p, 'carried');
  if (!carried.ok) return carried;
  const what = lineText(item, item.quantity);
  return ok({
    character: carried.value.character,
    summary: `${what} added (${placeText(place.value)})${cost > 0 ? ` for ${cost} coins` : ''}`,
    explanation: [`${what}: ${placeText(place.value)}, line ${added.at}${cost > 0 ? `; ${cost} coins paid, ${c.coins} -> ${coins.value}` : ''}`, ...carried.value.explanation],
    dice: [],
  });
}

/** `item-add`: an item found, bought or given, where it is carried. */
export const ITEM_ADD_CHANGE: ChangeKind = {
  def: { id: 'item-add', label: 'Add an item', help: 'an item found, bought (its cost in coins) or given, held, worn or packed', ref: `${PLAY_REF}, EQUIPMENT (ENCUMBRANCE)`, by: 'owner', rollsDice: false, params: ADD_PARAMS },
  roll: (_rng, c, p) => rollAdd(c, p),
  prefill: () => ({ carried: 'packed', quantity: 1 }),
};

// ---- item-remove -----------------------------------------------------------------------------------

const REMOVE_PARAMS: readonly ParamDef[] = [
  ITEM,
  LINE,
  QUANTITY,
  { name: 'sold-for', kind: 'integer', min: 0, max: MAX_DOCUMENT_NUMBER, default: 0, label: 'Sold for', help: 'coins gained for it' },
  { name: 'reason', kind: 'text', maxLength: MAX_SOURCE_LENGTH, default: '', label: 'Reason', help: 'why it goes ("eaten", "lost in the river", "sold")' },
  METHOD,
];

function rollRemove(c: Character, p: Read): RuleResult<ChangeResult> {
  const at = lineOf(c, p);
  if (!at.ok) return at;
  const line = c.inventory[at.value]!;
  const quantity = numberOf(p, 'quantity') ?? line.quantity;
  const removed: InventoryResult = removeItem(c.inventory, at.value, quantity);
  if (!removed.ok) return inventoryRefusal(removed.error, 'item');
  const soldFor = numberOf(p, 'sold-for')!;
  const coins = coinsAfter(c, soldFor, 'sold-for');
  if (!coins.ok) return coins;
  const carried = carry({ ...c, coins: coins.value }, removed.inventory, p, 'item');
  if (!carried.ok) return carried;
  const reason = textOf(p, 'reason')?.trim();
  const what = lineText(line, quantity);
  return ok({
    character: carried.value.character,
    summary: `${what} removed${reason ? ` (${reason})` : ''}${soldFor > 0 ? `, sold for ${soldFor} coins` : ''}`,
    explanation: [`${what} from line ${at.value}${soldFor > 0 ? `; ${soldFor} coins gained, ${c.coins} -> ${coins.value}` : ''}`, ...carried.value.explanation],
    dice: [],
  });
}

/** `item-remove`: an item used up, dropped, lost or sold. */
export const ITEM_REMOVE_CHANGE: ChangeKind = {
  def: { id: 'item-remove', label: 'Remove an item', help: 'an item used up, dropped, lost or sold (a bag must be emptied first)', ref: `${PLAY_REF}, EQUIPMENT (ENCUMBRANCE)`, by: 'owner', rollsDice: false, params: REMOVE_PARAMS },
  roll: (_rng, c, p) => rollRemove(c, p),
  prefill: (c) => (c.inventory.length > 0 ? { item: c.inventory[0]!.id } : {}),
};

// ---- item-move -------------------------------------------------------------------------------------

const MOVE_PARAMS: readonly ParamDef[] = [
  ITEM,
  LINE,
  QUANTITY,
  { name: 'to', kind: 'choice', choices: CARRY_CHOICES, isRequired: true, label: 'To', help: 'held in the hands, worn, or packed (in a bag with "in")', example: 'held' },
  IN,
  ARMOUR_DIE,
  METHOD,
];

function rollMove(c: Character, p: Read): RuleResult<ChangeResult> {
  const place = placementOf(p, 'to');
  if (!place.ok) return place;
  const to = place.value;
  const at = lineOf(c, p, (item) => !(item.carried === to.carried && (to.carried !== 'packed' || item.in === to.in)));
  if (!at.ok) return at;
  const line = c.inventory[at.value]!;
  const quantity = numberOf(p, 'quantity') ?? line.quantity;
  const moved = moveItem(c.inventory, at.value, to, quantity);
  if (!moved.ok) return inventoryRefusal(moved.error, 'to');
  const carried = carry(c, moved.inventory, p, 'to');
  if (!carried.ok) return carried;
  const from: Placement = line.carried === 'packed' ? (line.in !== undefined ? { carried: 'packed', in: line.in } : { carried: 'packed' }) : { carried: line.carried };
  const what = lineText(line, quantity);
  return ok({
    character: carried.value.character,
    summary: `${what}: ${placeText(from)} -> ${placeText(to)}`,
    explanation: [`${what} from line ${at.value}: ${placeText(from)} -> ${placeText(to)}`, ...carried.value.explanation],
    dice: [],
  });
}

/** `item-move`: an item taken in hand, put on, or packed away (in a bag). */
export const ITEM_MOVE_CHANGE: ChangeKind = {
  def: {
    id: 'item-move',
    label: 'Move an item',
    help: 'draw, stow, put on or take off an item, or pack it in a bag (Adjust Inventory); hands, worn slots and Stow slots are checked',
    ref: `${PLAY_REF}, EQUIPMENT (ENCUMBRANCE); COMBAT (Adjust Inventory)`,
    by: 'owner',
    rollsDice: false,
    params: MOVE_PARAMS,
  },
  roll: (_rng, c, p) => rollMove(c, p),
  prefill: (c) => (c.inventory.length > 0 ? { item: c.inventory[0]!.id } : {}),
};
