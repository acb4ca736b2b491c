/**
 * Inventory and encumbrance: Held, Worn and Packed; Stow slots by gear size; bags; the Easy Way and the
 * "Fun" Way; hands and what can be held together; STR minimums of worn armour and held weapons; item
 * lookup across the tables; operations that return a new inventory or a typed error. Pure.
 * Rules: HAMMERCRAWL! v4, EQUIPMENT (ENCUMBRANCE, ARMOUR, WEAPONS & SHIELDS, BAG ITEMS); ANATOMY OF A
 * CHARACTER (Stow Slots). Rulings: docs/rulings.md (INV-1 .. INV-19).
 */
import { ARMOUR, ARMOUR_STR_SHORTFALL_STEPS, type Armour } from './data/armour.js';
import {
  BAGS,
  CARRY_MODES,
  ENCUMBRANCE_METHODS,
  GEAR,
  GEAR_SIZES,
  type Bag,
  type CarryModeId,
  type EncumbranceMethodId,
  type GearItem,
  type GearSize,
  type GearSizeRow,
} from './data/gear.js';
import { WEAPONS, WEAPON_STR_SHORTFALL_STEPS, type Weapon } from './data/weapons.js';
import type { InventoryItem } from './inventory-item.js';

// ---- limits and constants -------------------------------------------------------------------

/** Most items one inventory line may count (1,000 Stow slots of Tiny items); a larger count is `inventory/quantity-limit`. */
export const MAX_ITEM_QUANTITY = 100_000;

/** Most lines one inventory may have; more is `inventory/too-many-lines`. */
export const MAX_INVENTORY_LINES = 1_000;

/** Held slots of a character unless the table says otherwise ("Your Held slots = your hands", ENCUMBRANCE). */
export const DEFAULT_HANDS = 2;

/** The Smith's default way of tracking encumbrance ("generally you should go with the Easy Way", ENCUMBRANCE). */
export const DEFAULT_ENCUMBRANCE_METHOD: EncumbranceMethodId = ENCUMBRANCE_METHODS.find((m) => m.isDefault)?.id ?? 'easy';

/** Bags whose slots exist only while Worn (Bandoliers: "When worn, these provide three Small gear slots"). INV-6. */
export const SLOTS_ONLY_WHEN_WORN_BAG_IDS: readonly string[] = ['bandolier'];

/** Weapons whose unlocked Special frees the hand that holds them (Shield, Buckler: "no longer occupies the off-hand"). INV-11. */
export const HAND_FREEING_SPECIAL_IDS: readonly string[] = ['shield-buckler'];

/** Gear (not armour, not bags) that may be Worn by the rules: a set of clothes. Anything else needs the Smith's `wearableIds`. INV-12. */
export const WEARABLE_GEAR_IDS: readonly string[] = ['clothes'];

/**
 * A second (third ...) bag of one kind is written `<bag id>-<n>`, n from 2 (`sack-2`), so that `in` can
 * name it and ids stay kebab-case. INV-9.
 * @example BAG_INSTANCE_PATTERN.exec('sack-2') // [ 'sack-2', 'sack', '2' ]
 */
export const BAG_INSTANCE_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*?)-([2-9]|[1-9][0-9]+)$/;

const ENCUMBRANCE_REF = 'HAMMERCRAWL! v4, EQUIPMENT > ENCUMBRANCE';
const SIZES_REF = GEAR_SIZES[0].ref;
const HELD_REF = `${ENCUMBRANCE_REF} (Held: "Your Held slots = your hands"; Gear Sizes)`;
const WORN_REF = `${ENCUMBRANCE_REF} (Worn); BAG ITEMS (Bag Tags, Wearable)`;
const BAGS_REF = 'HAMMERCRAWL! v4, EQUIPMENT > BAG ITEMS';
const STOW_REF = 'HAMMERCRAWL! v4, ANATOMY OF A CHARACTER (Stow Slots: Half-STR plus INT mod)';
const ARMOUR_STR_REF = 'HAMMERCRAWL! v4, EQUIPMENT > ARMOUR (STR)';
const WEAPON_STR_REF = 'HAMMERCRAWL! v4, EQUIPMENT > WEAPONS & SHIELDS (Weapons Table Columns, STR)';
const methodRef = (method: EncumbranceMethodId): string => ENCUMBRANCE_METHODS.find((m) => m.id === method)?.ref ?? ENCUMBRANCE_REF;

// ---- types ----------------------------------------------------------------------------------

/** A character's inventory: one line per kind of item in one place (`InventoryItem`). */
export type Inventory = readonly InventoryItem[];

/**
 * Where a line goes: in the hands, on the body, or packed (in the base Stow slots, or in a bag of the
 * inventory named by its id).
 * @example { carried: 'packed', in: 'satchel' }
 */
export type Placement = { readonly carried: 'held' } | { readonly carried: 'worn' } | { readonly carried: 'packed'; readonly in?: string };

/** How serious a problem is: the inventory breaks a rule; a rule's penalty applies; the Smith must supply a number; a remark. */
export type ProblemSeverity = 'invalid' | 'penalty' | 'needs-smith' | 'note';

/** Every code an inventory problem or operation error may carry. */
export type InventoryProblemCode =
  | 'inventory/over-capacity'
  | 'inventory/hands-full'
  | 'inventory/not-packable'
  | 'inventory/str-minimum'
  | 'inventory/unknown-bag'
  | 'inventory/ambiguous-bag'
  | 'inventory/bag-cycle'
  | 'inventory/in-not-packed'
  | 'inventory/not-wearable'
  | 'inventory/worn-twice'
  | 'inventory/huge-not-held'
  | 'inventory/too-big-for-bag'
  | 'inventory/not-for-this-bag'
  | 'inventory/bag-not-worn'
  | 'inventory/hook-not-mounted'
  | 'inventory/bag-slots-unknown'
  | 'inventory/size-mismatch'
  | 'inventory/size-unknown'
  | 'inventory/not-carriable'
  | 'inventory/bad-line'
  | 'inventory/bad-quantity'
  | 'inventory/quantity-limit'
  | 'inventory/too-many-lines'
  | 'inventory/bad-setting'
  | 'inventory/negative-stow-slots'
  | 'inventory/no-such-line'
  | 'inventory/not-enough'
  | 'inventory/bag-not-empty'
  | 'inventory/not-identical';

/**
 * Where packed items are counted: the Easy Way's one pool, the Fun Way's base Stow slots, or a bag
 * (by its line index and id).
 * @example { kind: 'bag', id: 'satchel', at: 0 }
 */
export type ContainerRef = { readonly kind: 'pool' } | { readonly kind: 'stow' } | { readonly kind: 'bag'; readonly id: string; readonly at: number };

/**
 * The penalty for carrying above one's STR: worn armour (every physical action) or a held weapon
 * (its attacks and damage). One step, however large the gap (ruling EQ-21).
 * @example { kind: 'weapon', itemId: 'sword-great', strMin: 13, strScore: 10, attackSteps: -1, harmSteps: -1 }
 */
export type StrPenalty =
  | {
      readonly kind: 'armour';
      readonly itemId: string;
      readonly strMin: number;
      readonly strScore: number;
      readonly steps: number;
      readonly appliesTo: 'physical-actions';
    }
  | {
      readonly kind: 'weapon';
      readonly itemId: string;
      readonly strMin: number;
      readonly strScore: number;
      readonly attackSteps: number;
      readonly harmSteps: number;
    };

/** Items to discard to get back within capacity ("starting with the largest and working down"). */
export interface Discard {
  /** The line's index in the inventory. */
  readonly at: number;
  readonly quantity: number;
}

/**
 * A problem with an inventory, or why an operation was refused: a code, how serious, what is wrong and
 * how to fix it, the rule that applies, and the lines concerned.
 * @example { code: 'inventory/hands-full', severity: 'invalid', message: '3 hands needed, 2 available: ...', ref: '...', lines: [0, 1] }
 */
export interface InventoryProblem {
  readonly code: InventoryProblemCode;
  readonly severity: ProblemSeverity;
  readonly message: string;
  readonly ref: string;
  /** Indices of the inventory lines concerned (empty for a setting). */
  readonly lines: readonly number[];
  /** For `inventory/over-capacity`: the container that is over. */
  readonly container?: ContainerRef;
  /** For `inventory/over-capacity` (slots) and `inventory/hands-full` (hands): how far over. */
  readonly overBy?: number;
  /** For `inventory/over-capacity`: items to discard, largest first, that bring the container within capacity. */
  readonly discard?: readonly Discard[];
  /** For `inventory/str-minimum`: the penalty that applies. */
  readonly penalty?: StrPenalty;
}

/** The result of an operation: the new inventory and the index of the line it touched, or the reason it was refused. */
export type InventoryResult =
  | { readonly ok: true; readonly inventory: Inventory; readonly at: number }
  | { readonly ok: false; readonly error: InventoryProblem };

/**
 * A row of the data tables an inventory id names (weapons, armour, gear, bags), with its stow size
 * (`null` where the text gives none) and, for a second bag of a kind, its instance number.
 * @example lookupItem('sword-long') // { kind: 'weapon', id: 'sword-long', tableId: 'sword-long', size: 'medium', instance: 1, ... }
 */
export type CatalogueEntry = { readonly id: string; readonly tableId: string; readonly label: string; readonly size: GearSize | null; readonly instance: number; readonly ref: string } & (
  | { readonly kind: 'weapon'; readonly weapon: Weapon }
  | { readonly kind: 'armour'; readonly armour: Armour }
  | { readonly kind: 'gear'; readonly gear: GearItem }
  | { readonly kind: 'bag'; readonly bag: Bag }
);

/**
 * The table settings and character numbers `encumbrance` needs. Only `stowSlots` and `strScore` are
 * required; every other field has the default the rulings name.
 * @example { stowSlots: 6, strScore: 10, method: 'easy' }
 */
export interface EncumbranceSettings {
  /** Base Stow slots: Half-STR plus INT mod (ANATOMY OF A CHARACTER); below 0 counts as 0 (INV-3). */
  readonly stowSlots: number;
  /** The STR score, against the STR minimums of worn armour and held weapons. */
  readonly strScore: number;
  /** The Easy Way (default) or the "Fun" Way. */
  readonly method?: EncumbranceMethodId;
  /** Held slots; `DEFAULT_HANDS` (2). */
  readonly hands?: number;
  /** The Smith's slot counts for bags the text gives none (backpack, sack, quiver), by table id. INV-6. */
  readonly bagSlots?: Readonly<Record<string, number>>;
  /** Weapons the Smith rules two-handed where the table does not say (the long spear, a crossbow ...). EQ-16, INV-11. */
  readonly twoHandedWeaponIds?: readonly string[];
  /** Weapons whose Special the character has unlocked (Weapon Specialization); the buckler's frees its hand. */
  readonly unlockedSpecials?: readonly string[];
  /** Items the Smith allows to be Worn beyond what the rules make wearable (a quiver on the back). INV-12. */
  readonly wearableIds?: readonly string[];
}

/** Why a held stack takes the hands it does. */
export type HandsRule = 'one-hand-per-stack' | 'one-hand-per-item' | 'both-hands-huge' | 'both-hands-two-handed' | 'both-hands-smith' | 'no-hand-special';

/** Identical items together in one place, counted as stacks (a Stow slot or a hand each). */
export interface Stack {
  /** The lines that make it (identical items in the same place share stacks). */
  readonly lines: readonly number[];
  readonly id: string;
  readonly label: string;
  /** The size written on the lines. */
  readonly size: GearSize;
  /** The size counted: one smaller for an empty, folded sack (INV-8). */
  readonly countedSize: GearSize;
  readonly isFolded: boolean;
  readonly quantity: number;
  /** How many stacks (of at most the size's stack limit) the items make; `null` for Huge when packed. */
  readonly stacks: number | null;
  /** Stow slots taken; `null` when the size cannot be stowed (Huge). */
  readonly slots: number | null;
}

/** What is held in the hands, stack by stack. */
export interface HeldStack extends Stack {
  readonly hands: number;
  readonly handsRule: HandsRule;
}

/** A Worn line and the worn slot it fills ("only one of any specific wearable item slot"). */
export interface WornEntry {
  readonly at: number;
  readonly id: string;
  readonly label: string;
  /** `armour` for any armour, otherwise the item's table id (or own id). */
  readonly wornSlot: string;
}

/** What one bag line adds to the slots. */
export interface BagSlots {
  readonly at: number;
  readonly id: string;
  /** Slots added (per bag times the line's quantity). */
  readonly slots: number;
  /** Where the number comes from: the text, the Smith's `bagSlots`, nowhere (0 added), a bandolier not worn, or a Spec bag (no slots). */
  readonly source: 'table' | 'smith' | 'unknown' | 'not-worn' | 'special';
}

/** One container and what is in it (the Easy Way's pool; the Fun Way's base Stow slots and each bag). */
export interface ContainerReport {
  readonly container: ContainerRef;
  readonly label: string;
  /** Slots; `null` for a Spec bag (scroll case, lantern hook), which holds what its description says. */
  readonly capacity: number | null;
  readonly used: number;
  /** `capacity - used`, negative when over; `null` for a Spec bag. */
  readonly free: number | null;
  /** Largest item size a slot takes (Fun Way only; `null`: no limit). */
  readonly maxItemSize: GearSize | null;
  readonly stacks: readonly Stack[];
}

/** Everything `encumbrance` finds: hands, worn slots, packed slots by container, readied items and problems. */
export interface EncumbranceReport {
  readonly method: EncumbranceMethodId;
  readonly held: { readonly hands: number; readonly handsUsed: number; readonly stacks: readonly HeldStack[] };
  readonly worn: readonly WornEntry[];
  readonly slots: {
    /** The base Stow slots as given. */
    readonly stowSlots: number;
    /** The base Stow slots counted (below 0 counts as 0). */
    readonly base: number;
    readonly bags: readonly BagSlots[];
    /** `base` plus every bag's slots: the Easy Way's lump sum, and the Fun Way's total. */
    readonly capacity: number;
    /** Slots taken by packed items (Easy: the pool; Fun: the sum over containers). */
    readonly used: number;
    readonly free: number;
  };
  readonly containers: readonly ContainerReport[];
  /** Lines that are Readied: Held, Worn, or packed in a worn bag whose contents are Readied (bandolier). */
  readonly readied: readonly number[];
  readonly problems: readonly InventoryProblem[];
  /** No problem of severity `invalid`. */
  readonly isWithinRules: boolean;
}

/** A programmer's mistake in the settings (a non-integer STR or Stow slot count, an unknown method). */
export class InventorySettingsError extends Error {
  override readonly name = 'InventorySettingsError';
}

// ---- catalogue ------------------------------------------------------------------------------

type TableRow =
  | { readonly kind: 'weapon'; readonly row: Weapon }
  | { readonly kind: 'armour'; readonly row: Armour }
  | { readonly kind: 'gear'; readonly row: GearItem }
  | { readonly kind: 'bag'; readonly row: Bag };

const TABLE = new Map<string, TableRow>([
  ...WEAPONS.map((row): [string, TableRow] => [row.id, { kind: 'weapon', row }]),
  ...ARMOUR.map((row): [string, TableRow] => [row.id, { kind: 'armour', row }]),
  ...GEAR.map((row): [string, TableRow] => [row.id, { kind: 'gear', row }]),
  ...BAGS.map((row): [string, TableRow] => [row.id, { kind: 'bag', row }]),
]);

function entryOf(id: string, tableId: string, instance: number, t: TableRow): CatalogueEntry {
  const common = { id, tableId, label: instance > 1 ? `${t.row.label} ${instance}` : t.row.label, instance, ref: t.row.ref };
  switch (t.kind) {
    case 'weapon':
      return { ...common, kind: 'weapon', size: t.row.stow, weapon: t.row };
    case 'armour':
      return { ...common, kind: 'armour', size: t.row.stow, armour: t.row };
    case 'gear':
      return { ...common, kind: 'gear', size: t.row.size, gear: t.row };
    case 'bag':
      return { ...common, kind: 'bag', size: t.row.size, bag: t.row };
  }
}

/**
 * The table row an inventory id names (weapons, armour, gear, bags), with the size from the table;
 * `sack-2` names a second sack (INV-9). `undefined` for a free-text item.
 * @example lookupItem('satchel')?.size // 'small'
 */
export function lookupItem(id: string): CatalogueEntry | undefined {
  const direct = TABLE.get(id);
  if (direct) return entryOf(id, id, 1, direct);
  const m = BAG_INSTANCE_PATTERN.exec(id);
  if (!m) return undefined;
  const t = TABLE.get(m[1]!);
  if (!t || t.kind !== 'bag') return undefined;
  return entryOf(id, m[1]!, Number(m[2]), t);
}

/** The result of `makeItem`: a line ready to add, or why not. */
export type MakeItemResult = { readonly ok: true; readonly item: InventoryItem } | { readonly ok: false; readonly error: InventoryProblem };

/**
 * Builds an inventory line for a table item (its size from the table) or a free-text item (size
 * required). A table item the text gives no size (lantern, backpack, arrow ...) needs an explicit size.
 * @example makeItem('torch', { carried: 'packed', in: 'satchel' }) // { ok: true, item: { id: 'torch', size: 'small', quantity: 1, carried: 'packed', in: 'satchel' } }
 */
export function makeItem(
  id: string,
  placement: Placement,
  options: { readonly quantity?: number; readonly size?: GearSize; readonly label?: string } = {},
): MakeItemResult {
  const quantity = options.quantity ?? 1;
  const qErr = quantityError(quantity, 'quantity');
  if (qErr) return { ok: false, error: qErr };
  if (id.length === 0) return { ok: false, error: problem('inventory/bad-line', 'invalid', 'an item needs an id; give a free-text item an id of its own', ENCUMBRANCE_REF, []) };
  const entry = lookupItem(id);
  let size: GearSize;
  if (entry) {
    if (entry.kind === 'weapon' && entry.size === null) {
      return { ok: false, error: notCarriable(id, []) };
    }
    if (entry.size === null) {
      if (options.size === undefined) {
        return {
          ok: false,
          error: problem(
            'inventory/size-unknown',
            'invalid',
            `the rules give '${id}' (${entry.label}) no size; give one (the Smith's call, INV-15)`,
            entry.ref,
            [],
          ),
        };
      }
      size = options.size;
    } else {
      if (options.size !== undefined && options.size !== entry.size) {
        return { ok: false, error: sizeMismatch(id, options.size, entry, []) };
      }
      size = entry.size;
    }
  } else {
    if (options.size === undefined) {
      return {
        ok: false,
        error: problem('inventory/size-unknown', 'invalid', `'${id}' is not in the tables; a free-text item needs a size (tiny, small, medium, large, huge)`, SIZES_REF, []),
      };
    }
    size = options.size;
  }
  return { ok: true, item: buildLine({ id, size, quantity, ...(options.label !== undefined ? { label: options.label } : {}) }, placement) };
}

function buildLine(
  base: { readonly id: string; readonly size: GearSize; readonly quantity: number; readonly label?: string; readonly resourceDie?: number | null },
  placement: Placement,
): InventoryItem {
  const item: { -readonly [K in keyof InventoryItem]: InventoryItem[K] } = { id: base.id, size: base.size, quantity: base.quantity, carried: placement.carried };
  if (base.label !== undefined) item.label = base.label;
  if (placement.carried === 'packed' && placement.in !== undefined) item.in = placement.in;
  if (base.resourceDie !== undefined) item.resourceDie = base.resourceDie;
  return item;
}

// ---- small helpers --------------------------------------------------------------------------

const SIZE_ROWS = new Map<GearSize, GearSizeRow>(GEAR_SIZES.map((s) => [s.id, s]));
const SIZE_ORDER: readonly GearSize[] = GEAR_SIZES.map((s) => s.id);
const CARRY_IDS: readonly CarryModeId[] = CARRY_MODES.map((m) => m.id);

function sizeRank(size: GearSize): number {
  return SIZE_ORDER.indexOf(size);
}

function sizeRow(size: GearSize): GearSizeRow {
  const row = SIZE_ROWS.get(size);
  if (!row) throw new InventorySettingsError(`unknown gear size '${size}'`);
  return row;
}

function isGearSize(v: unknown): v is GearSize {
  return typeof v === 'string' && (SIZE_ORDER as readonly string[]).includes(v);
}

function problem(
  code: InventoryProblemCode,
  severity: ProblemSeverity,
  message: string,
  ref: string,
  lines: readonly number[],
  extra: Partial<Pick<InventoryProblem, 'container' | 'overBy' | 'discard' | 'penalty'>> = {},
): InventoryProblem {
  return { code, severity, message, ref, lines, ...extra };
}

function quantityError(q: unknown, what: string): InventoryProblem | undefined {
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 1) {
    return problem('inventory/bad-quantity', 'invalid', `${what} must be a whole number of at least 1, got ${String(q)}`, ENCUMBRANCE_REF, []);
  }
  if (q > MAX_ITEM_QUANTITY) {
    return problem(
      'inventory/quantity-limit',
      'invalid',
      `${what} ${q} is over the limit of ${MAX_ITEM_QUANTITY} items a line; split it over several lines or places`,
      ENCUMBRANCE_REF,
      [],
    );
  }
  return undefined;
}

function notCarriable(id: string, lines: readonly number[]): InventoryProblem {
  return problem('inventory/not-carriable', 'invalid', `'${id}' is not an item to carry (the table's Stow is N/A); remove the line`, WEAPONS[0].ref, lines);
}

function sizeMismatch(id: string, size: string, entry: CatalogueEntry, lines: readonly number[]): InventoryProblem {
  return problem(
    'inventory/size-mismatch',
    'invalid',
    `'${id}' is ${entry.size ?? 'unsized'} in the tables, not ${size}; write size '${entry.size ?? ''}' (or use a free-text id for a different item)`,
    entry.ref,
    lines,
  );
}

function labelOf(item: InventoryItem, entry: CatalogueEntry | undefined): string {
  return item.label ?? entry?.label ?? item.id;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Identical items: same id, label, size and resource die (INV-1). */
function identityKey(item: InventoryItem, size: GearSize = item.size): string {
  return JSON.stringify([item.id, item.label ?? null, size, item.resourceDie ?? null]);
}

function placementKey(item: InventoryItem): string {
  return JSON.stringify([item.carried, item.carried === 'packed' ? (item.in ?? null) : null]);
}

// ---- analysis shared by the report and the operations ---------------------------------------

interface LineInfo {
  readonly at: number;
  readonly item: InventoryItem;
  readonly entry: CatalogueEntry | undefined;
  /** Table id (or own id for free text): worn slots, bag kinds, settings are keyed by it. */
  readonly tableId: string;
  /** Shape and quantity usable for counting. */
  readonly isCountable: boolean;
  readonly countedSize: GearSize;
  readonly isFolded: boolean;
}

/** A bag line a `packed ... in` resolves to, or why it does not. */
type BagResolution =
  | { readonly kind: 'ok'; readonly at: number }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'not-a-bag'; readonly lines: readonly number[] }
  | { readonly kind: 'ambiguous'; readonly lines: readonly number[] }
  | { readonly kind: 'cycle'; readonly at: number };

interface Analysis {
  readonly lines: readonly LineInfo[];
  /** Structural problems: those that hold whatever the settings (the operations never add one). */
  readonly problems: readonly InventoryProblem[];
  resolve(inId: string): BagResolution;
  /** Countable packed lines whose `in` names this bag id. */
  contentsOf(bagId: string): readonly number[];
}

function analyse(inventory: Inventory): Analysis {
  const problems: InventoryProblem[] = [];
  if (inventory.length > MAX_INVENTORY_LINES) {
    problems.push(
      problem(
        'inventory/too-many-lines',
        'invalid',
        `${inventory.length} lines is over the limit of ${MAX_INVENTORY_LINES}; merge identical lines or drop some`,
        ENCUMBRANCE_REF,
        [],
      ),
    );
  }

  // 1. Shape, quantity, table row, size.
  const base = inventory.map((item, at) => {
    const shapeOk =
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      item.id.length > 0 &&
      isGearSize(item.size) &&
      (CARRY_IDS as readonly string[]).includes(item.carried) &&
      (item.in === undefined || typeof item.in === 'string');
    if (!shapeOk) {
      problems.push(
        problem(
          'inventory/bad-line',
          'invalid',
          `line ${at} is not an item: it needs an id, a size (${SIZE_ORDER.join(', ')}) and carried (${CARRY_IDS.join(', ')}); it is not counted until fixed`,
          ENCUMBRANCE_REF,
          [at],
        ),
      );
      return { at, item, entry: undefined, tableId: '', isCountable: false };
    }
    let isCountable = true;
    const qErr = quantityError(item.quantity, `line ${at} (${item.id}): the quantity`);
    if (qErr) {
      problems.push({ ...qErr, lines: [at] });
      // An over-limit count is still a count: it is counted and reported, never cut.
      if (qErr.code === 'inventory/bad-quantity') isCountable = false;
    }
    const entry = lookupItem(item.id);
    if (entry?.kind === 'weapon' && entry.size === null) {
      problems.push(notCarriable(item.id, [at]));
      isCountable = false;
    } else if (entry && entry.size !== null && entry.size !== item.size) {
      problems.push(sizeMismatch(item.id, item.size, entry, [at]));
    }
    if (item.in !== undefined && item.carried !== 'packed') {
      problems.push(
        problem(
          'inventory/in-not-packed',
          'invalid',
          `line ${at} (${item.id}) is ${item.carried} but names a bag ('${item.in}'); only Packed items are in bags: pack it, or drop 'in'`,
          ENCUMBRANCE_REF,
          [at],
        ),
      );
    }
    return { at, item, entry, tableId: entry?.tableId ?? item.id, isCountable };
  });

  // 2. Bags by id, contents by bag id.
  const bagLinesById = new Map<string, number[]>();
  const linesById = new Map<string, number[]>();
  for (const l of base) {
    if (l.tableId === '') continue;
    const list = linesById.get(l.item.id) ?? [];
    list.push(l.at);
    linesById.set(l.item.id, list);
    if (l.entry?.kind === 'bag') {
      const bags = bagLinesById.get(l.item.id) ?? [];
      bags.push(l.at);
      bagLinesById.set(l.item.id, bags);
    }
  }
  const contents = new Map<string, number[]>();
  for (const l of base) {
    if (!l.isCountable || l.item.carried !== 'packed' || l.item.in === undefined) continue;
    const list = contents.get(l.item.in) ?? [];
    list.push(l.at);
    contents.set(l.item.in, list);
  }

  const rawResolve = (inId: string): BagResolution => {
    const bags = bagLinesById.get(inId);
    if (!bags || bags.length === 0) {
      const others = linesById.get(inId);
      return others && others.length > 0 ? { kind: 'not-a-bag', lines: others } : { kind: 'unknown' };
    }
    if (bags.length > 1 || inventory[bags[0]!]!.quantity !== 1) return { kind: 'ambiguous', lines: bags };
    return { kind: 'ok', at: bags[0]! };
  };

  // 3. Cycles: follow each bag's `in` upwards; a walk that comes back to its start is a cycle.
  const inCycle = new Set<number>();
  const cycles: number[][] = [];
  for (const start of bagLinesById.values()) {
    for (const at of start) {
      if (inCycle.has(at)) continue;
      const seen: number[] = [];
      let cur: number | undefined = at;
      while (cur !== undefined && !seen.includes(cur)) {
        seen.push(cur);
        const it: InventoryItem = inventory[cur]!;
        const r = it.carried === 'packed' && it.in !== undefined ? rawResolve(it.in) : undefined;
        cur = r?.kind === 'ok' ? r.at : undefined;
      }
      if (cur === at) {
        for (const c of seen) inCycle.add(c);
        cycles.push(seen);
      }
    }
  }
  for (const cycle of cycles) {
    problems.push(
      problem(
        'inventory/bag-cycle',
        'invalid',
        `bags packed inside each other in a circle (${[...cycle, cycle[0]!].map((c) => inventory[c]!.id).join(' in ')}); take one of them out (Held, Worn, or packed elsewhere)`,
        `${BAGS_REF}; ruling INV-10`,
        [...cycle].sort((x, y) => x - y),
      ),
    );
  }
  const resolve = (inId: string): BagResolution => {
    const r = rawResolve(inId);
    return r.kind === 'ok' && inCycle.has(r.at) ? { kind: 'cycle', at: r.at } : r;
  };

  // 4. Problems with `in`: unknown, not a bag, ambiguous, cycle (one problem per bag id).
  const reportedIn = new Set<string>();
  for (const [inId, refs] of contents) {
    if (reportedIn.has(inId)) continue;
    reportedIn.add(inId);
    const r = resolve(inId);
    if (r.kind === 'unknown') {
      problems.push(
        problem(
          'inventory/unknown-bag',
          'invalid',
          `no bag '${inId}' in this inventory holds ${refs.map((i) => inventory[i]!.id).join(', ')}; add the bag or repack the items (they count in the base Stow slots until then)`,
          BAGS_REF,
          refs,
        ),
      );
    } else if (r.kind === 'not-a-bag') {
      problems.push(
        problem(
          'inventory/unknown-bag',
          'invalid',
          `'${inId}' is not a bag, so it cannot hold ${refs.map((i) => inventory[i]!.id).join(', ')}; repack them in a bag or the base Stow slots`,
          BAGS_REF,
          refs,
        ),
      );
    } else if (r.kind === 'ambiguous') {
      problems.push(
        problem(
          'inventory/ambiguous-bag',
          'invalid',
          `'${inId}' is on ${r.lines.length > 1 ? `${r.lines.length} lines` : `one line of quantity ${inventory[r.lines[0]!]!.quantity}`}, so it is unclear which one holds ${refs
            .map((i) => inventory[i]!.id)
            .join(', ')}; keep one '${inId}' of quantity 1 and give each other bag its own id ('${inId}-2', '${inId}-3' ...)`,
          `${BAGS_REF}; ruling INV-9`,
          [...r.lines, ...refs],
        ),
      );
    }
  }

  // 5. Folded sacks (INV-8): packed, a bag that folds, nothing in it.
  const lines: LineInfo[] = base.map((l) => {
    if (!l.isCountable || l.entry?.kind !== 'bag' || l.entry.bag.emptyFoldedSizeSteps === 0 || l.item.carried !== 'packed') {
      return { ...l, countedSize: l.item.size, isFolded: false };
    }
    if ((contents.get(l.item.id) ?? []).length > 0) return { ...l, countedSize: l.item.size, isFolded: false };
    const rank = Math.max(0, sizeRank(l.item.size) + l.entry.bag.emptyFoldedSizeSteps);
    return { ...l, countedSize: SIZE_ORDER[rank]!, isFolded: true };
  });

  // 6. Huge packed; Huge worn (other than armour and bags); one of each worn kind; the lantern hook's mount.
  const wornBySlot = new Map<string, number[]>();
  for (const l of lines) {
    if (!l.isCountable) continue;
    const { item } = l;
    if (item.carried === 'packed' && item.size === 'huge') {
      problems.push(
        problem(
          'inventory/not-packable',
          'invalid',
          `${labelOf(item, l.entry)} is Huge: it cannot be stowed, only Held in both hands${l.entry?.kind === 'armour' ? ' or Worn' : ''}; hold it or leave it`,
          SIZES_REF,
          [l.at],
        ),
      );
    }
    if (item.carried === 'worn') {
      if (item.size === 'huge' && l.entry?.kind !== 'armour' && l.entry?.kind !== 'bag') {
        problems.push(
          problem(
            'inventory/huge-not-held',
            'invalid',
            `${labelOf(item, l.entry)} is Huge: it "requires active carrying (Held) with both hands"; hold it or leave it`,
            SIZES_REF,
            [l.at],
          ),
        );
      }
      const slot = l.entry?.kind === 'armour' ? 'armour' : l.tableId;
      const list = wornBySlot.get(slot) ?? [];
      list.push(l.at);
      wornBySlot.set(slot, list);
    }
  }
  for (const [slot, ats] of wornBySlot) {
    const count = ats.reduce((n, at) => n + inventory[at]!.quantity, 0);
    if (count > 1) {
      const what = slot === 'armour' ? 'one suit of armour' : `one ${lines[ats[0]!]!.entry?.label.replace(/ \d+$/, '') ?? slot}`;
      problems.push(
        problem(
          'inventory/worn-twice',
          'invalid',
          `${count} worn in the ${slot} slot; only ${what} can be worn at a time: pack or hold the others`,
          WORN_REF,
          ats,
        ),
      );
    }
  }
  for (const l of lines) {
    if (!l.isCountable || l.entry?.kind !== 'bag' || l.entry.bag.mountsOnBagId === null) continue;
    if ((contents.get(l.item.id) ?? []).length === 0) continue;
    const mount = l.entry.bag.mountsOnBagId;
    const r = l.item.carried === 'packed' && l.item.in !== undefined ? resolve(l.item.in) : undefined;
    const parent = r?.kind === 'ok' ? lines[r.at] : undefined;
    if (parent?.tableId !== mount) {
      problems.push(
        problem(
          'inventory/hook-not-mounted',
          'invalid',
          `${l.entry.label} holds something but is not mounted on a ${mount}; pack it in a ${mount} (carried 'packed', in '${mount}') or empty it`,
          l.entry.ref,
          [l.at, ...(contents.get(l.item.id) ?? [])],
        ),
      );
    }
  }

  return {
    lines,
    problems,
    resolve,
    contentsOf: (bagId) => contents.get(bagId) ?? [],
  };
}

/** The problems an inventory has whatever the settings (shape, quantities, bags, Huge, worn twice). */
export function structuralProblems(inventory: Inventory): readonly InventoryProblem[] {
  return analyse(inventory).problems;
}

// ---- encumbrance ----------------------------------------------------------------------------

interface Settings {
  readonly method: EncumbranceMethodId;
  readonly stowSlots: number;
  readonly strScore: number;
  readonly hands: number;
  readonly bagSlots: ReadonlyMap<string, number>;
  readonly twoHanded: ReadonlySet<string>;
  readonly specials: ReadonlySet<string>;
  readonly wearable: ReadonlySet<string>;
}

function readSettings(s: EncumbranceSettings, problems: InventoryProblem[]): Settings {
  const int = (v: unknown, name: string, min: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
      throw new InventorySettingsError(`${name} must be a whole number${min > -Infinity ? ` of at least ${min}` : ''}, got ${String(v)}`);
    }
    return v;
  };
  const method = s.method ?? DEFAULT_ENCUMBRANCE_METHOD;
  if (!ENCUMBRANCE_METHODS.some((m) => m.id === method)) {
    throw new InventorySettingsError(`method must be one of ${ENCUMBRANCE_METHODS.map((m) => m.id).join(', ')}, got ${String(method)}`);
  }
  const bad = (message: string): void => {
    problems.push(problem('inventory/bad-setting', 'invalid', message, ENCUMBRANCE_REF, []));
  };

  const bagSlots = new Map<string, number>();
  for (const [id, n] of Object.entries(s.bagSlots ?? {})) {
    const bag = BAGS.find((b) => b.id === id);
    if (!bag) {
      bad(`bagSlots names '${id}', which is not a bag of the tables (${BAGS.map((b) => b.id).join(', ')}); setting not applied`);
    } else if (bag.capacity.kind !== 'slots') {
      bad(`bagSlots: ${bag.label} holds what its description says, not slots; setting not applied`);
    } else if (bag.capacity.slots !== null) {
      bad(`bagSlots: the rules give ${bag.label} ${bag.capacity.slots} slots; a Smith's number is only for bags the text leaves without one; setting not applied`);
    } else if (!Number.isInteger(n) || n < 0 || n > MAX_ITEM_QUANTITY) {
      bad(`bagSlots.${id} must be a whole number from 0 to ${MAX_ITEM_QUANTITY}, got ${String(n)}; setting not applied`);
    } else {
      bagSlots.set(id, n);
    }
  }
  const twoHanded = new Set<string>();
  for (const id of s.twoHandedWeaponIds ?? []) {
    const w = WEAPONS.find((x) => x.id === id);
    if (!w) bad(`twoHandedWeaponIds names '${id}', which is not a weapon of the table; setting not applied`);
    else if (w.hands === 1) bad(`twoHandedWeaponIds: the rules hold ${w.label} in one hand; setting not applied`);
    else twoHanded.add(id);
  }
  const specials = new Set<string>();
  for (const id of s.unlockedSpecials ?? []) {
    const w = WEAPONS.find((x) => x.id === id);
    if (!w || w.special === null) bad(`unlockedSpecials names '${id}', which is not a weapon with a Special; setting not applied`);
    else specials.add(id);
  }
  return {
    method,
    stowSlots: int(s.stowSlots, 'stowSlots', -Infinity),
    strScore: int(s.strScore, 'strScore', -Infinity),
    hands: int(s.hands ?? DEFAULT_HANDS, 'hands', 0),
    bagSlots,
    twoHanded,
    specials,
    wearable: new Set(s.wearableIds ?? []),
  };
}

/** Slots one bag gives, and where the number comes from. */
function bagSlotsOf(l: LineInfo, bag: Bag, settings: Settings): { slots: number; source: BagSlots['source'] } {
  if (bag.capacity.kind !== 'slots') return { slots: 0, source: 'special' };
  if (SLOTS_ONLY_WHEN_WORN_BAG_IDS.includes(bag.id) && l.item.carried !== 'worn') return { slots: 0, source: 'not-worn' };
  if (bag.capacity.slots !== null) return { slots: bag.capacity.slots, source: 'table' };
  const smith = settings.bagSlots.get(bag.id);
  return smith === undefined ? { slots: 0, source: 'unknown' } : { slots: smith, source: 'smith' };
}

/** Groups lines into stacks of identical items (INV-1). */
function stacksOf(lines: readonly LineInfo[], ats: readonly number[]): Stack[] {
  const groups = new Map<string, number[]>();
  for (const at of ats) {
    const l = lines[at]!;
    const key = identityKey(l.item, l.countedSize);
    const g = groups.get(key) ?? [];
    g.push(at);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const first = lines[g[0]!]!;
    const quantity = g.reduce((n, at) => n + lines[at]!.item.quantity, 0);
    const row = sizeRow(first.countedSize);
    const stacks = row.stackLimit === null ? null : Math.ceil(quantity / row.stackLimit);
    const slots = stacks === null || row.slotsPerStack === null ? null : stacks * row.slotsPerStack;
    return {
      lines: g,
      id: first.item.id,
      label: labelOf(first.item, first.entry),
      size: first.item.size,
      countedSize: first.countedSize,
      isFolded: first.isFolded,
      quantity,
      stacks,
      slots,
    };
  });
}

const usedOf = (stacks: readonly Stack[]): number => stacks.reduce((n, s) => n + (s.slots ?? 0), 0);

/**
 * Items to discard from a container, "starting with the largest and working down" (The Easy Way),
 * until `overBy` slots are free. Bags that hold items or give slots are never suggested. INV-3.
 */
function suggestDiscards(
  stacks: readonly Stack[],
  overBy: number,
  isKept: (at: number) => boolean,
  quantityOf: (at: number) => number,
): Discard[] {
  const candidates = stacks
    .filter((s) => s.slots !== null && s.slots > 0 && s.lines.every((at) => !isKept(at)))
    .sort((a, b) => sizeRank(b.countedSize) - sizeRank(a.countedSize) || Math.max(...b.lines) - Math.max(...a.lines));
  const out: Discard[] = [];
  let left = overBy;
  for (const s of candidates) {
    if (left <= 0) break;
    const row = sizeRow(s.countedSize);
    const per = row.slotsPerStack ?? 1;
    const limit = row.stackLimit ?? 1;
    const stacks = s.stacks ?? 0;
    // Dropping k stacks: the partial stack first, then full ones.
    const k = Math.min(stacks, Math.ceil(left / per));
    let items = k === stacks ? s.quantity : s.quantity - limit * (stacks - k);
    left -= k * per;
    for (const at of [...s.lines].sort((a, b) => b - a)) {
      if (items <= 0) break;
      const q = Math.min(items, quantityOf(at));
      if (q > 0) out.push({ at, quantity: q });
      items -= q;
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Encumbrance of an inventory: hands used and what is held together, what is worn, Stow slots used
 * against capacity (the Easy Way's lump sum or the "Fun" Way's containers), what is Readied, and every
 * problem, each with its code, the rule that applies and how to fix it. Nothing is dropped or clamped
 * out of sight. Rules: ENCUMBRANCE, ARMOUR (STR), WEAPONS & SHIELDS (STR), BAG ITEMS.
 * @example encumbrance(inventory, { stowSlots: 6, strScore: 10 }).slots // { capacity: 11, used: 2, free: 9, ... } with a worn satchel
 */
export function encumbrance(inventory: Inventory, settings: EncumbranceSettings): EncumbranceReport {
  const problems: InventoryProblem[] = [];
  const s = readSettings(settings, problems);
  const a = analyse(inventory);
  problems.push(...a.problems);
  const { lines } = a;
  const countable = lines.filter((l) => l.isCountable);

  // Held: hands, stack by stack (INV-11).
  const heldAts = countable.filter((l) => l.item.carried === 'held').map((l) => l.at);
  const held: HeldStack[] = stacksOf(lines, heldAts).map((st) => {
    const l = lines[st.lines[0]!]!;
    const weapon = l.entry?.kind === 'weapon' ? l.entry.weapon : undefined;
    let rule: HandsRule;
    let hands: number;
    if (st.size === 'huge') [rule, hands] = ['both-hands-huge', 2 * st.quantity];
    else if (weapon && HAND_FREEING_SPECIAL_IDS.includes(weapon.id) && s.specials.has(weapon.id)) [rule, hands] = ['no-hand-special', 0];
    else if (weapon?.hands === 2) [rule, hands] = ['both-hands-two-handed', 2 * st.quantity];
    else if (weapon && weapon.hands === null && s.twoHanded.has(weapon.id)) [rule, hands] = ['both-hands-smith', 2 * st.quantity];
    else if ((sizeRow(st.size).stackLimit ?? 1) > 1) [rule, hands] = ['one-hand-per-stack', st.stacks ?? st.quantity];
    else [rule, hands] = ['one-hand-per-item', st.quantity];
    return { ...st, slots: null, hands, handsRule: rule };
  });
  const handsUsed = held.reduce((n, h) => n + h.hands, 0);
  if (handsUsed > s.hands) {
    const list = held.map((h) => `${h.quantity > 1 ? `${h.quantity} x ` : ''}${h.label} (${plural(h.hands, 'hand')})`).join(', ');
    problems.push(
      problem(
        'inventory/hands-full',
        'invalid',
        `${plural(handsUsed, 'hand')} needed, ${s.hands} available: ${list}; free ${plural(handsUsed - s.hands, 'hand')} by packing, wearing or dropping something held`,
        `${HELD_REF}; ruling INV-11`,
        heldAts,
        { overBy: handsUsed - s.hands },
      ),
    );
  }

  // Worn: what may be worn, the worn slot, the armour's STR.
  const worn: WornEntry[] = [];
  for (const l of countable) {
    if (l.item.carried !== 'worn') continue;
    worn.push({ at: l.at, id: l.item.id, label: labelOf(l.item, l.entry), wornSlot: l.entry?.kind === 'armour' ? 'armour' : l.tableId });
    const e = l.entry;
    const isWearable =
      s.wearable.has(l.tableId) ||
      e === undefined ||
      e.kind === 'armour' ||
      (e.kind === 'bag' && (e.bag.tags as readonly string[]).includes('wearable')) ||
      (e.kind === 'gear' && WEARABLE_GEAR_IDS.includes(e.tableId));
    if (!isWearable) {
      const why =
        e?.kind === 'bag'
          ? `${e.label} is not Wearable${e.tableId === 'sack' ? ' (sacks "must be either Packed or Held")' : ''}`
          : e?.kind === 'weapon'
            ? `${e.label} is a weapon: Worn slots are for armour, helmet, cloak, boots and the like`
            : `${labelOf(l.item, e)} is not worn equipment`;
      problems.push(
        problem('inventory/not-wearable', 'invalid', `${why}; hold it or pack it (or the Smith lists it in wearableIds)`, `${WORN_REF}; ruling INV-12`, [l.at]),
      );
    }
    if (e?.kind === 'armour' && e.armour.strMin > s.strScore) {
      problems.push(
        problem(
          'inventory/str-minimum',
          'penalty',
          `${e.label} needs STR ${e.armour.strMin}, STR is ${s.strScore}: ${ARMOUR_STR_SHORTFALL_STEPS} step on ALL actions requiring physical movement while worn; wear lighter armour (STR ${s.strScore} or less) to lose it`,
          ARMOUR_STR_REF,
          [l.at],
          {
            penalty: { kind: 'armour', itemId: l.item.id, strMin: e.armour.strMin, strScore: s.strScore, steps: ARMOUR_STR_SHORTFALL_STEPS, appliesTo: 'physical-actions' },
          },
        ),
      );
    }
  }
  for (const l of countable) {
    const e = l.entry;
    if (l.item.carried !== 'held' || e?.kind !== 'weapon' || e.weapon.strMin <= s.strScore) continue;
    problems.push(
      problem(
        'inventory/str-minimum',
        'penalty',
        `${e.label} needs STR ${e.weapon.strMin}, STR is ${s.strScore}: ${WEAPON_STR_SHORTFALL_STEPS.attack} step on attacks and ${WEAPON_STR_SHORTFALL_STEPS.harm} step on damage with it; wield a weapon of STR ${s.strScore} or less to lose it`,
        WEAPON_STR_REF,
        [l.at],
        {
          penalty: {
            kind: 'weapon',
            itemId: l.item.id,
            strMin: e.weapon.strMin,
            strScore: s.strScore,
            attackSteps: WEAPON_STR_SHORTFALL_STEPS.attack,
            harmSteps: WEAPON_STR_SHORTFALL_STEPS.harm,
          },
        },
      ),
    );
  }

  // Bags: slots each adds (both ways), unknown counts reported once per kind.
  const bagSlots: BagSlots[] = [];
  const unknownKinds = new Map<string, number[]>();
  for (const l of countable) {
    if (l.entry?.kind !== 'bag') continue;
    const { slots, source } = bagSlotsOf(l, l.entry.bag, s);
    if (source === 'special') continue;
    bagSlots.push({ at: l.at, id: l.item.id, slots: slots * l.item.quantity, source });
    if (source === 'unknown') unknownKinds.set(l.tableId, [...(unknownKinds.get(l.tableId) ?? []), l.at]);
  }
  for (const [id, ats] of unknownKinds) {
    const bag = BAGS.find((b) => b.id === id)!;
    problems.push(
      problem(
        'inventory/bag-slots-unknown',
        'needs-smith',
        `the rules give ${bag.label} no slot count (the bag table is missing), so it adds 0 slots; the Smith sets one with bagSlots: { '${id}': n }`,
        `${bag.ref}; rulings EQ-4, INV-6`,
        ats,
      ),
    );
  }
  const base = Math.max(0, s.stowSlots);
  if (s.stowSlots < 0) {
    problems.push(
      problem(
        'inventory/negative-stow-slots',
        'note',
        `base Stow slots are ${s.stowSlots} (Half-STR plus INT mod); below 0 counts as 0 slots: a character cannot carry less than nothing`,
        `${STOW_REF}; ruling INV-3`,
        [],
      ),
    );
  }
  const capacity = base + bagSlots.reduce((n, b) => n + b.slots, 0);

  // Where each packed line is counted (INV-4, INV-5, INV-7, INV-10).
  type Charge = { readonly kind: 'stow' } | { readonly kind: 'bag'; readonly at: number } | { readonly kind: 'special'; readonly at: number };
  const chargeCache = new Map<number, Charge>();
  const chargeOf = (l: LineInfo): Charge => {
    const cached = chargeCache.get(l.at);
    if (cached) return cached;
    let c: Charge = { kind: 'stow' };
    if (l.item.in !== undefined) {
      const r = a.resolve(l.item.in);
      if (r.kind === 'ok') {
        const bagLine = lines[r.at]!;
        const bag = bagLine.entry?.kind === 'bag' ? bagLine.entry.bag : undefined;
        if (bag?.capacity.kind === 'slots') c = { kind: 'bag', at: r.at };
        else if (bag?.mountsOnBagId !== null && bag !== undefined) c = bagLine.item.carried === 'packed' ? chargeOf(bagLine) : { kind: 'stow' };
        else c = { kind: 'special', at: r.at };
      }
    }
    chargeCache.set(l.at, c);
    return c;
  };
  const packed = countable.filter((l) => l.item.carried === 'packed');
  const isKept = (at: number): boolean => {
    const l = lines[at]!;
    if (l.entry?.kind !== 'bag') return false;
    if (a.contentsOf(l.item.id).length > 0) return true;
    return bagSlots.some((b) => b.at === at && b.slots > 0);
  };

  const containers: ContainerReport[] = [];
  const overCapacity = (container: ContainerRef, label: string, stacks: readonly Stack[], used: number, cap: number, ref: string): void => {
    if (used <= cap || used <= 0) return;
    const overBy = used - Math.max(0, cap);
    const discard = suggestDiscards(stacks, overBy, isKept, (at) => inventory[at]!.quantity);
    const freed = discard.length > 0;
    const names = discard.map((d) => `${d.quantity} x ${labelOf(inventory[d.at]!, lines[d.at]!.entry)}`).join(', ');
    problems.push(
      problem(
        'inventory/over-capacity',
        'invalid',
        `${label}: ${used} of ${cap} slots used, ${plural(overBy, 'slot')} over; discard or move items, largest first${freed ? ` (for example ${names})` : ''}, or carry more bags`,
        ref,
        stacks.flatMap((st) => st.lines),
        { container, overBy, discard },
      ),
    );
  };

  let used: number;
  if (s.method === 'easy') {
    const pooled = packed.filter((l) => chargeOf(l).kind !== 'special').map((l) => l.at);
    const stacks = stacksOf(lines, pooled);
    used = usedOf(stacks);
    const container: ContainerRef = { kind: 'pool' };
    containers.push({ container, label: 'All Stow slots (the Easy Way)', capacity, used, free: capacity - used, maxItemSize: null, stacks });
    overCapacity(container, 'Stow slots (the Easy Way)', stacks, used, capacity, `${methodRef('easy')}; ruling INV-4`);
  } else {
    // The base Stow slots.
    const inStow = packed.filter((l) => chargeOf(l).kind === 'stow').map((l) => l.at);
    const stowStacks = stacksOf(lines, inStow);
    const stowUsed = usedOf(stowStacks);
    containers.push({ container: { kind: 'stow' }, label: 'Base Stow slots', capacity: base, used: stowUsed, free: base - stowUsed, maxItemSize: null, stacks: stowStacks });
    overCapacity({ kind: 'stow' }, 'Base Stow slots', stowStacks, stowUsed, base, `${methodRef('fun')}; ${STOW_REF}; ruling INV-5`);
    used = stowUsed;
    // Each slot bag that can hold items (one line, quantity 1, not in a cycle).
    for (const l of countable) {
      if (l.entry?.kind !== 'bag' || l.entry.bag.capacity.kind !== 'slots') continue;
      if (a.resolve(l.item.id).kind !== 'ok') continue;
      const bag = l.entry.bag;
      const cap = bagSlotsOf(l, bag, s).slots;
      const ats = packed.filter((p) => { const c = chargeOf(p); return c.kind === 'bag' && c.at === l.at; }).map((p) => p.at);
      const stacks = stacksOf(lines, ats);
      const u = usedOf(stacks);
      used += u;
      const container: ContainerRef = { kind: 'bag', id: l.item.id, at: l.at };
      const maxItemSize = bag.capacity.kind === 'slots' ? bag.capacity.maxItemSize : null;
      containers.push({ container, label: labelOf(l.item, l.entry), capacity: cap, used: u, free: cap - u, maxItemSize, stacks });
      const direct = a.contentsOf(l.item.id);
      overCapacity(container, labelOf(l.item, l.entry), stacks, u, cap, `${methodRef('fun')}; ${bag.ref}; ruling INV-5`);
      if (SLOTS_ONLY_WHEN_WORN_BAG_IDS.includes(bag.id) && l.item.carried !== 'worn' && direct.length > 0) {
        problems.push(
          problem(
            'inventory/bag-not-worn',
            'invalid',
            `${labelOf(l.item, l.entry)} gives its slots only "when worn", and it is ${l.item.carried}; wear it or repack its contents`,
            `${bag.ref}; ruling INV-6`,
            [l.at, ...direct],
          ),
        );
      }
      if (maxItemSize !== null) {
        const tooBig = ats.filter((at) => sizeRank(lines[at]!.countedSize) > sizeRank(maxItemSize));
        if (tooBig.length > 0) {
          problems.push(
            problem(
              'inventory/too-big-for-bag',
              'invalid',
              `${labelOf(l.item, l.entry)} takes items of at most ${maxItemSize} size; ${tooBig.map((at) => `${labelOf(inventory[at]!, lines[at]!.entry)} (${lines[at]!.countedSize})`).join(', ')} must go elsewhere`,
              `${methodRef('fun')} ("observe each of your bags' size limits"); ${bag.ref}`,
              tooBig,
            ),
          );
        }
      }
      const only = bag.capacity.kind === 'slots' ? bag.capacity.onlyItemIds : null;
      if (only !== null) {
        const wrong = ats.filter((at) => !only.includes(lines[at]!.tableId));
        if (wrong.length > 0) {
          problems.push(
            problem(
              'inventory/not-for-this-bag',
              'invalid',
              `${labelOf(l.item, l.entry)} holds only ${only.join(' or ')}; ${wrong.map((at) => labelOf(inventory[at]!, lines[at]!.entry)).join(', ')} must go elsewhere`,
              `${methodRef('fun')}; ${bag.ref}`,
              wrong,
            ),
          );
        }
      }
    }
  }

  // Spec bags (scroll case, lantern hook): what they hold, in both ways (INV-7).
  for (const l of countable) {
    if (l.entry?.kind !== 'bag' || l.entry.bag.capacity.kind !== 'special') continue;
    if (a.resolve(l.item.id).kind !== 'ok') continue;
    const bag = l.entry.bag;
    const options = bag.capacity.kind === 'special' ? bag.capacity.options : [];
    const ats = a.contentsOf(l.item.id);
    const stacks = stacksOf(lines, ats);
    const isMount = bag.mountsOnBagId !== null;
    // A mounted bag's contents are counted, and listed, in the container it is mounted in.
    if (!isMount) {
      containers.push({
        container: { kind: 'bag', id: l.item.id, at: l.at },
        label: labelOf(l.item, l.entry),
        capacity: null,
        used: 0,
        free: null,
        maxItemSize: null,
        stacks,
      });
    }
    if (ats.length === 0) continue;
    const describe = options.map((o) => `${o.max === 1 ? 'one' : `up to ${o.max}`} ${o.itemIds.join(' or ')}`).join(', or ');
    const option = options.find((o) => ats.every((at) => o.itemIds.includes(lines[at]!.tableId)));
    if (!option) {
      problems.push(
        problem(
          'inventory/not-for-this-bag',
          'invalid',
          `${labelOf(l.item, l.entry)} holds ${describe}; take out what else is in it`,
          `${bag.ref}; ruling INV-7`,
          ats,
        ),
      );
      continue;
    }
    const count = ats.reduce((n, at) => n + inventory[at]!.quantity, 0);
    if (count > option.max) {
      problems.push(
        problem(
          'inventory/over-capacity',
          'invalid',
          `${labelOf(l.item, l.entry)} holds ${describe}; it has ${count}: take out ${count - option.max}${isMount ? '' : ' (another case holds more)'}`,
          `${bag.ref}; ruling INV-7`,
          ats,
          { container: { kind: 'bag', id: l.item.id, at: l.at }, overBy: count - option.max, discard: [] },
        ),
      );
    }
  }

  // Readied (INV-13): held, worn, and packed directly in a worn bag whose contents are readied.
  const readied = countable
    .filter((l) => {
      if (l.item.carried !== 'packed') return true;
      if (l.item.in === undefined) return false;
      const r = a.resolve(l.item.in);
      if (r.kind !== 'ok') return false;
      const bagLine = lines[r.at]!;
      return bagLine.entry?.kind === 'bag' && bagLine.entry.bag.isContentReadied && bagLine.item.carried === 'worn';
    })
    .map((l) => l.at);

  return {
    method: s.method,
    held: { hands: s.hands, handsUsed, stacks: held },
    worn,
    slots: { stowSlots: s.stowSlots, base, bags: bagSlots, capacity, used, free: capacity - used },
    containers,
    readied,
    problems,
    isWithinRules: !problems.some((p) => p.severity === 'invalid'),
  };
}

// ---- operations -----------------------------------------------------------------------------

/** Refuses a change that adds a structural problem (per code), naming the first new one. INV-16. */
function guard(before: Inventory, after: Inventory, at: number): InventoryResult {
  // Per code: problems, and lines involved (indices shift, counts do not).
  const count = (ps: readonly InventoryProblem[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const p of ps) {
      m.set(p.code, (m.get(p.code) ?? 0) + 1);
      m.set(`${p.code} lines`, (m.get(`${p.code} lines`) ?? 0) + p.lines.length);
    }
    return m;
  };
  const was = count(structuralProblems(before));
  const nowProblems = structuralProblems(after);
  const now = count(nowProblems);
  for (const p of nowProblems) {
    for (const key of [p.code, `${p.code} lines`]) {
      if ((now.get(key) ?? 0) > (was.get(key) ?? 0)) return { ok: false, error: p };
    }
  }
  return { ok: true, inventory: after, at };
}

function lineAt(inventory: Inventory, at: number): InventoryItem | InventoryProblem {
  const item = Number.isInteger(at) ? inventory[at] : undefined;
  return (
    item ??
    problem('inventory/no-such-line', 'invalid', `there is no line ${String(at)}; the inventory has lines 0 to ${inventory.length - 1}`, ENCUMBRANCE_REF, [])
  );
}

const isProblem = (x: InventoryItem | InventoryProblem): x is InventoryProblem => 'code' in x && 'severity' in x;

function placementOf(item: InventoryItem): Placement {
  if (item.carried === 'packed') return item.in !== undefined ? { carried: 'packed', in: item.in } : { carried: 'packed' };
  return { carried: item.carried };
}

/** The first line identical to `item` in the same place, other than `skip`. */
function findIdentical(inventory: Inventory, item: InventoryItem, skip = -1): number {
  const key = identityKey(item);
  const place = placementKey(item);
  return inventory.findIndex((x, i) => i !== skip && identityKey(x) === key && placementKey(x) === place);
}

function withQuantity(item: InventoryItem, quantity: number): InventoryItem {
  return { ...item, quantity };
}

function checkQuantity(q: number, what: string): InventoryProblem | undefined {
  return quantityError(q, what);
}

/**
 * Adds a line (from `makeItem`, or a free-text one): merged into an identical line in the same place,
 * else appended. Refused when it would add a structural problem (a Huge item packed, an unknown bag ...).
 * @example addItem([], { id: 'torch', size: 'small', quantity: 1, carried: 'held' }) // { ok: true, inventory: [...], at: 0 }
 */
export function addItem(inventory: Inventory, item: InventoryItem): InventoryResult {
  const qErr = checkQuantity(item.quantity, 'the quantity');
  if (qErr) return { ok: false, error: qErr };
  const same = findIdentical(inventory, item);
  if (same >= 0) {
    const total = inventory[same]!.quantity + item.quantity;
    const tErr = checkQuantity(total, `together with line ${same} the quantity`);
    if (tErr) return { ok: false, error: tErr };
    return guard(inventory, inventory.map((x, i) => (i === same ? withQuantity(x, total) : x)), same);
  }
  if (inventory.length >= MAX_INVENTORY_LINES) {
    return {
      ok: false,
      error: problem('inventory/too-many-lines', 'invalid', `the inventory already has ${MAX_INVENTORY_LINES} lines, the most it may have; merge or drop some first`, ENCUMBRANCE_REF, []),
    };
  }
  return guard(inventory, [...inventory, item], inventory.length);
}

/**
 * Removes `quantity` items (all by default) from line `at`; the line goes when none are left. A bag
 * that still holds items cannot go (nothing is dropped silently).
 * @example removeItem(inventory, 0, 2) // two fewer on line 0
 */
export function removeItem(inventory: Inventory, at: number, quantity?: number): InventoryResult {
  const line = lineAt(inventory, at);
  if (isProblem(line)) return { ok: false, error: line };
  const q = quantity ?? line.quantity;
  const qErr = checkQuantity(q, 'the quantity to remove');
  if (qErr) return { ok: false, error: qErr };
  if (q > line.quantity) {
    return { ok: false, error: problem('inventory/not-enough', 'invalid', `line ${at} (${line.id}) has ${line.quantity}, not ${q}`, ENCUMBRANCE_REF, [at]) };
  }
  if (q === line.quantity && lookupItem(line.id)?.kind === 'bag') {
    const others = inventory.some((x, i) => i !== at && x.id === line.id);
    const held = inventory.map((x, i) => [x, i] as const).filter(([x]) => x.carried === 'packed' && x.in === line.id);
    if (!others && held.length > 0) {
      return {
        ok: false,
        error: problem(
          'inventory/bag-not-empty',
          'invalid',
          `${line.id} still holds ${held.map(([x]) => x.id).join(', ')}; move or remove them first`,
          BAGS_REF,
          [at, ...held.map(([, i]) => i)],
        ),
      };
    }
  }
  const after = q === line.quantity ? inventory.filter((_, i) => i !== at) : inventory.map((x, i) => (i === at ? withQuantity(x, x.quantity - q) : x));
  return guard(inventory, after, at);
}

/**
 * Moves `quantity` items (all by default) of line `at` to another place (Held, Worn, Packed, a bag);
 * they join an identical line there, or make a new line (in place of the old one when all move, just
 * after it otherwise). The total of every item is unchanged.
 * @example moveItem(inventory, 2, { carried: 'packed', in: 'satchel' }, 1)
 */
export function moveItem(inventory: Inventory, at: number, to: Placement, quantity?: number): InventoryResult {
  const line = lineAt(inventory, at);
  if (isProblem(line)) return { ok: false, error: line };
  const q = quantity ?? line.quantity;
  const qErr = checkQuantity(q, 'the quantity to move');
  if (qErr) return { ok: false, error: qErr };
  if (q > line.quantity) {
    return { ok: false, error: problem('inventory/not-enough', 'invalid', `line ${at} (${line.id}) has ${line.quantity}, not ${q}`, ENCUMBRANCE_REF, [at]) };
  }
  if (!CARRY_IDS.includes(to.carried)) {
    return { ok: false, error: problem('inventory/bad-line', 'invalid', `carried must be one of ${CARRY_IDS.join(', ')}`, ENCUMBRANCE_REF, [at]) };
  }
  const moved = buildLine(line, to);
  if (placementKey(moved) === placementKey(line)) return { ok: true, inventory, at };
  const isAll = q === line.quantity;
  // The inventory without the items that move.
  const rest = isAll ? inventory.filter((_, i) => i !== at) : inventory.map((x, i) => (i === at ? withQuantity(x, x.quantity - q) : x));
  const target = findIdentical(rest, moved);
  if (target >= 0) {
    const total = rest[target]!.quantity + q;
    const tErr = checkQuantity(total, `together with the line it joins the quantity`);
    if (tErr) return { ok: false, error: tErr };
    return guard(inventory, rest.map((x, i) => (i === target ? withQuantity(x, total) : x)), target);
  }
  const insertAt = isAll ? at : at + 1;
  if (!isAll && inventory.length >= MAX_INVENTORY_LINES) {
    return {
      ok: false,
      error: problem('inventory/too-many-lines', 'invalid', `the inventory already has ${MAX_INVENTORY_LINES} lines; move all of line ${at} or merge lines first`, ENCUMBRANCE_REF, [at]),
    };
  }
  const after = [...rest.slice(0, insertAt), withQuantity(moved, q), ...rest.slice(insertAt)];
  return guard(inventory, after, insertAt);
}

/**
 * Splits `quantity` items off line `at` into a new line just after it, in the same place (to move or
 * give away part of a stack). Both parts keep at least one item.
 * @example splitStack([{ id: 'coin', size: 'tiny', quantity: 150, carried: 'packed' }], 0, 50) // lines of 100 and 50
 */
export function splitStack(inventory: Inventory, at: number, quantity: number): InventoryResult {
  const line = lineAt(inventory, at);
  if (isProblem(line)) return { ok: false, error: line };
  const qErr = checkQuantity(quantity, 'the quantity to split off');
  if (qErr) return { ok: false, error: qErr };
  if (quantity >= line.quantity) {
    return {
      ok: false,
      error: problem(
        'inventory/not-enough',
        'invalid',
        `line ${at} (${line.id}) has ${line.quantity}; a split leaves at least one on each line, so split off 1 to ${line.quantity - 1}`,
        ENCUMBRANCE_REF,
        [at],
      ),
    };
  }
  if (inventory.length >= MAX_INVENTORY_LINES) {
    return { ok: false, error: problem('inventory/too-many-lines', 'invalid', `the inventory already has ${MAX_INVENTORY_LINES} lines`, ENCUMBRANCE_REF, [at]) };
  }
  const after = [...inventory.slice(0, at), withQuantity(line, line.quantity - quantity), withQuantity(line, quantity), ...inventory.slice(at + 1)];
  return guard(inventory, after, at + 1);
}

/**
 * Merges line `from` into line `at` when they are identical items in the same place; `at` in the
 * result is the merged line's index.
 * @example mergeStacks(inventory, 0, 1)
 */
export function mergeStacks(inventory: Inventory, at: number, from: number): InventoryResult {
  const a = lineAt(inventory, at);
  if (isProblem(a)) return { ok: false, error: a };
  const b = lineAt(inventory, from);
  if (isProblem(b)) return { ok: false, error: b };
  if (at === from) {
    return { ok: false, error: problem('inventory/not-identical', 'invalid', `a line cannot merge with itself (line ${at})`, ENCUMBRANCE_REF, [at]) };
  }
  if (identityKey(a) !== identityKey(b) || placementKey(a) !== placementKey(b)) {
    const diff = (['id', 'label', 'size', 'resourceDie', 'carried', 'in'] as const).filter((k) => (a[k] ?? null) !== (b[k] ?? null));
    return {
      ok: false,
      error: problem(
        'inventory/not-identical',
        'invalid',
        `lines ${at} and ${from} differ in ${diff.join(', ')}; only identical items in the same place share a stack (move one first)`,
        SIZES_REF,
        [at, from],
      ),
    };
  }
  const total = a.quantity + b.quantity;
  const tErr = checkQuantity(total, 'the merged quantity');
  if (tErr) return { ok: false, error: tErr };
  const after = inventory.flatMap((x, i) => (i === from ? [] : i === at ? [withQuantity(x, total)] : [x]));
  return guard(inventory, after, from < at ? at - 1 : at);
}

/** Where line `at` is, as a `Placement` (for moving it back). */
export function placementAt(inventory: Inventory, at: number): Placement | undefined {
  const item = inventory[at];
  return item ? placementOf(item) : undefined;
}
