/**
 * The `heal` and `rest` changes: steps of the Health Die (and the Armour Die) restored up to their base
 * dice. `heal` is a manual step count from a healing item, spell or power; `rest` is a camp break, a
 * night's camp or a rest in town, each restoring what the rulings give it, with the Smith's count
 * where the text gives none.
 * Rules: HAMMERCRAWL! v4, RESOURCES ("until replenished, renewed, repaired, or otherwise restored");
 * DAMAGE ("your Health Die is temporarily reduced"); VENTURES AND SESSION STRUCTURE; CAMPING AND RESTING
 * (a heading with notes); Devout, Lay on Hands ("restores 1 lost HD step, or 3 with a crit").
 * Rulings: docs/rulings.md (PL-5 .. PL-7).
 */
import { ok, type ParamDef, type RuleResult } from '../../rule-system.js';
import type { Character } from '../character.js';
import { MAX_RESTORE_STEPS, armourText, healthText, restoreSteps, sidesOf, textOf, type Restored } from './dice.js';
import { MAX_SOURCE_LENGTH, PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { numberOf, refuse, textOf as paramText, type Read } from './params.js';

/** Which die a heal or repair restores. */
type Which = 'health' | 'armour';

/** A die restored: its line for people, or `null` when nothing changed. */
function restoreLine(c: Character, which: Which, r: Restored): string | null {
  if (r.restored === 0) return null;
  return which === 'health'
    ? `Health ${healthText(sidesOf(c.healthDie))} -> ${healthText(r.after)}`
    : `Armour ${armourText(sidesOf(c.armourDie), sidesOf(c.baseArmourDie))} -> ${armourText(r.after, sidesOf(c.baseArmourDie))}`;
}

/** `steps` restored to one die of `c`, or `null` when the die has no base (no armour). */
function restoreOf(c: Character, which: Which, steps: number): Restored | null {
  const base = sidesOf(which === 'health' ? c.baseHealthDie : c.baseArmourDie);
  if (base === null) return null;
  return restoreSteps(sidesOf(which === 'health' ? c.healthDie : c.armourDie), base, steps);
}

function withRestored(c: Character, which: Which, r: Restored): Character {
  return which === 'health' ? { ...c, healthDie: textOf(r.after) } : { ...c, armourDie: textOf(r.after) };
}

// ---- heal ------------------------------------------------------------------------------------------

const HEAL_PARAMS: readonly ParamDef[] = [
  { name: 'steps', kind: 'integer', min: 1, max: MAX_RESTORE_STEPS, default: 1, label: 'Steps', help: 'die steps restored (Lay on Hands: 1, or 3 on a crit); never past the base die' },
  {
    name: 'die',
    kind: 'choice',
    choices: [
      { id: 'health', label: 'Health Die' },
      { id: 'armour', label: 'Armour Die (a repair)' },
    ],
    default: 'health',
    label: 'Die',
    help: 'the Health Die (healing), or the Armour Die (a mending or repair)',
  },
  { name: 'source', kind: 'text', maxLength: MAX_SOURCE_LENGTH, default: '', label: 'Source', help: 'what heals ("Healing potion", "Lay on Hands")', example: 'Healing potion' },
];

function rollHeal(c: Character, p: Read): RuleResult<ChangeResult> {
  const which: Which = paramText(p, 'die') === 'armour' ? 'armour' : 'health';
  const steps = numberOf(p, 'steps')!;
  const r = restoreOf(c, which, steps);
  if (r === null) return refuse('heal/no-armour', `${c.name} has no Armour Die to repair (no armour worn, no Armour of Righteousness); heal the Health Die instead.`, 'die');
  if (r.restored === 0) {
    const die = which === 'health' ? `the Health Die is at its base ${c.baseHealthDie}` : `the Armour Die is at its base ${c.baseArmourDie}`;
    return refuse('heal/nothing-to-heal', `${c.name} has nothing to restore: ${die}.`, 'die');
  }
  const source = paramText(p, 'source')?.trim() || (which === 'health' ? 'Healing' : 'Repair');
  const line = restoreLine(c, which, r)!;
  const wasGone = (which === 'health' ? c.healthDie : c.armourDie) === null;
  return ok({
    character: withRestored(c, which, r),
    summary: `${source}: ${line}`,
    explanation: [
      `${source}: ${steps} step${steps === 1 ? '' : 's'} up the chain, never past the base die (PL-5)`,
      ...(wasGone ? [which === 'health' ? 'from down, the first step back is a d3: conscious again (PL-5)' : 'from destroyed, the first step back is a d3 (PL-5)'] : []),
      line,
      ...(r.unused > 0 ? [`${r.unused} step${r.unused === 1 ? '' : 's'} found nothing to restore: the die is at its base`] : []),
    ],
    dice: [],
  });
}

/** `heal`: a manual number of steps back to the Health Die (or the Armour Die), from an item, spell or power. */
export const HEAL_CHANGE: ChangeKind = {
  def: {
    id: 'heal',
    label: 'Heal',
    help: 'restore steps of the Health Die (or repair the Armour Die) from a potion, spell or power, up to the base die',
    ref: `${PLAY_REF}, RESOURCES; DAMAGE (Damage Step); Devout (Lay on Hands)`,
    by: 'owner',
    rollsDice: false,
    params: HEAL_PARAMS,
  },
  roll: (_rng, c, p) => rollHeal(c, p),
  prefill: (c) => ({ die: c.healthDie === c.baseHealthDie && c.baseArmourDie !== null && c.armourDie !== c.baseArmourDie ? 'armour' : 'health' }),
};

// ---- rest ------------------------------------------------------------------------------------------

/** The kinds of rest: the Venture's camp break and night, and the return to town. */
export const REST_KINDS = [
  { id: 'break', label: 'Camp break', healthSteps: 0, armourSteps: 0 },
  { id: 'night', label: "A full night's camp", healthSteps: 0, armourSteps: 0 },
  { id: 'town', label: 'Rest in town', healthSteps: MAX_RESTORE_STEPS, armourSteps: MAX_RESTORE_STEPS },
] as const;

const REST_PARAMS: readonly ParamDef[] = [
  { name: 'kind', kind: 'choice', choices: REST_KINDS.map((k) => ({ id: k.id, label: k.label })), isRequired: true, label: 'Rest', help: 'a camp break between rooms, a full night in the dungeon, or a rest in town', example: 'night' },
  {
    name: 'health-steps',
    kind: 'integer',
    min: 0,
    max: MAX_RESTORE_STEPS,
    label: 'Health Die steps',
    help: "steps the rest restores, as the Smith rules; left empty: none at a camp, all in town (PL-6)",
  },
  {
    name: 'armour-steps',
    kind: 'integer',
    min: 0,
    max: MAX_RESTORE_STEPS,
    label: 'Armour Die steps (repair)',
    help: 'steps of armour repaired; left empty: none at a camp, all in town (PL-6)',
  },
];

function rollRest(c: Character, p: Read): RuleResult<ChangeResult> {
  const kind = REST_KINDS.find((k) => k.id === paramText(p, 'kind'))!;
  const healthSteps = numberOf(p, 'health-steps') ?? kind.healthSteps;
  const armourSteps = numberOf(p, 'armour-steps') ?? kind.armourSteps;
  const health = restoreOf(c, 'health', healthSteps)!;
  const armour = restoreOf(c, 'armour', armourSteps);
  let after = withRestored(c, 'health', health);
  if (armour !== null) after = withRestored(after, 'armour', armour);
  const lines = [restoreLine(c, 'health', health), armour === null ? null : restoreLine(c, 'armour', armour)].filter((l): l is string => l !== null);
  const explanation = [
    kind.id === 'town'
      ? 'In town between Ventures the party is made whole: the Health Die back to its base, armour repaired to its base (VENTURES AND SESSION STRUCTURE: each Venture starts with a fresh party; PL-6)'
      : `${kind.label}: the text gives no Health Die or armour recovery ("some of their spent resources"); the Smith's steps apply (PL-6)`,
    `Health Die steps: ${healthSteps === MAX_RESTORE_STEPS ? 'all' : healthSteps}; Armour Die steps: ${armourSteps === MAX_RESTORE_STEPS ? 'all' : armourSteps}`,
    ...(lines.length > 0 ? lines : ['nothing restored']),
    ...(after.healthDie === null ? [`${c.name} is still down, unconscious and dying: heal them or the Smith rules (PL-5)`] : []),
    'Limits that come back with a camp or the return to town (re-rolls, powers per Venture) and spells, Mana-burn and burnt CON are the table\'s Venture and magick (VE-2, VE-8 .. VE-10)',
  ];
  return ok({ character: after, summary: `${kind.label}: ${lines.length > 0 ? lines.join(', ') : 'nothing restored'}`, explanation, dice: [] });
}

/** `rest`: a camp break, a night's camp or a rest in town, and what each restores to the dice (PL-6). */
export const REST_CHANGE: ChangeKind = {
  def: {
    id: 'rest',
    label: 'Rest',
    help: "a camp break or night's camp (the Smith's steps back) or a rest in town (Health Die and armour back to their base dice)",
    ref: `${PLAY_REF}, VENTURES AND SESSION STRUCTURE; CAMPING AND RESTING`,
    by: 'owner',
    rollsDice: false,
    params: REST_PARAMS,
  },
  roll: (_rng, c, p) => rollRest(c, p),
  prefill: () => ({ kind: 'night' }),
};
