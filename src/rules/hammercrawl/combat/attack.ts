/**
 * One attack, from the roll to the target's dice: who rolls (the attacker against passive Defense, the
 * player's Defense roll against a minion's static attack, or a Competition against Total Defense), the
 * combat Crit (the attack die's top face, or a natural 1 on a Defense roll), then the DAMAGE flow through
 * `rollHit`. `attackOdds` composes the check's exact odds with `hitOutcomesForDamageRoll`, from the same
 * prepared checks and damage tree that `rollAttack` rolls.
 * Rules: HAMMERCRAWL! v4, STANDARD COMBAT ACTIONS (ATTACK!, Total Defense), HAMMERSMITH ACTIONS,
 * EXTENDED COMBAT OPTIONS (Called Shots, Combat Crits), DAMAGE. Rulings: docs/rulings.md.
 */
import {
  distributionOfResolved,
  scriptedRandom,
  type Distribution,
  type RandomSource,
  type ResolvedDiceTerm,
} from '../../../dice/index.js';
import {
  USUAL_CRIT_THRESHOLD,
  prepareCheck,
  prepareCompetition,
  rollCheck,
  rollCompetition,
  type CheckResult,
  type CompetitionResult,
  type CompetitorSpec,
  type PreparedCheck,
  type PreparedCompetition,
} from '../checks.js';
import {
  DEFAULT_DAMAGE_SETTINGS,
  hitOutcomesForDamageRoll,
  rollHit,
  type DamageSettings,
  type Defender,
  type Hit,
  type HitOutcome,
  type HitResult,
  type SoakDieKind,
} from '../damage.js';
import { harmDistribution, rollHarm, type HarmRoll, type PreparedHarm } from './harm.js';

/**
 * Who rolls (ruling CB-2): `attack-roll` (the attacker's Challenge against passive Defense), `defense-roll`
 * (a player's Defense Challenge against a minion's static attack value; failing it is a hit) or
 * `competition` (the target is in Total Defense: both roll, ties to the defender).
 */
export type AttackMode = 'attack-roll' | 'defense-roll' | 'competition';

/**
 * One side's roll in an attack: die (d20), static mods, steps (+ favours the roller), vantage, Feat Die.
 * @example { mods: [statModifier('STR', 1)], steps: [smithStep(-1, 'Called shot')] }
 */
export type AttackRollSpec = CompetitorSpec;

/**
 * An attack as data, ready to roll or to weigh: the rolls, the target number, the crit rule, the damage
 * and the defender's dice.
 */
export interface AttackSpec {
  readonly mode: AttackMode;
  /** The attacker's roll (attack-roll and competition). */
  readonly attack: AttackRollSpec;
  /** The defender's roll (defense-roll and competition). */
  readonly defense: AttackRollSpec;
  /** attack-roll: the Defense to beat; defense-roll: the minion's attack value the Defense roll must beat. */
  readonly target: number;
  /** The (C16) threshold: a crit needs a die of at least this size (Crits). */
  readonly critMin: number;
  /** How many top faces of the attack die crit: 1, more with Two-Handed's wider crit range. */
  readonly critFaces: number;
  readonly harm: PreparedHarm;
  /** Penetrating, magickal, where the Crit's free step goes. */
  readonly hit: Omit<Hit, 'dv' | 'isCrit'>;
  readonly defender: Defender;
  readonly damageSettings: DamageSettings;
}

/** An attack ready to roll: its checks prepared once (reused by every roll and by the odds). */
export interface PreparedAttack {
  readonly spec: AttackSpec;
  readonly attackCheck: PreparedCheck | null;
  readonly defenseCheck: PreparedCheck | null;
  readonly competition: PreparedCompetition | null;
}

/** Re-rolls a defender may spend on the soak roll of this hit (Revenant, HD Re-rolls, Droffen Armour Die re-rolls). */
export interface SoakRerolls {
  /** Revenant: Health Die soak faces at or under this are re-rolled once; advanced adds advantage. */
  readonly revenant?: { readonly rerollUpTo: number; readonly advantage: boolean } | null;
  /** HD Re-rolls the defender will spend on a failed Health Die soak roll (0 or more; one per hit at most). */
  readonly hdRerolls?: number;
  /** Armour Die re-rolls the defender will spend on a failed Armour Die soak roll (Droffen). */
  readonly armourRerolls?: number;
  /** The attacker's offensive HD Re-roll: re-roll the Harm roll once when its die shows this or less (needs a use). */
  readonly harmRerollAtMost?: number;
}

/**
 * A hook between the attack roll and the damage (Sharpshooter's second die): it may roll, and may swap the
 * damage roll (+1 damage step).
 */
export interface AttackHooks {
  readonly beforeDamage?: (
    rng: RandomSource,
    attack: { readonly natural: number | null; readonly sides: number; readonly isCrit: boolean },
  ) => { readonly harm?: PreparedHarm; readonly lines: readonly string[] };
}

/** A rolled attack: the checks, hit and crit, the damage roll and what the hit did. */
export interface AttackRoll {
  readonly mode: AttackMode;
  readonly attackCheck: CheckResult | null;
  readonly defenseCheck: CheckResult | null;
  readonly competition: CompetitionResult | null;
  readonly isHit: boolean;
  readonly isCrit: boolean;
  /** Which roll made the crit: the attack die's top face, or the Defense roll's natural 1. */
  readonly critBy: 'attack' | 'defense' | null;
  readonly harm: HarmRoll | null;
  readonly hitResult: HitResult | null;
  /** The defender's dice after the attack. */
  readonly defender: Defender;
  /** Re-rolls spent on the soak roll. */
  readonly rerollsUsed: { readonly hd: number; readonly armour: number; readonly revenant: boolean; readonly harm: number };
  /** DV left when the hit put the target down through Overwhelming damage (Hack and Slash), else 0. */
  readonly leftoverDv: number;
  readonly lines: readonly string[];
}

/** The exact odds of an attack: hit, crit and miss, and every end state of the target's dice. */
export interface AttackOdds {
  readonly mode: AttackMode;
  /** P(the attack hits), crits included. */
  readonly hit: number;
  /** P(a combat Crit). */
  readonly crit: number;
  readonly miss: number;
  /** Every (Armour Die, Health Die) after the attack with its chance, a miss included; down is `healthDie: null`. */
  readonly outcomes: readonly HitOutcome[];
  /** P(the target goes down). */
  readonly down: number;
  /** The damage roll's distribution (DV before the floor at 0). */
  readonly damage: Distribution;
}

/** Prepares an attack's checks once (no randomness). */
export function prepareAttack(spec: AttackSpec): PreparedAttack {
  if (!Number.isInteger(spec.critFaces) || spec.critFaces < 1) throw new RangeError(`critFaces is at least 1, got ${spec.critFaces}`);
  if (spec.mode === 'attack-roll') {
    return { spec, attackCheck: prepareCheck({ ...spec.attack, kind: 'challenge', target: spec.target, critMin: spec.critMin }), defenseCheck: null, competition: null };
  }
  if (spec.mode === 'defense-roll') {
    return { spec, attackCheck: null, defenseCheck: prepareCheck({ ...spec.defense, kind: 'challenge', target: spec.target, critMin: spec.critMin }), competition: null };
  }
  const competition = prepareCompetition({
    first: { ...spec.attack, critMin: spec.critMin },
    second: { ...spec.defense, critMin: spec.critMin },
    ties: 'defender',
    defender: 'second',
  });
  return { spec, attackCheck: null, defenseCheck: null, competition };
}

function checkDie(check: PreparedCheck): ResolvedDiceTerm {
  return check.resolved.terms[0] as ResolvedDiceTerm;
}

/** The natural faces of the attack die that crit (Crits; Two-Handed's wider range), or none below the threshold. */
function attackCritFrom(check: PreparedCheck, spec: AttackSpec): number | null {
  const die = checkDie(check);
  if (!die.unit || die.maxFace < spec.critMin) return null;
  return die.maxFace - spec.critFaces + 1;
}

/** A Defense roll's natural 1 lets the enemy crit (Combat Crits), on a die big enough to crit (ruling CB-6). */
function defenseCritFace(check: PreparedCheck, spec: AttackSpec): number | null {
  const die = checkDie(check);
  if (!die.unit || die.maxFace < spec.critMin) return null;
  return die.minFace;
}

/**
 * Rolls the soak with the defender's re-rolls: `rollHit` is rolled through a recording source, and when a
 * re-roll changes the soak roll's face the hit is replayed with the same dice and the new face (the soak
 * roll is always the hit's last die).
 */
export function rollHitWithRerolls(
  rng: RandomSource,
  defender: Defender,
  hit: Hit,
  rerolls: SoakRerolls,
  settings: DamageSettings = DEFAULT_DAMAGE_SETTINGS,
): { readonly result: HitResult; readonly used: { hd: number; armour: number; revenant: boolean }; readonly lines: string[] } {
  const faces: number[] = [];
  const recording: RandomSource = {
    rollDie(sides: number): number {
      const f = rng.rollDie(sides);
      faces.push(f);
      return f;
    },
  };
  const first = rollHit(recording, defender, hit, settings);
  const used = { hd: 0, armour: 0, revenant: false };
  const lines: string[] = [];
  let soak: Extract<HitResult['events'][number], { kind: 'soak-roll' }> | undefined;
  for (const e of first.events) if (e.kind === 'soak-roll') soak = e;
  if (!soak) return { result: first, used, lines };
  let face = soak.face;
  const fails = (f: number) => f === 1 || f + soak!.modifier <= soak!.dv;
  const rev = rerolls.revenant;
  if (soak.die === 'health' && rev) {
    if (rev.advantage) {
      const extra = rng.rollDie(soak.sides);
      if (extra > face) {
        lines.push(`Revenant: soak at advantage, ${face} and ${extra}: keeps ${extra}`);
        face = extra;
        used.revenant = true;
      } else lines.push(`Revenant: soak at advantage, ${face} and ${extra}: keeps ${face}`);
    }
    if (face <= rev.rerollUpTo) {
      const again = rng.rollDie(soak.sides);
      lines.push(`Revenant: re-rolls the ${face} -> ${again}`);
      face = again;
      used.revenant = true;
    }
  }
  if (fails(face) && soak.die === 'health' && (rerolls.hdRerolls ?? 0) > 0) {
    const again = rng.rollDie(soak.sides);
    lines.push(`HD Re-roll on the Health Die soak: ${face} -> ${again}`);
    face = again;
    used.hd = 1;
  } else if (fails(face) && soak.die === 'armour' && (rerolls.armourRerolls ?? 0) > 0) {
    const again = rng.rollDie(soak.sides);
    lines.push(`Armour Die re-roll: ${face} -> ${again}`);
    face = again;
    used.armour = 1;
  }
  if (face === soak.face) return { result: first, used, lines };
  const replay = scriptedRandom([...faces.slice(0, -1), face]);
  return { result: rollHit(replay, defender, hit, settings), used, lines };
}

/** DV left over when the hit downed the defender by Overwhelming damage (Hack and Slash carries it). */
export function leftoverDvOf(result: HitResult): number {
  if (!result.isDown) return 0;
  for (const e of result.events) {
    if (e.kind === 'overwhelming' && e.die === 'health' && e.to === null) return e.dvAfter;
  }
  return 0;
}

/** The rolls of an attack without the damage: who rolled what, hit or miss, and the crit. */
export interface AttackChecks {
  readonly attackCheck: CheckResult | null;
  readonly defenseCheck: CheckResult | null;
  readonly competition: CompetitionResult | null;
  readonly isHit: boolean;
  readonly critBy: 'attack' | 'defense' | null;
  readonly lines: readonly string[];
}

/**
 * Rolls an attack's checks only (a Tactical Attack does no damage): the attack roll against Defense, the
 * Defense roll against a minion, or the Competition against Total Defense, and the combat Crit.
 */
export function rollAttackChecks(rng: RandomSource, attack: AttackSpec | PreparedAttack): AttackChecks {
  const p = 'spec' in attack ? attack : prepareAttack(attack);
  const spec = p.spec;
  let attackCheck: CheckResult | null = null;
  let defenseCheck: CheckResult | null = null;
  let competition: CompetitionResult | null = null;
  let isHit = false;
  let critBy: AttackRoll['critBy'] = null;
  const lines: string[] = [];
  if (p.attackCheck) {
    attackCheck = rollCheck(rng, p.attackCheck);
    const face = attackCritFrom(p.attackCheck, spec);
    if (face !== null && attackCheck.natural !== null && attackCheck.natural >= face) critBy = 'attack';
    isHit = attackCheck.success === true || critBy !== null;
    lines.push(`attack: ${attackCheck.summary}`);
  } else if (p.defenseCheck) {
    defenseCheck = rollCheck(rng, p.defenseCheck);
    const face = defenseCritFace(p.defenseCheck, spec);
    if (face !== null && defenseCheck.natural === face) critBy = 'defense';
    isHit = defenseCheck.success !== true || critBy !== null;
    lines.push(`Defense roll: ${defenseCheck.summary}${defenseCheck.success ? ': defended' : ': hit'}`);
  } else {
    const c = p.competition!;
    competition = rollCompetition(rng, c);
    const round = competition.rounds[0];
    if (round) {
      const aFace = attackCritFrom(c.first, spec);
      const dFace = defenseCritFace(c.second, spec);
      if (aFace !== null && round.first.natural !== null && round.first.natural >= aFace) critBy = 'attack';
      else if (dFace !== null && round.second.natural === dFace) critBy = 'defense';
    }
    isHit = competition.winner === 'first' || critBy !== null;
    lines.push(`Total Defense: ${competition.summary}`);
  }
  return { attackCheck, defenseCheck, competition, isHit, critBy, lines };
}

/**
 * Rolls an attack (ATTACK!; Total Defense; HAMMERSMITH ACTIONS; Combat Crits; DAMAGE): the roll or rolls of
 * its mode, then on a hit the damage roll and the hit through the soak, with the defender's re-rolls.
 * @example rollAttack(scriptedRandom([15, 6, 3]), prepared).isHit // true: 15 + 1 beats Defense 8
 */
export function rollAttack(rng: RandomSource, attack: AttackSpec | PreparedAttack, rerolls: SoakRerolls = {}, hooks: AttackHooks = {}): AttackRoll {
  const p = 'spec' in attack ? attack : prepareAttack(attack);
  const spec = p.spec;
  const checks = rollAttackChecks(rng, p);
  const { attackCheck, defenseCheck, competition, isHit, critBy } = checks;
  const lines = [...checks.lines];
  if (critBy) lines.push(critBy === 'attack' ? 'combat Crit: the attack die shows its top face' : 'combat Crit: a natural 1 on the Defense roll');
  const none = { hd: 0, armour: 0, revenant: false, harm: 0 };
  if (!isHit) {
    lines.push('miss');
    return { mode: spec.mode, attackCheck, defenseCheck, competition, isHit, isCrit: false, critBy, harm: null, hitResult: null, defender: spec.defender, rerollsUsed: none, leftoverDv: 0, lines };
  }
  let harmSpec = spec.harm;
  if (hooks.beforeDamage && attackCheck) {
    const die = checkDie(p.attackCheck!);
    const chosen = hooks.beforeDamage(rng, { natural: attackCheck.natural, sides: die.unit ? die.maxFace : 0, isCrit: critBy === 'attack' });
    lines.push(...chosen.lines);
    if (chosen.harm) harmSpec = chosen.harm;
  }
  let harm = rollHarm(rng, harmSpec);
  lines.push(`damage: ${harmSpec.explanation}: DV ${harm.dv}`);
  let harmRerolls = 0;
  if (rerolls.harmRerollAtMost !== undefined && harm.natural !== null && harm.natural <= rerolls.harmRerollAtMost) {
    const before = harm.natural;
    harm = rollHarm(rng, harmSpec);
    harmRerolls = 1;
    lines.push(`HD Re-roll on the Harm roll (${before}): DV ${harm.dv}`);
  }
  const hit: Hit = { ...spec.hit, dv: harm.dv, isCrit: critBy !== null };
  const soaked = rollHitWithRerolls(rng, spec.defender, hit, rerolls, spec.damageSettings);
  for (const e of soaked.result.events) lines.push(e.text);
  lines.push(...soaked.lines);
  return {
    mode: spec.mode,
    attackCheck,
    defenseCheck,
    competition,
    isHit,
    isCrit: critBy !== null,
    critBy,
    harm,
    hitResult: soaked.result,
    defender: soaked.result.defender,
    rerollsUsed: { ...soaked.used, harm: harmRerolls },
    leftoverDv: leftoverDvOf(soaked.result),
    lines,
  };
}

// ---------------------------------------------------------------------------------------------------
// Exact odds

interface Parts {
  /** The kept check die's natural values and chances (value 0 when the die was negated). */
  readonly kept: readonly { readonly value: number; readonly p: number }[];
  /** Everything else on the roll (Feat Die, mods): its values and chances. */
  readonly rest: readonly { readonly value: number; readonly p: number }[];
}

function partsOf(check: PreparedCheck): Parts {
  const [die, ...others] = check.resolved.terms;
  const d = die as ResolvedDiceTerm;
  const kept = d.unit ? distributionOfResolved({ notation: d.notation, terms: [d] }).points() : [{ value: 0, p: 1 }];
  const rest = others.length > 0 ? distributionOfResolved({ notation: check.resolved.notation, terms: others }).points() : [{ value: 0, p: 1 }];
  return { kept, rest };
}

/** P(rest > threshold) over a list of points. */
function above(points: readonly { readonly value: number; readonly p: number }[], threshold: number): number {
  let s = 0;
  for (const x of points) if (x.value > threshold) s += x.p;
  return s;
}

/** P(hit without crit) and P(crit) of a prepared attack (the check part of `attackOdds`). */
export function attackCheckOdds(attack: AttackSpec | PreparedAttack): { readonly hitNoCrit: number; readonly crit: number } {
  const p = 'spec' in attack ? attack : prepareAttack(attack);
  const spec = p.spec;
  let hitNoCrit = 0;
  let crit = 0;
  if (p.attackCheck) {
    const { kept, rest } = partsOf(p.attackCheck);
    const face = attackCritFrom(p.attackCheck, spec);
    for (const k of kept) {
      if (face !== null && k.value >= face) crit += k.p;
      else hitNoCrit += k.p * above(rest, spec.target - k.value);
    }
  } else if (p.defenseCheck) {
    const { kept, rest } = partsOf(p.defenseCheck);
    const face = defenseCritFace(p.defenseCheck, spec);
    for (const k of kept) {
      if (face !== null && k.value === face) crit += k.p;
      else hitNoCrit += k.p * (1 - above(rest, spec.target - k.value));
    }
  } else {
    const c = p.competition!;
    const a = partsOf(c.first);
    const d = partsOf(c.second);
    const aFace = attackCritFrom(c.first, spec);
    const dFace = defenseCritFace(c.second, spec);
    // rest difference: attacker's rest minus defender's rest.
    const diff = new Map<number, number>();
    for (const x of a.rest) for (const y of d.rest) diff.set(x.value - y.value, (diff.get(x.value - y.value) ?? 0) + x.p * y.p);
    const diffPoints = [...diff].map(([value, pr]) => ({ value, p: pr }));
    for (const ka of a.kept) {
      for (const kd of d.kept) {
        const w = ka.p * kd.p;
        if ((aFace !== null && ka.value >= aFace) || (dFace !== null && kd.value === dFace)) crit += w;
        else hitNoCrit += w * above(diffPoints, kd.value - ka.value); // a + ra > d + rd, ties to the defender
      }
    }
  }
  return { hitNoCrit, crit };
}

/**
 * The exact odds of an attack before it is rolled: P(hit), P(crit), P(miss) from the checks, composed with
 * the damage roll's distribution through `hitOutcomesForDamageRoll`, giving every end state of the
 * target's Armour and Health Dice (ATTACK!; Combat Crits; DAMAGE). Re-rolls the defender may choose to
 * spend are not in the odds.
 * @example attackOdds(spec).outcomes // [{ armourDie: 6, healthDie: 8, p: 0.71 }, ...]
 */
export function attackOdds(attack: AttackSpec | PreparedAttack): AttackOdds {
  const p = 'spec' in attack ? attack : prepareAttack(attack);
  const spec = p.spec;
  const { hitNoCrit, crit } = attackCheckOdds(p);
  const damage = harmDistribution(spec.harm);
  const tally = new Map<string, HitOutcome>();
  const add = (o: HitOutcome, w: number) => {
    if (w * o.p === 0) return;
    const key = `${o.armourDie}/${o.healthDie}`;
    const prev = tally.get(key);
    tally.set(key, { armourDie: o.armourDie, healthDie: o.healthDie, p: (prev?.p ?? 0) + w * o.p });
  };
  const miss = Math.max(0, 1 - hitNoCrit - crit);
  add({ armourDie: spec.defender.armourDie, healthDie: spec.defender.healthDie, p: 1 }, miss);
  if (hitNoCrit > 0) for (const o of hitOutcomesForDamageRoll(spec.defender, damage, { ...spec.hit, isCrit: false }, spec.damageSettings)) add(o, hitNoCrit);
  if (crit > 0) for (const o of hitOutcomesForDamageRoll(spec.defender, damage, { ...spec.hit, isCrit: true }, spec.damageSettings)) add(o, crit);
  const outcomes = [...tally.values()].sort(
    (x, y) => (y.healthDie ?? 0) - (x.healthDie ?? 0) || (y.armourDie ?? 0) - (x.armourDie ?? 0),
  );
  const down = outcomes.reduce((s, o) => s + (o.healthDie === null ? o.p : 0), 0);
  return { mode: spec.mode, hit: hitNoCrit + crit, crit, miss, outcomes, down, damage };
}

/** The usual combat crit threshold, (C16) (Crits). */
export const COMBAT_CRIT_MIN = USUAL_CRIT_THRESHOLD;

/** Where a defender takes a Crit's free step, when they do not say (ruling H-7). */
export const DEFAULT_CRIT_STEP_TO: SoakDieKind = 'armour';

