/**
 * A brute force of HAMMERCRAWL! damage and Tactical Attacks written from the rules text, for tests to hold
 * the engine's exact odds against: every face of every die is tried (the DV dice, the partial-armour d10,
 * the soak die, the attack or Defense die and the Save die). Nothing here calls the engine.
 * Rules: HAMMERCRAWL! v4, DICE & STEPS, Tactical ATTACK!, SAVES, Crits, Combat Crits, DAMAGE, ARMOUR
 * (Coverage); rulings CB-1, CB-2, CB-3, CB-6, CB-7, CB-11, H-1 in docs/rulings.md.
 */

/** The dice chain (DICE & STEPS), smallest first; stepping below d3 is gone (down, or armour destroyed). */
export const CHAIN = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 30] as const;

/** The die `steps` steps along the chain, held at its ends. */
export function stepped(die: number, steps: number): number {
  const i = CHAIN.indexOf(die as (typeof CHAIN)[number]);
  if (i < 0) throw new Error(`d${die} is not on the chain`);
  return CHAIN[Math.min(CHAIN.length - 1, Math.max(0, i + steps))]!;
}

/** The die one step down, or null below d3. */
export function lower(die: number): number | null {
  const i = CHAIN.indexOf(die as (typeof CHAIN)[number]);
  if (i < 0) throw new Error(`d${die} is not on the chain`);
  return i === 0 ? null : CHAIN[i - 1]!;
}

export const faces = (sides: number): number[] => Array.from({ length: sides }, (_, i) => i + 1);

/** End state of the target's dice: "armour/health", a missing die written as "-". */
export const keyOf = (armour: number | null, health: number | null): string => `${armour ?? '-'}/${health ?? '-'}`;

export type Dist = Map<string, number>;

export function add(d: Dist, key: string, p: number): void {
  if (p > 0) d.set(key, (d.get(key) ?? 0) + p);
}

export interface BruteTarget {
  readonly armour: number | null;
  readonly health: number;
  readonly con: number;
  readonly partial: boolean;
  /** The table setting `con-on-armour` (ruling H-1): CON adds to Armour Die soaks too. */
  readonly conOnArmour?: boolean;
}

export interface BruteHit {
  readonly penetrating: boolean;
  readonly crit: boolean;
  readonly critToHealth: boolean;
}

/**
 * One hit of a known DV, by trying every face: the Crit's free step (Combat Crits), the soak die
 * (armour unless Penetrating; partial armour leaves an open spot on 3 of 10 faces of a d10), the
 * Overwhelming steps with spill-over, then every face of the soak roll (a natural 1 always fails;
 * otherwise only a roll above the DV resists). CON adds to Health Die soaks only (STATS, CON), unless the table adds it to armour (H-1).
 */
export function bruteHit(out: Dist, weight: number, t: BruteTarget, dv: number, h: BruteHit): void {
  let armour = t.armour;
  let health: number | null = t.health;
  if (h.crit) {
    if (armour !== null && !h.penetrating && !h.critToHealth) armour = lower(armour);
    else health = lower(health);
    if (health === null) return add(out, keyOf(armour, null), weight);
  }
  if (dv === 0) return add(out, keyOf(armour, health), weight);
  const soakFrom = (onArmour: boolean, w: number): void => {
    let a = armour;
    let hp: number | null = health;
    let left = dv;
    let onA = onArmour;
    // Overwhelming: while the DV reaches the best roll the soak die could make.
    for (;;) {
      const die = (onA ? a : hp)!;
      const best = die + (onA && t.conOnArmour !== true ? 0 : t.con);
      if (left < best) break;
      left = Math.max(0, left - die);
      if (onA) a = lower(die);
      else hp = lower(die);
      if (hp === null) return add(out, keyOf(a, null), w);
      if (left === 0) return add(out, keyOf(a, hp), w);
      if (onA && a === null) onA = false;
    }
    const die = (onA ? a : hp)!;
    const mod = onA && t.conOnArmour !== true ? 0 : t.con;
    for (const f of faces(die)) {
      const resisted = f !== 1 && f + mod > left;
      const after = resisted ? die : lower(die);
      if (onA) add(out, keyOf(after, hp), w / die);
      else add(out, keyOf(a, after), w / die);
    }
  };
  if (armour === null || h.penetrating) return soakFrom(false, weight);
  if (!t.partial) return soakFrom(true, weight);
  for (const f of faces(10)) soakFrom(f > 3, weight / 10);
}

/** Every DV a roll of `count` d`sides` + `mod` can make, each face of each die tried (a total below 0 deals 0). */
export function bruteDvs(value: { dv: number } | { dice: { count: number; sides: number; mod?: number } }): Map<number, number> {
  const out = new Map<number, number>();
  if ('dv' in value) return out.set(value.dv, 1);
  const { count, sides, mod = 0 } = value.dice;
  const walk = (left: number, sum: number, p: number): void => {
    if (left === 0) {
      const dv = Math.max(0, sum + mod);
      out.set(dv, (out.get(dv) ?? 0) + p);
      return;
    }
    for (const f of faces(sides)) walk(left - 1, sum + f, p / sides);
  };
  walk(count, 0, 1);
  return out;
}

export function bruteDamage(t: BruteTarget, value: Parameters<typeof bruteDvs>[0], h: BruteHit): Dist {
  const out: Dist = new Map();
  for (const [dv, p] of bruteDvs(value)) bruteHit(out, p, t, dv, h);
  return out;
}

export interface BruteTactical {
  /** The attack die after its steps (d20, one step down without a Tactical weapon, ruling CB-11). */
  readonly attackDie: number;
  readonly attackMod: number;
  /** The target's Defense. */
  readonly defense: number;
  /** A minion's Defense is met, not beaten: a roll equal to it hits (ruling CB-1, the table's default). */
  readonly meets: boolean;
  /**
   * A minion attacking a character: the character's Defense roll instead (ruling CB-2), d20 with the
   * attacker's steps turned against it (CB-7) plus the DEX mod, meeting the minion's 10 + attack to
   * defend (CB-1, CB-3); its natural 1 on a d16 or bigger is the minion's crit (Combat Crits, CB-6).
   */
  readonly defenseRoll?: { readonly die: number; readonly mod: number; readonly value: number };
  /**
   * The target in Total Defense: a Competition instead, the attack die against the defender's d20 (with
   * its own steps) plus its Defense mod, ties to the defender; the defender's natural 1 on a d16 or bigger
   * is the attacker's crit (Total Defense; Combat Crits; CB-6). A minion's Defense is not met here (CB-1).
   */
  readonly competition?: { readonly die: number; readonly mod: number };
  /** The Save die (d20, one step down against a source of greater level) and the saver's stat mod. */
  readonly saveDie: number;
  readonly saveMod: number;
  /** The Save's target, to beat: the attacker's stat score, or a monster's 10 + attack (CB-11). */
  readonly saveTarget: number;
}

/** A Tactical Attack by every face of the attack die and of the Save die: connect, crit, one or two effects. */
export function bruteTactical(t: BruteTactical): { connect: number; crit: number; save: number; oneEffect: number; twoEffects: number } {
  let connect = 0;
  let crit = 0;
  let oneEffect = 0;
  let twoEffects = 0;
  let saved = 0;
  const comp = t.competition;
  if (comp !== undefined) {
    for (const a of faces(t.attackDie)) {
      for (const d of faces(comp.die)) {
        const pad = 1 / t.attackDie / comp.die;
        const isCrit = (t.attackDie >= 16 && a === t.attackDie) || (comp.die >= 16 && d === 1);
        if (!isCrit && a + t.attackMod <= d + comp.mod) continue;
        connect += pad;
        if (isCrit) crit += pad;
        for (const s of faces(t.saveDie)) {
          const ps = pad / t.saveDie;
          if (s + t.saveMod > t.saveTarget) saved += ps;
          else if (isCrit) twoEffects += ps;
          else oneEffect += ps;
        }
      }
    }
    return { connect, crit, save: connect === 0 ? 0 : saved / connect, oneEffect, twoEffects };
  }
  const dr = t.defenseRoll;
  const die = dr === undefined ? t.attackDie : dr.die;
  for (const a of faces(die)) {
    // A Challenge crits on its top face, on a d16 or bigger (Crits, C16); a crit hits (Combat Crits).
    const isCrit = die >= 16 && (dr === undefined ? a === die : a === 1);
    const hits = isCrit || (dr === undefined ? a + t.attackMod > t.defense - (t.meets ? 1 : 0) : a + dr.mod < dr.value + (t.meets ? 0 : 1));
    if (!hits) continue;
    const pa = 1 / die;
    connect += pa;
    if (isCrit) crit += pa;
    for (const s of faces(t.saveDie)) {
      const ps = pa / t.saveDie;
      if (s + t.saveMod > t.saveTarget) saved += ps;
      else if (isCrit) twoEffects += ps;
      else oneEffect += ps;
    }
  }
  return { connect, crit, save: connect === 0 ? 0 : saved / connect, oneEffect, twoEffects };
}
