/**
 * The changes of play to what a character has and is called: silver, items in and out of the
 * inventory (each taking spaces against STR), an item's usage die spent or used, and the free fields
 * (name, notes, conditions, silver, armour).
 * Rules: The Exalted Hack, Inventory and Usage; Armor; Resolving Actions and Attributes (Strength).
 * Rulings: EH-19, EH-22, EH-28, EH-34.
 */
import { MAX_CHARACTER_CONDITIONS, MAX_CHARACTER_CONDITION_LENGTH, MAX_NOTES_LENGTH, conditionsFromText, readConditions } from '../character-play.js';
import { ok, problem, type ParamRecord, type RuleResult } from '../rule-system.js';
import { carryingSpaces } from './attributes.js';
import { prepareCheck } from './checks.js';
import {
  MAX_INVENTORY_ITEMS,
  MAX_ITEM_SPACES,
  MAX_LABEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_SILVER,
  SILVER_PER_SPACE,
  currentScore,
  spacesUsed,
  type ExaltedHackCharacter,
  type InventoryEntry,
} from './character.js';
import { armourText, isOverloaded } from './create-character.js';
import { ARMOUR_KINDS, MAX_ARMOUR_VALUE, type ArmourKindId } from './data/armour.js';
import { intOf, optionalIntOf, textOf, type ReadParams } from './params.js';
import { changed, entryId, findEntry, fixed, sourceParam, sourcePrefix, type ChangeRule, type PreparedChange } from './play-common.js';
import { USAGE_DICE, spendUsage } from './usage-die.js';

const REF = 'The Exalted Hack';

/** Longest conditions text an edit takes: every condition at its longest, with ", " between. */
export const MAX_CONDITIONS_TEXT_LENGTH = MAX_CHARACTER_CONDITIONS * (MAX_CHARACTER_CONDITION_LENGTH + 2);

/** "Spaces 7/12", and what carrying more than STR allows costs (Inventory and Usage). */
function spacesLine(c: ExaltedHackCharacter): string {
  const line = `spaces ${spacesUsed(c)}/${carryingSpaces(Math.max(0, currentScore(c, 'str')))} (one a point of STR; ${SILVER_PER_SPACE} silver a space, EH-22)`;
  return isOverloaded(c) ? `${line}: over, so -5 feet of speed and fatigue may come every hour (Inventory and Usage)` : line;
}

/** Silver gained or spent (Inventory and Usage; ruling EH-22). */
export const COINS: ChangeRule = {
  def: {
    id: 'coins', label: 'Silver', by: 'owner', rollsDice: false, ref: `${REF}, Inventory and Usage`,
    help: 'Silver gained (+) or spent (-); every started 100 silver takes a carrying space (ruling EH-22).',
    params: [
      { kind: 'integer', name: 'amount', label: 'Silver', min: -MAX_SILVER, max: MAX_SILVER, isRequired: true, help: 'Silver gained, or spent when negative.', example: 25 },
      sourceParam('Where it came from or went ("Sold the idol").'),
    ],
  },
  prepare(c, v) {
    const amount = intOf(v, 'amount');
    if (amount === 0) return problem('exalted-hack/no-silver', 'Give the silver gained, or spent as a negative number (--amount -20).', '$.amount');
    const silver = c.silver + amount;
    if (silver < 0) return problem('exalted-hack/not-enough-silver', `${c.name} has ${c.silver} silver; cannot spend ${-amount}.`, '$.amount');
    if (silver > MAX_SILVER) return problem('exalted-hack/too-much-silver', `A character holds at most ${MAX_SILVER} silver; bank the rest.`, '$.amount');
    const next = { ...c, silver };
    return fixed(changed(next, `${sourcePrefix(v)}${amount > 0 ? '+' : ''}${amount} silver, ${c.silver} -> ${silver}`, [`silver ${c.silver} -> ${silver}`, spacesLine(next)]));
  },
};

/** An item added: its spaces and usage die (Inventory and Usage; ruling EH-34). */
export const ITEM_ADD: ChangeRule = {
  def: {
    id: 'item-add', label: 'Add an item', by: 'owner', rollsDice: false, ref: `${REF}, Inventory and Usage`,
    help: 'An item carried: the spaces it takes (STR gives the spaces) and its usage die, if it has one.',
    params: [
      { kind: 'text', name: 'label', label: 'Item', maxLength: MAX_LABEL_LENGTH, isRequired: true, help: 'What it is ("Torches", "Chain shirt").', example: 'Torches' },
      { kind: 'integer', name: 'spaces', label: 'Spaces', min: 0, max: MAX_ITEM_SPACES, default: 1, help: 'Carrying spaces it takes; small things may share one (0), clothes take none.' },
      { kind: 'die', name: 'usage-die', label: 'Usage die', sides: USAGE_DICE, help: 'Its quality or bulk as a usage die, d4 to d12; leave out when it has none.' },
    ],
  },
  prepare(c, v) {
    const label = textOf(v, 'label').trim();
    const id = entryId(label, c.inventory.map((e) => e.id), MAX_LABEL_LENGTH);
    if (id === null) return problem('exalted-hack/bad-label', 'An item needs a name with a letter or a digit.', '$.label');
    if (c.inventory.length >= MAX_INVENTORY_ITEMS) return problem('exalted-hack/inventory-full', `A character lists at most ${MAX_INVENTORY_ITEMS} items; remove one first.`, '$.label');
    const usageDie = optionalIntOf(v, 'usage-die') ?? null;
    const entry: InventoryEntry = { id, label, spaces: intOf(v, 'spaces'), usageDie };
    const next = { ...c, inventory: [...c.inventory, entry] };
    const lines = [`${label} (${id}): ${entry.spaces} space${entry.spaces === 1 ? '' : 's'}${usageDie === null ? '' : `, usage d${usageDie}`}`, spacesLine(next)];
    return fixed(changed(next, `+ ${label}${usageDie === null ? '' : ` (d${usageDie})`}, spaces ${spacesUsed(next)}/${carryingSpaces(Math.max(0, currentScore(c, 'str')))}`, lines));
  },
};

const ITEM_PARAM = { kind: 'text', name: 'item', label: 'Item', maxLength: MAX_LABEL_LENGTH, isRequired: true, help: 'The item, by its id or its name.', example: 'torches' } as const;

/** The first item `c` carries that `fits`, for a form's start. */
function firstItem(c: ExaltedHackCharacter, fits: (e: InventoryEntry) => boolean): ParamRecord {
  const e = c.inventory.find(fits);
  return e === undefined ? {} : { item: e.id };
}

/** An item removed: sold, lost, given away (Inventory and Usage). */
export const ITEM_REMOVE: ChangeRule = {
  def: {
    id: 'item-remove', label: 'Remove an item', by: 'owner', rollsDice: false, ref: `${REF}, Inventory and Usage`,
    help: 'An item no longer carried (sold, lost, left behind); its spaces free up.',
    params: [ITEM_PARAM],
  },
  prepare(c, v) {
    const found = findEntry(c.inventory, textOf(v, 'item'), 'item', 'item');
    if (!found.ok) return found;
    const next = { ...c, inventory: c.inventory.filter((_, i) => i !== found.value.index) };
    return fixed(changed(next, `- ${found.value.entry.label}`, [`${found.value.entry.label} removed`, spacesLine(next)]));
  },
  prefill: (c) => firstItem(c, () => true),
};

/** The item a usage change works on: one with a usage die left (Inventory and Usage). */
function usageItem(c: ExaltedHackCharacter, v: ReadParams): RuleResult<{ readonly entry: InventoryEntry; readonly index: number; readonly die: number }> {
  const found = findEntry(c.inventory, textOf(v, 'item'), 'item', 'item');
  if (!found.ok) return found;
  const die = found.value.entry.usageDie;
  if (die === null) return problem('exalted-hack/no-usage-die', `${found.value.entry.label} has no usage die (or it is used up); spend or use an item that has one.`, '$.item');
  return ok({ ...found.value, die });
}

function withUsageDie(c: ExaltedHackCharacter, index: number, die: number | null): ExaltedHackCharacter {
  return { ...c, inventory: c.inventory.map((e, i) => (i === index ? { ...e, usageDie: die } : e)) };
}

const dieText = (die: number | null): string => (die === null ? 'gone' : `d${die}`);

/** An item spent: its usage die one step down, no roll (Inventory and Usage; EH-19). */
export const ITEM_SPEND: ChangeRule = {
  def: {
    id: 'item-spend', label: 'Spend an item', by: 'owner', rollsDice: false, ref: `${REF}, Inventory and Usage`,
    help: 'Spend: the item\'s usage die drops one step at once, no roll; a spent d4 is gone.',
    params: [ITEM_PARAM],
  },
  prepare(c, v) {
    const item = usageItem(c, v);
    if (!item.ok) return item;
    const after = spendUsage(item.value.die);
    if (!after.ok) return after;
    const next = withUsageDie(c, item.value.index, after.value);
    const line = `${item.value.entry.label}: spent, d${item.value.die} -> ${dieText(after.value)} (Inventory and Usage; EH-19)`;
    return fixed(changed(next, `spent ${item.value.entry.label}, d${item.value.die} -> ${dieText(after.value)}`, [line]));
  },
  prefill: (c) => firstItem(c, (e) => e.usageDie !== null),
};

/** An item used: its usage die rolled, a 1 or 2 burns a step (Inventory and Usage; the `usage` check's definition). */
export const ITEM_USE: ChangeRule = {
  def: {
    id: 'item-use', label: 'Use an item', by: 'owner', rollsDice: true, ref: `${REF}, Inventory and Usage`,
    help: 'Use: roll the item\'s usage die; a 1 or 2 burns it a step, and a d4 that burns is gone.',
    params: [ITEM_PARAM],
  },
  prepare(c, v): RuleResult<PreparedChange> {
    const item = usageItem(c, v);
    if (!item.ok) return item;
    const check = prepareCheck({ check: 'usage', params: { die: item.value.die } });
    if (!check.ok) return check;
    const label = item.value.entry.label;
    return ok({
      odds: () => ({ ...check.value.odds(), check: 'item-use', description: `${label}: usage d${item.value.die}` }),
      make: (rng) => {
        const roll = check.value.roll(rng);
        const spent = spendUsage(item.value.die);
        if (!spent.ok) throw new Error(spent.error.message);
        const after = roll.outcome === 'holds' ? item.value.die : spent.value;
        const next = withUsageDie(c, item.value.index, after);
        return changed(next, `used ${label}: d${item.value.die} rolled ${roll.total}, ${roll.outcome === 'holds' ? 'holds' : dieText(after)}`, [...roll.explanation, `${label}: d${item.value.die} -> ${dieText(after)}`], roll.dice, roll.outcome);
      },
    });
  },
  prefill: (c) => firstItem(c, (e) => e.usageDie !== null),
};

/** The free fields: name, notes, conditions, silver, armour (ruling EH-34). */
export const EDIT: ChangeRule = {
  def: {
    id: 'edit', label: 'Edit', by: 'owner', rollsDice: false, ref: `${REF}, Inventory and Usage; Armor`,
    help: 'The fields no rule decides: name, notes, conditions, silver, the armour worn. Only the fields given change.',
    params: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: MAX_NAME_LENGTH, help: 'The character\'s name.' },
      { kind: 'text', name: 'notes', label: 'Notes', maxLength: MAX_NOTES_LENGTH, help: 'The player\'s notes.' },
      { kind: 'text', name: 'conditions', label: 'Conditions', maxLength: MAX_CONDITIONS_TEXT_LENGTH, help: 'Conditions, comma-separated ("poisoned, fatigued"); empty for none.', example: 'fatigued' },
      { kind: 'integer', name: 'silver', label: 'Silver', min: 0, max: MAX_SILVER, help: 'Silver held.' },
      { kind: 'integer', name: 'armour', label: 'Armour', min: 0, max: MAX_ARMOUR_VALUE, help: 'The armour worn: the value it takes off each attack (0: none; ruling EH-18).' },
      { kind: 'choice', name: 'armour-kind', label: 'Armour kind', choices: ARMOUR_KINDS.map((k) => ({ id: k.id, label: k.label })), help: 'Regular armour stops weapons only; magical armour stops magic too.' },
    ],
  },
  prepare(c, v) {
    let next: ExaltedHackCharacter = c;
    const fields: string[] = [];
    const lines: string[] = [];
    const name = v['name'];
    if (typeof name === 'string') {
      if (name.trim() === '') return problem('exalted-hack/blank-name', 'A name needs at least one character that is not a space.', '$.name');
      next = { ...next, name };
      fields.push('name');
      lines.push(`name: ${c.name} -> ${name}`);
    }
    const notes = v['notes'];
    if (typeof notes === 'string') {
      next = { ...next, notes };
      fields.push('notes');
      lines.push(`notes: ${notes.length} characters`);
    }
    const conditionsText = v['conditions'];
    if (typeof conditionsText === 'string') {
      const conditions = readConditions(conditionsFromText(conditionsText), '$.conditions');
      if (!conditions.ok) return problem('exalted-hack/bad-conditions', `Conditions: ${conditions.error.message.replace(/^conditions(\[\d+\])?: /, '')}. Give at most ${MAX_CHARACTER_CONDITIONS} different conditions of up to ${MAX_CHARACTER_CONDITION_LENGTH} characters, comma-separated.`, '$.conditions');
      next = { ...next, conditions: [...conditions.value] };
      fields.push('conditions');
      lines.push(`conditions: ${conditions.value.length === 0 ? 'none' : conditions.value.join(', ')}`);
    }
    const silver = optionalIntOf(v, 'silver');
    if (silver !== undefined) {
      next = { ...next, silver };
      fields.push('silver');
      lines.push(`silver ${c.silver} -> ${silver}`, spacesLine(next));
    }
    const armour = optionalIntOf(v, 'armour');
    const kind = v['armour-kind'];
    if (armour !== undefined || typeof kind === 'string') {
      next = { ...next, armour: { value: armour ?? c.armour.value, kind: typeof kind === 'string' ? (kind as ArmourKindId) : c.armour.kind } };
      fields.push('armour');
      lines.push(`armour ${armourText(c)} -> ${armourText(next)} (Armor)`);
    }
    if (fields.length === 0) return problem('exalted-hack/nothing-to-edit', 'Give at least one field to change: --name, --notes, --conditions, --silver, --armour or --armour-kind.');
    return fixed(changed(next, `edited ${fields.join(', ')}`, lines));
  },
  prefill: (c) => ({ name: c.name, notes: c.notes, conditions: c.conditions.join(', '), silver: c.silver, armour: c.armour.value, 'armour-kind': c.armour.kind }),
};

