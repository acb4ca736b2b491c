/**
 * The `damage` change: damage that is not a tracked attack (a trap, a fall, a spell's DV) taken by the
 * character through the same soak flow as an attack's hit: the Armour Die, then the Health Die,
 * Overwhelming damage with spill-over, the soak roll, partial coverage, Penetrating and a combat Crit's
 * free step. Odds and roll share one definition: the DV's dice (`dvPoints` / `rollDv`) and the library's
 * hit (`hitOutcomesForDamageRoll` / `rollHit`, which share every deterministic step).
 * Rules: HAMMERCRAWL! v4, DAMAGE; Combat Crits; ARMOUR (Coverage); Weapon Tags (Penetrating); STATS
 * (CON). Rulings: docs/rulings.md (H-1 .. H-12, PL-2, PL-4).
 */
import type { DistributionPoint } from '../../../dice/distribution.js';
import type { RandomSource } from '../../../dice/random.js';
import { HAMMERCRAWL_CHAIN } from '../../../dice/dice-chain.js';
import { ok, type CheckDie, type CheckOdds, type OutcomeOdds, type ParamDef, type RuleResult, type ValueOdds } from '../../rule-system.js';
import type { Character } from '../character.js';
import {
  DamageError,
  MAX_DAMAGE_VALUE,
  hitOutcomesForDamageRoll,
  rollHit,
  type DamageSettings,
  type Defender,
  type Hit,
  type HitEvent,
} from '../damage.js';
import { armourText, diceSumPoints, healthText, sidesOf, stepsLost, textOf } from './dice.js';
import { MAX_SOURCE_LENGTH, PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { isSet, numberOf, refuse, textOf as paramText, type Read } from './params.js';

/** Most DV dice one damage change rolls (a fall's 10d6 is far past any soak die's reach). */
export const MAX_DV_DICE = 10;

/** Dice a rolled DV may use: the chain and d100. */
export const DV_DIE_SIDES: readonly number[] = [...HAMMERCRAWL_CHAIN.sides, 100];

const PARAMS: readonly ParamDef[] = [
  { name: 'source', kind: 'text', maxLength: MAX_SOURCE_LENGTH, default: '', label: 'What hit', help: 'what dealt the damage, for the history ("Pit trap", "Fireball")', example: 'Pit trap' },
  {
    name: 'dv',
    kind: 'integer',
    min: 0,
    max: MAX_DAMAGE_VALUE,
    isRequired: true,
    label: 'Damage Value (DV)',
    help: 'the DV; with DV dice, what is added to their roll (0 for nothing)',
    example: 4,
  },
  { name: 'dv-die', kind: 'die', sides: DV_DIE_SIDES, label: 'DV die', help: 'a rolled DV: the die thrown (leave empty for a fixed DV)' },
  { name: 'dv-dice', kind: 'integer', min: 1, max: MAX_DV_DICE, default: 1, label: 'DV dice', help: 'how many DV dice are thrown and added' },
  { name: 'penetrating', kind: 'boolean', default: false, label: 'Penetrating', help: 'bypasses armour: the Health Die soaks (not magickal armour, unless the source is magickal)' },
  { name: 'magickal', kind: 'boolean', default: false, label: 'Magickal source', help: 'a Penetrating magickal source also bypasses magickal armour' },
  { name: 'magickal-armour', kind: 'boolean', default: false, label: 'Magickal armour', help: 'the worn armour is magickal: a mundane Penetrating source does not bypass it' },
  { name: 'partial-armour', kind: 'boolean', default: false, label: 'Partial armour', help: 'the armour covers part of the body: a d10 of 1-3 finds an unprotected spot and the Health Die soaks' },
  { name: 'crit', kind: 'boolean', default: false, label: 'Crit', help: 'a combat Crit: one free step off a die before the DV is resolved' },
  {
    name: 'crit-to',
    kind: 'choice',
    choices: [
      { id: 'armour', label: 'Armour Die' },
      { id: 'health', label: 'Health Die' },
    ],
    default: 'armour',
    label: 'Crit step to',
    help: "the defender's choice of die for the Crit's free step (the Health Die when no armour soaks)",
  },
  { name: 'con-on-armour', role: 'setting', kind: 'boolean', default: false, label: 'CON mod adds to Armour Die soaks', help: 'the table setting (ruling H-1): off, CON adds to Health Die soaks only' },
];

/** A DV: `count` dice of `sides` (none when `sides` is null) plus `flat`. */
interface DvSpec {
  readonly count: number;
  readonly sides: number | null;
  readonly flat: number;
}

function dvSpecOf(p: Read): DvSpec {
  const sides = numberOf(p, 'dv-die') ?? null;
  return { count: sides === null ? 0 : numberOf(p, 'dv-dice')!, sides, flat: numberOf(p, 'dv')! };
}

function dvText(dv: DvSpec): string {
  if (dv.sides === null) return `DV ${dv.flat}`;
  return `DV ${dv.count === 1 ? '' : dv.count}d${dv.sides}${dv.flat === 0 ? '' : `+${dv.flat}`}`;
}

/** The exact distribution of the DV: the dice's sum plus the flat part (at most `MAX_DAMAGE_VALUE`). */
function dvPoints(dv: DvSpec): DistributionPoint[] {
  return diceSumPoints(dv.count, dv.sides ?? 1).map(({ value, p }) => ({ value: Math.min(MAX_DAMAGE_VALUE, value + dv.flat), p }));
}

/** Throws the DV's dice: the DV (at most `MAX_DAMAGE_VALUE`) and the dice thrown. */
function rollDv(rng: RandomSource, dv: DvSpec): { readonly dv: number; readonly dice: CheckDie[] } {
  const dice: CheckDie[] = [];
  let total = dv.flat;
  for (let i = 0; i < dv.count; i++) {
    const face = rng.rollDie(dv.sides!);
    dice.push({ sides: dv.sides!, face, isKept: true, role: 'DV' });
    total += face;
  }
  return { dv: Math.min(MAX_DAMAGE_VALUE, total), dice };
}

function defenderOf(c: Character, p: Read): Defender {
  return {
    healthDie: sidesOf(c.healthDie),
    armourDie: sidesOf(c.armourDie),
    conMod: c.stats.CON.mod,
    armourCoverage: isSet(p, 'partial-armour') ? 'partial' : 'full',
    isArmourMagickal: isSet(p, 'magickal-armour'),
  };
}

function hitOf(p: Read): Omit<Hit, 'dv'> {
  return {
    isPenetrating: isSet(p, 'penetrating'),
    isMagickal: isSet(p, 'magickal'),
    isCrit: isSet(p, 'crit'),
    critStepTo: paramText(p, 'crit-to') === 'health' ? 'health' : 'armour',
  };
}

function settingsOf(p: Read): DamageSettings {
  return { conAppliesToArmour: isSet(p, 'con-on-armour') };
}

/** The outcome of a hit by the dice after it: `health-d8-armour-d6`, `down`, `health-d6-armour-destroyed`. */
function outcomeOf(c: Character, armour: number | null, health: number | null): { readonly id: string; readonly label: string } {
  const base = sidesOf(c.baseArmourDie);
  const healthPart = health === null ? { id: 'down', label: 'Down' } : { id: `health-d${health}`, label: `Health d${health}` };
  if (base === null && armour === null) return healthPart;
  return { id: `${healthPart.id}-armour-${armourText(armour, base)}`, label: `${healthPart.label}, Armour ${armourText(armour, base)}` };
}

/** The Health Die taking no damage at all: the character is already down (ruling H-10). */
function checkStanding(c: Character): RuleResult<true> {
  if (c.healthDie === null) {
    return refuse('damage/defender-down', `${c.name} is already down, unconscious and dying: what further damage does is the Smith's to rule (H-10); heal them first.`);
  }
  return ok(true);
}

function rulesLines(c: Character, p: Read): string[] {
  const lines: string[] = [];
  const con = c.stats.CON.mod;
  const soaks = c.armourDie !== null ? `the Armour Die d${sidesOf(c.armourDie)} soaks first, then the Health Die ${c.healthDie}` : `the Health Die ${c.healthDie} soaks (no armour${c.baseArmourDie !== null ? ' left' : ''})`;
  lines.push(`Soak (DAMAGE): ${soaks}; Overwhelming when the DV reaches the die's highest roll, a soak roll must beat the DV, a natural 1 fails`);
  if (con !== 0) lines.push(`CON mod ${con > 0 ? '+' : ''}${con} adds to Health Die soaks${isSet(p, 'con-on-armour') ? ' and, by the table setting, to Armour Die soaks' : ' only (H-1)'}`);
  if (isSet(p, 'penetrating')) lines.push(isSet(p, 'magickal-armour') && !isSet(p, 'magickal') ? 'Penetrating, but the armour is magickal and the source is not: the armour soaks (H-8)' : 'Penetrating: bypasses the armour, the Health Die soaks (H-8)');
  if (isSet(p, 'partial-armour') && c.armourDie !== null) lines.push('Partial armour: a d10 of 1-3 finds an unprotected spot, and the Health Die soaks instead (H-9)');
  if (isSet(p, 'crit')) lines.push(`Crit: one free step off the ${paramText(p, 'crit-to') === 'health' ? 'Health' : 'Armour'} Die before the DV (H-7)`);
  return lines;
}

function oddsOf(c: Character, p: Read): RuleResult<CheckOdds> {
  const standing = checkStanding(c);
  if (!standing.ok) return standing;
  const dv = dvSpecOf(p);
  const defender = defenderOf(c, p);
  const outcomes = hitOutcomesForDamageRoll(defender, dvPoints(dv), hitOf(p), settingsOf(p));
  const lost = new Map<number, number>();
  const named: OutcomeOdds[] = outcomes.map((o) => {
    const steps = stepsLost(defender.healthDie, o.healthDie) + stepsLost(defender.armourDie, o.armourDie);
    lost.set(steps, (lost.get(steps) ?? 0) + o.p);
    const { id, label } = outcomeOf(c, o.armourDie, o.healthDie);
    return { outcome: id, label, p: o.p };
  });
  const values: ValueOdds[] = [...lost.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }));
  return ok({
    check: 'damage',
    description: `${dvText(dv)} against ${c.armourDie !== null ? `Armour d${sidesOf(c.armourDie)}, ` : ''}Health ${c.healthDie}; values: steps lost`,
    outcomes: named,
    values,
    mean: values.reduce((m, v) => m + v.value * v.p, 0),
    explanation: rulesLines(c, p),
  });
}

function hitDice(events: readonly HitEvent[]): CheckDie[] {
  const dice: CheckDie[] = [];
  for (const e of events) {
    if (e.kind === 'coverage') dice.push({ sides: e.sides, face: e.face, isKept: true, role: 'partial armour' });
    if (e.kind === 'soak-roll') dice.push({ sides: e.sides, face: e.face, isKept: true, role: e.die === 'armour' ? 'soak: Armour Die' : 'soak: Health Die' });
  }
  return dice;
}

function rollOf(rng: RandomSource, c: Character, p: Read): RuleResult<ChangeResult> {
  const standing = checkStanding(c);
  if (!standing.ok) return standing;
  const spec = dvSpecOf(p);
  const defender = defenderOf(c, p);
  const thrown = rollDv(rng, spec);
  const hit = rollHit(rng, defender, { ...hitOf(p), dv: thrown.dv }, settingsOf(p));
  const after = hit.defender;
  const baseArmour = sidesOf(c.baseArmourDie);
  const changes: string[] = [];
  if (after.armourDie !== defender.armourDie) changes.push(`Armour ${armourText(defender.armourDie, baseArmour)} -> ${armourText(after.armourDie, baseArmour)}`);
  if (after.healthDie !== defender.healthDie) changes.push(`Health ${healthText(defender.healthDie)} -> ${healthText(after.healthDie)}`);
  const source = paramText(p, 'source')?.trim() || 'Damage';
  const rolled = spec.sides === null ? `DV ${thrown.dv}` : `${dvText(spec)} = ${thrown.dv}`;
  const explanation = [
    ...(spec.sides === null ? [] : [`${dvText(spec)}: ${thrown.dice.map((d) => d.face).join(' + ')}${spec.flat === 0 ? '' : ` + ${spec.flat}`} = ${thrown.dv}`]),
    ...rulesLines(c, p),
    ...hit.events.map((e) => e.text),
    ...(hit.isDown ? [`${c.name} is down, unconscious and dying: the Health Die is gone until healed (PL-2)`] : []),
  ];
  return ok({
    character: { ...c, healthDie: textOf(after.healthDie), armourDie: textOf(after.armourDie) },
    summary: `${source}: ${rolled}, ${changes.length === 0 ? 'soaked, no step lost' : changes.join(', ')}`,
    explanation,
    dice: [...thrown.dice, ...hitDice(hit.events)],
    outcome: outcomeOf(c, after.armourDie, after.healthDie).id,
  });
}

/** Runs the library's damage code, a `DamageError` (a bad DV or CON mod) becoming a refusal. */
function guarded<T>(f: () => RuleResult<T>): RuleResult<T> {
  try {
    return f();
  } catch (e) {
    if (e instanceof DamageError) return refuse(e.code, e.message, e.code === 'damage/dv-out-of-range' ? 'dv' : undefined);
    throw e;
  }
}

/**
 * `damage`: a DV taken through the soak flow (a trap, a fall, a spell). The owner's as well as the
 * Smith's: the players roll their own defenses (HAMMERSMITH ACTIONS; ruling PL-4).
 */
export const DAMAGE_CHANGE: ChangeKind = {
  def: {
    id: 'damage',
    label: 'Take damage',
    help: 'a DV that is not a tracked attack (a trap, a fall, a spell): the Armour Die soaks, then the Health Die, with Overwhelming damage and the soak roll',
    ref: `${PLAY_REF}, DAMAGE`,
    by: 'owner',
    rollsDice: true,
    params: PARAMS,
  },
  odds: (c, p) => guarded(() => oddsOf(c, p)),
  roll: (rng, c, p) => guarded(() => rollOf(rng, c, p)),
};
