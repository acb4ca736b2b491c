/**
 * Damage and soak: a hit's Damage Value (DV) against the defender's Armour Die and Health Die, with
 * Overwhelming damage, the soak roll, the combat Crit's free step, Penetrating attacks and partial
 * armour. Rules: HAMMERCRAWL! v4, DAMAGE (the four-step flow, "Overwhelming Damage", "Soaking Damage
 * with Armour", "Soaking Damage with Health Dice"), Combat Crits, ARMOUR (Coverage), Weapon Tags
 * (Penetrating), STATS (CON). Rulings: docs/rulings.md (H-1 .. H-12).
 *
 * One definition serves rolling and odds: `rollHit` and `hitOutcomes` share every deterministic step
 * (the Crit step, the soak die, Overwhelming damage, what a failed soak does); they differ only at the
 * two random points, the partial-coverage d10 and the soak roll, which `rollHit` rolls and
 * `hitOutcomes` weighs (the soak roll by counting the faces that resist, not by trying each face).
 */
import type { DistributionPoint } from '../../dice/distribution.js';
import type { RandomSource } from '../../dice/random.js';
import { resourceDiePosition, resourceStepDown } from './resource-die.js';

/** Largest Damage Value accepted; far past what overwhelms a d30 Armour Die and a d30 Health Die. */
export const MAX_DAMAGE_VALUE = 10_000;

/** Largest CON mod (either sign) accepted; the STATS table's stat mods run from -5 to +5. */
export const MAX_SOAK_MODIFIER = 20;

/** Partial armour: the die rolled to see whether the hit finds an unprotected spot (ruling H-9). */
export const PARTIAL_COVERAGE_DIE = 10;

/**
 * Partial armour: faces up to this on the coverage die are an unprotected spot, 3 in 10 ("a 30%
 * chance that an incoming attack will hit an unprotected spot", ARMOUR, Coverage).
 */
export const PARTIAL_COVERAGE_UNPROTECTED_MAX = 3;

/** Every code a `DamageError` may carry. */
export type DamageErrorCode =
  | 'damage/dv-out-of-range'
  | 'damage/con-out-of-range'
  | 'damage/defender-down'
  | 'damage/no-damage-values';

/** A mistake in a hit or a defender (a negative DV, a defender already down); message says the fix. */
export class DamageError extends Error {
  override readonly name = 'DamageError';
  constructor(
    readonly code: DamageErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** One line for people: the code and the message. */
  describe(): string {
    return `${this.code}: ${this.message}`;
  }

  /** Plain JSON form, for the CLI and the wire. */
  toJSON(): { code: DamageErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** Which die soaks: the worn armour's Armour Die or the character's own Health Die (DAMAGE, step 2). */
export type SoakDieKind = 'armour' | 'health';

/** How much of the body the armour covers (ARMOUR, Coverage): partial lets 30% of hits through. */
export type ArmourCoverage = 'full' | 'partial';

/**
 * The defender as a hit sees them. Dice are side counts on the chain (d3..d30).
 * @example const fighter: Defender = { healthDie: 8, armourDie: 6, conMod: 1 };
 */
export interface Defender {
  /** Current Health Die; `null` means down, unconscious and dying. */
  readonly healthDie: number | null;
  /** Current Armour Die; `null` means no armour worn, or destroyed. */
  readonly armourDie: number | null;
  /** CON mod (STATS: "MOD applies to Soak rolls using the character's Health Die"); 0 when absent. */
  readonly conMod?: number;
  /** Armour coverage, `full` when absent. */
  readonly armourCoverage?: ArmourCoverage;
  /** Magickal armour stops Penetrating attacks unless the weapon is magickal too (Weapon Tags). */
  readonly isArmourMagickal?: boolean;
}

/**
 * One hit that lands (DAMAGE, step 1).
 * @example const crit: Hit = { dv: 7, isCrit: true, critStepTo: 'armour' };
 */
export interface Hit {
  /** The Damage Value: a whole number from 0 to MAX_DAMAGE_VALUE. */
  readonly dv: number;
  /** Penetrating: bypasses armour and damages the Health Die directly (Weapon Tags). */
  readonly isPenetrating?: boolean;
  /** A magickal weapon: a Penetrating one also bypasses magickal armour. */
  readonly isMagickal?: boolean;
  /** A combat Crit: one free Overwhelming damage step before the DV is resolved (Combat Crits). */
  readonly isCrit?: boolean;
  /**
   * Where the defender takes the Crit's free step; `armour` when absent (ruling H-7). Goes to the
   * Health Die anyway when there is no armour or the attack bypasses it.
   */
  readonly critStepTo?: SoakDieKind;
}

/** Table settings for damage where the text leaves a choice (docs/rulings.md). */
export interface DamageSettings {
  /**
   * Whether the CON mod also adds to Armour Die soaks and their Overwhelming threshold (ruling H-1);
   * by default it adds to Health Die soaks only.
   */
  readonly conAppliesToArmour: boolean;
}

/** The default settings: CON adds to Health Die soaks only (ruling H-1). */
export const DEFAULT_DAMAGE_SETTINGS: DamageSettings = Object.freeze({ conAppliesToArmour: false });

/** One step of a hit, explained; `text` is one line for people. */
export type HitEvent =
  | {
      readonly kind: 'crit-step';
      readonly die: SoakDieKind;
      readonly from: number;
      readonly to: number | null;
      readonly text: string;
    }
  | { readonly kind: 'no-damage'; readonly dv: number; readonly text: string }
  | {
      readonly kind: 'coverage';
      readonly sides: number;
      readonly face: number;
      readonly isUnprotected: boolean;
      readonly text: string;
    }
  | { readonly kind: 'soak-die'; readonly die: SoakDieKind; readonly sides: number; readonly modifier: number; readonly text: string }
  | {
      readonly kind: 'overwhelming';
      readonly die: SoakDieKind;
      readonly from: number;
      readonly to: number | null;
      /** The highest possible soak roll the DV reached: die size + modifier. */
      readonly threshold: number;
      readonly dvBefore: number;
      readonly dvAfter: number;
      readonly text: string;
    }
  | { readonly kind: 'spill'; readonly dv: number; readonly healthDie: number; readonly text: string }
  | {
      readonly kind: 'soak-roll';
      readonly die: SoakDieKind;
      readonly sides: number;
      readonly face: number;
      readonly modifier: number;
      readonly total: number;
      readonly dv: number;
      readonly isNaturalOne: boolean;
      readonly isResisted: boolean;
      readonly from: number;
      readonly to: number | null;
      readonly text: string;
    }
  | { readonly kind: 'down'; readonly text: string };

/** A rolled hit: the defender afterwards and every step that led there. */
export interface HitResult {
  readonly kind: 'hit-result';
  /** The defender after the hit (dice changed; everything else as given). */
  readonly defender: Defender;
  /** True when the Health Die dropped below d3: down, unconscious and dying. */
  readonly isDown: boolean;
  readonly events: readonly HitEvent[];
}

/** One end state of a hit and its chance. `healthDie: null` is down and dying. */
export interface HitOutcome {
  readonly armourDie: number | null;
  readonly healthDie: number | null;
  readonly p: number;
}

// ---------------------------------------------------------------------------------------------
// Validation

function checkDefender(defender: Defender): void {
  if (defender.healthDie === null) {
    throw new DamageError(
      'damage/defender-down',
      'the defender is already down (no Health Die): what further hits do is for the Smith to rule',
    );
  }
  resourceDiePosition(defender.healthDie, 'a Health Die');
  if (defender.armourDie !== null) resourceDiePosition(defender.armourDie, 'an Armour Die');
  const con = defender.conMod ?? 0;
  if (!Number.isInteger(con) || Math.abs(con) > MAX_SOAK_MODIFIER) {
    throw new DamageError(
      'damage/con-out-of-range',
      `the CON mod must be a whole number from -${MAX_SOAK_MODIFIER} to +${MAX_SOAK_MODIFIER}, got ${con}`,
    );
  }
}

function checkDv(dv: number): void {
  if (!Number.isInteger(dv) || dv < 0 || dv > MAX_DAMAGE_VALUE) {
    const hint = dv < 0 ? ' (a Harm Die total below 0 deals DV 0: give --dv 0)' : '';
    throw new DamageError(
      'damage/dv-out-of-range',
      `the Damage Value must be a whole number from 0 to ${MAX_DAMAGE_VALUE}, got ${dv}${hint}`,
    );
  }
}

/**
 * The DV of a rolled damage total (a Harm Die plus STR mod and the like): a total below 0 deals no
 * damage, DV 0 (ruling H-5).
 * @example damageValueFromTotal(-1) // 0
 */
export function damageValueFromTotal(total: number): number {
  if (!Number.isInteger(total)) throw new RangeError(`a damage total is a whole number, got ${total}`);
  return Math.max(0, total);
}

// ---------------------------------------------------------------------------------------------
// The deterministic steps, shared by rollHit and hitOutcomes

const DIE_NAME: Record<SoakDieKind, string> = { armour: 'Armour Die', health: 'Health Die' };

function modText(modifier: number): string {
  if (modifier === 0) return '';
  return modifier > 0 ? ` + ${modifier} CON` : ` - ${-modifier} CON`;
}

/** The soak roll's static modifier for a soak die (ruling H-1). */
function soakModifier(kind: SoakDieKind, defender: Defender, settings: DamageSettings): number {
  return kind === 'health' || settings.conAppliesToArmour ? (defender.conMod ?? 0) : 0;
}

/** True when the attack goes past the armour straight to the Health Die (Weapon Tags, Penetrating). */
function bypassesArmour(defender: Defender, hit: Hit): boolean {
  return (hit.isPenetrating ?? false) && !((defender.isArmourMagickal ?? false) && !(hit.isMagickal ?? false));
}

/** Mutable dice during one hit. */
interface Dice {
  armour: number | null;
  health: number | null;
}

/** After the Crit step and the DV check: either the hit is over, or a soak die is to be chosen. */
interface Begun {
  readonly isOver: boolean;
  /** True when the Armour Die would soak (before any partial-coverage roll). */
  readonly armourSoaks: boolean;
}

/** Combat Crits' free step and the DV-0 check (Combat Crits; ruling H-5, H-7). */
function beginHit(dice: Dice, defender: Defender, hit: Hit, events: HitEvent[] | null): Begun {
  const bypass = bypassesArmour(defender, hit);
  if (hit.isCrit) {
    const wantsArmour = (hit.critStepTo ?? 'armour') === 'armour';
    const toArmour = wantsArmour && dice.armour !== null && !bypass;
    const die: SoakDieKind = toArmour ? 'armour' : 'health';
    const from = (toArmour ? dice.armour : dice.health)!;
    const to = resourceStepDown(from);
    if (toArmour) dice.armour = to;
    else dice.health = to;
    if (events) {
      let why = " (the defender's choice)";
      if (!toArmour && wantsArmour) why = dice.armour === null ? ' (no armour to take it)' : ' (Penetrating: it bypasses the armour)';
      events.push({
        kind: 'crit-step',
        die,
        from,
        to,
        text: `Crit: a free Overwhelming damage step, no soak roll, to the ${DIE_NAME[die]}${why}: d${from} -> ${to === null ? (toArmour ? 'armour destroyed' : 'down') : `d${to}`}`,
      });
      if (!toArmour && to === null) events.push(downEvent());
    }
    if (dice.health === null) return { isOver: true, armourSoaks: false };
  }
  if (hit.dv === 0) {
    events?.push({ kind: 'no-damage', dv: 0, text: 'DV 0: no damage to soak' });
    return { isOver: true, armourSoaks: false };
  }
  return { isOver: false, armourSoaks: dice.armour !== null && !bypass };
}

function downEvent(): HitEvent {
  return { kind: 'down', text: 'the Health Die drops below d3: down, unconscious and dying' };
}

/** Where Overwhelming damage leaves the hit: over, or a soak roll of `soak` against `dv`. */
interface Overwhelmed {
  readonly isOver: boolean;
  readonly soak: SoakDieKind;
  readonly dv: number;
}

/**
 * DAMAGE step 3: while the DV reaches the highest possible soak roll (die + modifier), take the die's
 * size off the DV and step the die down; destroyed armour spills the rest to the Health Die; a Health
 * Die gone is down (ruling H-2 for the stop test).
 */
function overwhelm(
  dice: Dice,
  soakAtStart: SoakDieKind,
  dvAtStart: number,
  defender: Defender,
  settings: DamageSettings,
  events: HitEvent[] | null,
): Overwhelmed {
  let soak = soakAtStart;
  let dv = dvAtStart;
  for (;;) {
    const sides = (soak === 'armour' ? dice.armour : dice.health)!;
    const modifier = soakModifier(soak, defender, settings);
    const threshold = sides + modifier;
    if (dv < threshold) return { isOver: false, soak, dv };
    const after = resourceStepDown(sides);
    const dvAfter = Math.max(0, dv - sides);
    if (soak === 'armour') dice.armour = after;
    else dice.health = after;
    if (events) {
      const gone = soak === 'armour' ? 'armour destroyed' : 'down';
      events.push({
        kind: 'overwhelming',
        die: soak,
        from: sides,
        to: after,
        threshold,
        dvBefore: dv,
        dvAfter,
        text: `Overwhelming: DV ${dv} >= ${threshold} (d${sides}${modText(modifier)}, the highest possible soak roll): DV ${dv} - ${sides} ${dv - sides < 0 ? 'leaves 0' : `= ${dvAfter}`}, ${DIE_NAME[soak]} d${sides} -> ${after === null ? gone : `d${after}`}`,
      });
    }
    dv = dvAfter;
    if (after === null) {
      if (soak === 'health') {
        events?.push(downEvent());
        return { isOver: true, soak, dv };
      }
      if (dv === 0) break;
      soak = 'health';
      events?.push({
        kind: 'spill',
        dv,
        healthDie: dice.health!,
        text: `the armour is destroyed with DV ${dv} left: it spills over to the Health Die d${dice.health}, the new soak die`,
      });
      continue;
    }
    if (dv === 0) break;
  }
  events?.push({ kind: 'no-damage', dv: 0, text: 'the Overwhelming steps used up the DV: nothing left to soak' });
  return { isOver: true, soak, dv: 0 };
}

/** DAMAGE step 4, a failed soak: the soak die steps down one and the attack is concluded (ruling H-4). */
function failSoak(dice: Dice, soak: SoakDieKind): void {
  if (soak === 'armour') dice.armour = resourceStepDown(dice.armour!);
  else dice.health = resourceStepDown(dice.health!);
}

/**
 * Chance that a soak roll of a d`sides` + `modifier` beats `dv`: the faces 2..sides (a natural 1
 * always fails) whose total is above the DV.
 */
function resistChance(sides: number, modifier: number, dv: number): number {
  const lowest = Math.max(2, dv - modifier + 1);
  return Math.max(0, sides - lowest + 1) / sides;
}

// ---------------------------------------------------------------------------------------------
// Rolling

/**
 * Rolls one hit against a defender: the Crit's free step, the soak die (Armour Die, or the Health Die
 * when there is none, the attack is Penetrating, or partial armour leaves a spot open), Overwhelming
 * damage with spill-over, then the soak roll (a natural 1 always fails). Returns the defender after
 * the hit and an event for every step (DAMAGE; Combat Crits; ARMOUR, Coverage).
 * @example rollHit(scriptedRandom([2]), { healthDie: 4, armourDie: null, conMod: 1 }, { dv: 7 }).defender.healthDie // 3
 */
export function rollHit(
  rng: RandomSource,
  defender: Defender,
  hit: Hit,
  settings: DamageSettings = DEFAULT_DAMAGE_SETTINGS,
): HitResult {
  checkDefender(defender);
  checkDv(hit.dv);
  const events: HitEvent[] = [];
  const dice: Dice = { armour: defender.armourDie, health: defender.healthDie };
  const done = (): HitResult => ({
    kind: 'hit-result',
    defender: { ...defender, armourDie: dice.armour, healthDie: dice.health },
    isDown: dice.health === null,
    events,
  });

  const begun = beginHit(dice, defender, hit, events);
  if (begun.isOver) return done();

  let soak: SoakDieKind = begun.armourSoaks ? 'armour' : 'health';
  let why = '(armour worn)';
  if (soak === 'health') {
    if (dice.armour !== null) why = '(Penetrating: it bypasses the armour)';
    else why = defender.armourDie !== null ? '(the armour is destroyed)' : '(no armour)';
  }
  if (soak === 'armour' && defender.armourCoverage === 'partial') {
    const face = rng.rollDie(PARTIAL_COVERAGE_DIE);
    const isUnprotected = face <= PARTIAL_COVERAGE_UNPROTECTED_MAX;
    events.push({
      kind: 'coverage',
      sides: PARTIAL_COVERAGE_DIE,
      face,
      isUnprotected,
      text: `partial armour: d${PARTIAL_COVERAGE_DIE} rolled ${face} (${isUnprotected ? `1-${PARTIAL_COVERAGE_UNPROTECTED_MAX}: an unprotected spot` : `${PARTIAL_COVERAGE_UNPROTECTED_MAX + 1}-${PARTIAL_COVERAGE_DIE}: the armour covers it`})`,
    });
    if (isUnprotected) {
      soak = 'health';
      why = '(an unprotected spot)';
    }
  }
  const startSides = (soak === 'armour' ? dice.armour : dice.health)!;
  const startMod = soakModifier(soak, defender, settings);
  events.push({
    kind: 'soak-die',
    die: soak,
    sides: startSides,
    modifier: startMod,
    text: `DV ${hit.dv}; soak die: ${DIE_NAME[soak]} d${startSides}${modText(startMod)} ${why}`,
  });

  const over = overwhelm(dice, soak, hit.dv, defender, settings, events);
  if (over.isOver) return done();

  const sides = (over.soak === 'armour' ? dice.armour : dice.health)!;
  const modifier = soakModifier(over.soak, defender, settings);
  const face = rng.rollDie(sides);
  const total = face + modifier;
  const isNaturalOne = face === 1;
  const isResisted = !isNaturalOne && total > over.dv;
  if (!isResisted) failSoak(dice, over.soak);
  const to = over.soak === 'armour' ? dice.armour : dice.health;
  const verdict = isResisted
    ? `above it, resisted; the ${DIE_NAME[over.soak]} stays d${sides}`
    : `${isNaturalOne ? 'a natural 1 always fails' : 'not above it'}; ${DIE_NAME[over.soak]} d${sides} -> ${to === null ? (over.soak === 'armour' ? 'armour destroyed (the attack is concluded)' : 'down') : `d${to}`}`;
  events.push({
    kind: 'soak-roll',
    die: over.soak,
    sides,
    face,
    modifier,
    total,
    dv: over.dv,
    isNaturalOne,
    isResisted,
    from: sides,
    to,
    text: `soak roll: d${sides} rolled ${face}${modifier === 0 ? '' : `${modText(modifier)} = ${total}`} vs DV ${over.dv}: ${verdict}`,
  });
  if (dice.health === null) events.push(downEvent());
  return done();
}

// ---------------------------------------------------------------------------------------------
// Exact odds

/** Accumulates end states by (armour, health). */
class OutcomeTally {
  readonly #p = new Map<number, number>();

  add(armour: number | null, health: number | null, p: number): void {
    if (p === 0) return;
    const key = (armour ?? 0) * 64 + (health ?? 0);
    this.#p.set(key, (this.#p.get(key) ?? 0) + p);
  }

  /** Health descending (down last), then armour descending (none last). */
  outcomes(): HitOutcome[] {
    const list: HitOutcome[] = [];
    for (const [key, p] of this.#p) {
      const armour = Math.floor(key / 64);
      const health = key % 64;
      list.push({ armourDie: armour === 0 ? null : armour, healthDie: health === 0 ? null : health, p });
    }
    return list.sort((a, b) => (b.healthDie ?? 0) - (a.healthDie ?? 0) || (b.armourDie ?? 0) - (a.armourDie ?? 0));
  }
}

function tallyHit(tally: OutcomeTally, defender: Defender, hit: Hit, settings: DamageSettings, weight: number): void {
  const dice: Dice = { armour: defender.armourDie, health: defender.healthDie };
  const begun = beginHit(dice, defender, hit, null);
  if (begun.isOver) {
    tally.add(dice.armour, dice.health, weight);
    return;
  }
  const branch = (soak: SoakDieKind, w: number): void => {
    const branchDice: Dice = { ...dice };
    const over = overwhelm(branchDice, soak, hit.dv, defender, settings, null);
    if (over.isOver) {
      tally.add(branchDice.armour, branchDice.health, w);
      return;
    }
    const sides = (over.soak === 'armour' ? branchDice.armour : branchDice.health)!;
    const pResist = resistChance(sides, soakModifier(over.soak, defender, settings), over.dv);
    tally.add(branchDice.armour, branchDice.health, w * pResist);
    failSoak(branchDice, over.soak);
    tally.add(branchDice.armour, branchDice.health, w * (1 - pResist));
  };
  if (begun.armourSoaks && defender.armourCoverage === 'partial') {
    const pOpen = PARTIAL_COVERAGE_UNPROTECTED_MAX / PARTIAL_COVERAGE_DIE;
    branch('health', weight * pOpen);
    branch('armour', weight * (1 - pOpen));
  } else {
    branch(begun.armourSoaks ? 'armour' : 'health', weight);
  }
}

/**
 * Exact distribution of the defender's dice after one hit, from the same steps `rollHit` takes:
 * every reachable (Armour Die, Health Die) with its chance, Health Die descending, down last
 * (DAMAGE; Combat Crits; ARMOUR, Coverage).
 * @example hitOutcomes({ healthDie: 4, armourDie: null, conMod: 1 }, { dv: 7 })
 *   // [{ armourDie: null, healthDie: 3, p: 1/3 }, { armourDie: null, healthDie: null, p: 2/3 }]
 */
export function hitOutcomes(defender: Defender, hit: Hit, settings: DamageSettings = DEFAULT_DAMAGE_SETTINGS): HitOutcome[] {
  checkDefender(defender);
  checkDv(hit.dv);
  const tally = new OutcomeTally();
  tallyHit(tally, defender, hit, settings, 1);
  return tally.outcomes();
}

/**
 * Exact distribution of a hit whose DV is itself a roll (a Harm Die plus STR mod: DAMAGE step 1),
 * mixing `hitOutcomes` over the DV's distribution; totals below 0 deal DV 0 (ruling H-5).
 * `damage` is a `Distribution` (e.g. `distributionOf('d8+1')`) or its points.
 * @example hitOutcomesForDamageRoll({ healthDie: 8, armourDie: 6 }, distributionOf('d8+1'), {})
 */
export function hitOutcomesForDamageRoll(
  defender: Defender,
  damage: { points(): readonly DistributionPoint[] } | readonly DistributionPoint[],
  hit: Omit<Hit, 'dv'>,
  settings: DamageSettings = DEFAULT_DAMAGE_SETTINGS,
): HitOutcome[] {
  checkDefender(defender);
  const points: readonly DistributionPoint[] = 'points' in damage ? damage.points() : damage;
  if (points.length === 0) {
    throw new DamageError('damage/no-damage-values', 'the damage roll has no totals: give at least one DV and its chance');
  }
  const tally = new OutcomeTally();
  for (const { value, p } of points) {
    if (p === 0) continue;
    const dv = damageValueFromTotal(value);
    checkDv(dv);
    tallyHit(tally, defender, { ...hit, dv }, settings, p);
  }
  return tally.outcomes();
}

/**
 * P(the Health Die comes out of the hit unchanged) in a list of outcomes.
 * @example chanceToKeepHealthDie(hitOutcomes(d, hit), 8)
 */
export function chanceToKeepHealthDie(outcomes: readonly HitOutcome[], healthDie: number): number {
  return outcomes.reduce((sum, o) => sum + (o.healthDie === healthDie ? o.p : 0), 0);
}

/**
 * P(down, unconscious and dying) in a list of outcomes.
 * @example chanceOfDown(hitOutcomes({ healthDie: 4, armourDie: null, conMod: 1 }, { dv: 8 })) // 1
 */
export function chanceOfDown(outcomes: readonly HitOutcome[]): number {
  return outcomes.reduce((sum, o) => sum + (o.healthDie === null ? o.p : 0), 0);
}
