/**
 * Damage: the weapon's dice (by weight, or the kind's own), stepped by notches and favoured foes,
 * rolled twice keeping the higher when dual wielding, plus a Clobber die and Smite d6s. One spec
 * (`DamageSpec`) is both rolled and turned into exact odds. Rules: The Bare Bones, Live by the Sword >
 * Weapons, Critical Hits and Notches, Maneuvers; Clerics (Smite); Fighters (Favored Foe); rulings
 * BB-16 (steps on 2d4), BB-17 (dual wield), BB-18 (explosions).
 */
import { BARE_BONES_CHAIN, stepDie } from '../../dice/dice-chain.js';
import type { RandomSource } from '../../dice/random.js';
import { BareBonesError } from './errors.js';
import { weaponKind, weaponWeight, type DamageDice, type WeaponKindId, type WeaponWeightId } from './data/weapons.js';

/** Most extra dice one exploding die may add in a roll before it stops with an error (never reached in play). */
export const MAX_EXPLOSIONS = 100;

/** Exact odds follow an exploding die this many explosions deep; the rest (under 1e-12 for a d4) counts at that depth. */
export const EXPLOSION_ODDS_DEPTH = 20;

/** Most notches a weapon may carry in a check (four take a d8 past d4). */
export const MAX_NOTCHES = 5;

/** Extra dice added to the weapon's damage. */
export interface ExtraDamageDice {
  readonly count: number;
  readonly sides: number;
  /** Why: "Clobber", "Smite". */
  readonly role: string;
}

/**
 * A damage roll as data.
 * @example { weapon: { count: 1, sides: 8, explodes: false }, hasAdvantage: false, extra: [{ count: 1, sides: 4, role: 'Clobber' }], kind: 'axe', isToBlood: false }
 */
export interface DamageSpec {
  /** The weapon's dice after steps; `null` when notches stepped them away (no weapon damage). */
  readonly weapon: DamageDice | null;
  /** Dual wielding: the weapon dice are rolled twice and the higher total kept (ruling BB-17). */
  readonly hasAdvantage: boolean;
  readonly extra: readonly ExtraDamageDice[];
  readonly kind: WeaponKindId;
  /** The hit wounds Blood directly (crossbows). */
  readonly isToBlood: boolean;
}

/** What goes into a damage spec, in the table's words. */
export interface DamageRequest {
  readonly weight: WeaponWeightId;
  readonly kind: WeaponKindId;
  readonly isTwoHanded: boolean;
  readonly notches: number;
  readonly isFavoredFoe: boolean;
  readonly isDualWield: boolean;
  /** Sides of a Clobber maneuver die, or `null`. */
  readonly clobberDie: number | null;
  /** Smite: 0 none, 1 (+1d6), 2 (+2d6 against the cult's favoured foe). */
  readonly smiteDice: number;
}

/**
 * Builds the damage spec: the kind's own dice (bows, crossbows) or the weight's, two hands for a
 * medium weapon giving 2d4 while unstepped; steps (favoured foe +1, each notch -1) move each die on the
 * Bare Bones chain, and a medium weapon's 2d4 is then its d8 stepped (ruling BB-16).
 * @example damageSpec({ weight: 'medium', kind: 'sword', isTwoHanded: true, notches: 0, isFavoredFoe: false, isDualWield: false, clobberDie: null, smiteDice: 0 }).weapon // 2d4
 */
export function damageSpec(request: DamageRequest): { readonly spec: DamageSpec; readonly explanation: readonly string[] } {
  const kind = weaponKind(request.kind);
  const weight = weaponWeight(request.weight);
  const explanation: string[] = [];
  const steps = (request.isFavoredFoe ? 1 : 0) - request.notches;
  let base: DamageDice;
  if (kind.damage !== null) {
    base = kind.damage;
    explanation.push(`${kind.label}: ${diceText(base)} whatever its weight`);
  } else if (request.isTwoHanded && weight.twoHandedDamage !== null && steps === 0) {
    base = weight.twoHandedDamage;
    explanation.push(`${weight.label} in two hands: ${diceText(base)}`);
  } else {
    base = weight.damage;
    explanation.push(`${weight.label}: ${diceText(base)}${request.isTwoHanded && weight.twoHandedDamage !== null ? ' (stepped, so the two-handed 2d4 gives way to the d8, ruling BB-16)' : ''}`);
  }
  let weapon: DamageDice | null = base;
  if (steps !== 0) {
    const stepped = stepDie(BARE_BONES_CHAIN, base.sides, steps);
    const parts = [request.isFavoredFoe ? 'favoured foe +1 step' : '', request.notches > 0 ? `${request.notches} notch${request.notches === 1 ? '' : 'es'} -${request.notches} step${request.notches === 1 ? '' : 's'}` : ''].filter((s) => s !== '');
    if (stepped.dice.length === 0) {
      weapon = null;
      explanation.push(`${parts.join(', ')}: the d${base.sides} steps past d4 and is gone; no weapon damage until repaired`);
    } else {
      weapon = { ...base, sides: stepped.dice[0]! };
      explanation.push(`${parts.join(', ')}: d${base.sides} -> d${weapon.sides}${stepped.clampedAtTop ? ' (kept at d20)' : ''}`);
    }
  }
  const extra: ExtraDamageDice[] = [];
  if (request.clobberDie !== null) {
    extra.push({ count: 1, sides: request.clobberDie, role: 'Clobber' });
    explanation.push(`Clobber: +d${request.clobberDie}`);
  }
  if (request.smiteDice > 0) {
    extra.push({ count: request.smiteDice, sides: 6, role: 'Smite' });
    explanation.push(`Smite: +${request.smiteDice}d6${request.smiteDice === 2 ? ' (favoured foe of the cult)' : ''}`);
  }
  if (request.isDualWield) explanation.push('Dual wielding: weapon dice rolled twice, higher total kept (ruling BB-17)');
  if (kind.isToBlood) explanation.push(`${kind.label}: the damage wounds Blood directly`);
  return { spec: { weapon, hasAdvantage: request.isDualWield, extra, kind: request.kind, isToBlood: kind.isToBlood }, explanation };
}

/** "2d4!" style text for damage dice. */
export function diceText(d: DamageDice): string {
  return `${d.count === 1 ? '' : d.count}d${d.sides}${d.explodes ? '!' : ''}`;
}

/** The highest total the weapon dice can show without exploding: what axes and hammers need (ruling BB-18). */
export function weaponMaxTotal(d: DamageDice): number {
  return d.count * d.sides;
}

/** True when a weapon kind has an effect on its highest damage roll and the dice can show it. */
export function hasMaxDamageOutcome(spec: DamageSpec): boolean {
  return spec.weapon !== null && !spec.weapon.explodes && weaponKind(spec.kind).maxDamageEffect !== null;
}

/** One die thrown for damage. */
export interface DamageDie {
  readonly sides: number;
  readonly face: number;
  readonly isKept: boolean;
  readonly role: string;
}

/** A damage roll. */
export interface DamageRoll {
  readonly spec: DamageSpec;
  readonly dice: readonly DamageDie[];
  /** The kept weapon total (0 when no weapon dice). */
  readonly weaponTotal: number;
  readonly total: number;
  /** True when the kept weapon dice showed their highest total (axes and hammers). */
  readonly isMaxDamage: boolean;
}

function rollExploding(rng: RandomSource, sides: number, explodes: boolean, role: string): DamageDie[] {
  const dice: DamageDie[] = [];
  let face = rng.rollDie(sides);
  dice.push({ sides, face, isKept: true, role });
  let n = 0;
  while (explodes && face === sides) {
    if (++n > MAX_EXPLOSIONS) throw new BareBonesError('bare-bones/explosion-limit', `a d${sides} exploded more than ${MAX_EXPLOSIONS} times`);
    face = rng.rollDie(sides);
    dice.push({ sides, face, isKept: true, role: `${role} (explosion)` });
  }
  return dice;
}

/**
 * Rolls damage: the weapon dice (twice when dual wielding, keeping the higher total; the first set on
 * a tie), then the extra dice.
 * @example rollDamage(scriptedRandom([4, 2, 3]), bowSpec).total // 9 (4 explodes into 2, plus 3)
 */
export function rollDamage(rng: RandomSource, spec: DamageSpec): DamageRoll {
  const dice: DamageDie[] = [];
  let weaponTotal = 0;
  let isMaxDamage = false;
  if (spec.weapon !== null) {
    const w = spec.weapon;
    const throwSet = (role: string): DamageDie[] => {
      const set: DamageDie[] = [];
      for (let i = 0; i < w.count; i++) set.push(...rollExploding(rng, w.sides, w.explodes, role));
      return set;
    };
    const first = throwSet('weapon');
    const sum = (s: readonly DamageDie[]) => s.reduce((a, d) => a + d.face, 0);
    if (spec.hasAdvantage) {
      const second = throwSet('weapon (dual wield)');
      const firstWins = sum(first) >= sum(second);
      dice.push(...first.map((d) => ({ ...d, isKept: firstWins })), ...second.map((d) => ({ ...d, isKept: !firstWins })));
      weaponTotal = Math.max(sum(first), sum(second));
    } else {
      dice.push(...first);
      weaponTotal = sum(first);
    }
    isMaxDamage = hasMaxDamageOutcome(spec) && weaponTotal === weaponMaxTotal(w);
  }
  let total = weaponTotal;
  for (const e of spec.extra) {
    for (let i = 0; i < e.count; i++) {
      const face = rng.rollDie(e.sides);
      dice.push({ sides: e.sides, face, isKept: true, role: e.role });
      total += face;
    }
  }
  return { spec, dice, weaponTotal, total, isMaxDamage };
}

/** A probability mass function over whole numbers from `min`. */
export interface Pmf {
  readonly min: number;
  readonly p: readonly number[];
}

/** Convolution of two PMFs (the sum of independent values). */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  for (let i = 0; i < a.p.length; i++) for (let j = 0; j < b.p.length; j++) p[i + j]! += a.p[i]! * b.p[j]!;
  return { min: a.min + b.min, p };
}

/** One die, exploding to `EXPLOSION_ODDS_DEPTH` explosions where asked (the last die counted as it falls). */
export function dieOdds(sides: number, explodes: boolean): Pmf {
  if (!explodes) return { min: 1, p: new Array<number>(sides).fill(1 / sides) };
  const depth = EXPLOSION_ODDS_DEPTH;
  const p = new Array<number>(sides * (depth + 1)).fill(0);
  for (let k = 0; k <= depth; k++) {
    // k explosions (faces of `sides` each), then a non-exploding face; at the depth limit any face ends it.
    const reach = (1 / sides) ** k;
    for (let f = 1; f <= sides; f++) {
      if (f === sides && k < depth) continue;
      p[k * sides + f - 1]! += reach / sides;
    }
  }
  return { min: 1, p };
}

/** The PMF of the kept weapon total (0 with certainty when there are no weapon dice). */
export function weaponOdds(spec: DamageSpec): Pmf {
  if (spec.weapon === null) return { min: 0, p: [1] };
  const one = dieOdds(spec.weapon.sides, spec.weapon.explodes);
  let sum: Pmf = { min: 0, p: [1] };
  for (let i = 0; i < spec.weapon.count; i++) sum = convolve(sum, one);
  if (!spec.hasAdvantage) return sum;
  // The higher of two: P(M <= t) = F(t)^2.
  const p: number[] = [];
  let f = 0;
  for (const q of sum.p) {
    const next = f + q;
    p.push(next * next - f * f);
    f = next;
  }
  return { min: sum.min, p };
}

/** Exact damage odds: the value PMF and the chance the weapon dice show their highest total. */
export function damageOdds(spec: DamageSpec): { readonly pmf: Pmf; readonly maxDamage: number } {
  const weapon = weaponOdds(spec);
  let pmf = weapon;
  for (const e of spec.extra) for (let i = 0; i < e.count; i++) pmf = convolve(pmf, dieOdds(e.sides, false));
  const maxDamage = hasMaxDamageOutcome(spec) ? weapon.p[weapon.p.length - 1]! : 0;
  return { pmf, maxDamage };
}
