/**
 * Derived components of a character: half-stats and mods, the Health, Harm and Feat Dice, passive
 * Defense, Stow Slots, skill and WP counts, spell knowledge, the psionic grade, starting coins. Each is a
 * pure function of what the character is made of, and the ones with several parts explain themselves.
 * Rules: HAMMERCRAWL! v4, ANATOMY OF A CHARACTER; CHARACTER CREATION (Derived Components, Palladium
 * Psionics, Starting Equipment); STATS. Rulings: docs/rulings.md (CR-n).
 */
import { HAMMERCRAWL_CHAIN, stepDie, type StepModifier } from '../../dice/index.js';
import { STAT_IDS, halfStat, statRow, type StatId, type StaticModifier, type VantageSource } from './check-modifiers.js';
import { dieText, type CharacterSpellcasting, type CharacterStats, type ClassPick, type PsionicGrade, type StatBlock } from './character-parts.js';
import {
  CLASSES,
  CLASS_FEATURES,
  DEVOUT_POWERS,
  SPELLCASTING_PROFILES,
  type CharacterClass,
  type FeatureEffect,
  type LevelAmount,
  type SpellcastingProfile,
  type SpellcastingProfileId,
} from './data/classes.js';
import { SOCIAL_STATUS_TABLE, type SocialStatusRow } from './data/social-status.js';
import { HAMMERCRAWL_STOCKS, PALLADIUM_STOCKS, type Stock, type StockCheckKind } from './data/stocks.js';
import { ARMOUR } from './data/armour.js';
import { DEFENSIVE_DEFENSE_BONUS, DEFENSIVE_DEFENSE_BONUS_MAX, WEAPONS } from './data/weapons.js';
import { featDie } from './feat-die.js';
import type { InventoryItem } from './inventory-item.js';

/**
 * One part of a derived number and where it came from.
 * @example { label: 'half-DEX', amount: 7 }
 */
export interface DerivedPart {
  readonly label: string;
  readonly amount: number;
}

/**
 * A derived number with its parts (they add up to `raw`); `value` is what the sheet uses, which differs
 * from `raw` only where a ruling says so (`note`).
 * @example { value: 0, raw: -1, parts: [{ label: 'half-STR', amount: 2 }, { label: 'INT mod', amount: -3 }], note: 'a negative total counts as 0 (CR-18)' }
 */
export interface DerivedValue {
  readonly value: number;
  readonly raw: number;
  readonly parts: readonly DerivedPart[];
  readonly note: string | null;
}

function sumParts(parts: readonly DerivedPart[]): number {
  let s = 0;
  for (const p of parts) s += p.amount;
  return s;
}

/** One stat's score, half-stat and mod (STATS: the stat table; half-stat is the score halved, rounded up). */
export function statBlock(score: number): StatBlock {
  const row = statRow(score);
  return { score, half: halfStat(score), mod: row.mod };
}

/**
 * The seven stat blocks from seven scores (ANATOMY OF A CHARACTER: rating, mod and half-stat).
 * @example deriveStats({ STR: 8, DEX: 15, CON: 10, INT: 9, WIL: 17, CHA: 5, SOC: 14 }).DEX // { score: 15, half: 8, mod: 1 }
 */
export function deriveStats(scores: { readonly [K in StatId]: number }): CharacterStats {
  return {
    STR: statBlock(scores.STR),
    DEX: statBlock(scores.DEX),
    CON: statBlock(scores.CON),
    INT: statBlock(scores.INT),
    WIL: statBlock(scores.WIL),
    CHA: statBlock(scores.CHA),
    SOC: statBlock(scores.SOC),
  };
}

/** The class of an id (programmer error if unknown). */
export function classById(id: string): CharacterClass {
  const cls = CLASSES.find((c) => c.id === id);
  if (!cls) throw new RangeError(`no class '${id}'`);
  return cls;
}

/** A class pick's rules effects, with a label naming where they come from (CL-9: advanced includes basic). */
export interface PickEffect {
  readonly source: string;
  readonly effect: FeatureEffect;
}

/** The rules effects of a character's class picks and class specials. */
export function pickEffects(cls: CharacterClass, picks: readonly ClassPick[]): PickEffect[] {
  const out: PickEffect[] = [];
  const featureIds: string[] = [...cls.specialIds];
  for (const p of picks) {
    if (p.kind === 'shtick' || p.kind === 'focus' || p.kind === 'specialist-choice') featureIds.push(p.id);
  }
  for (const id of featureIds) {
    const f = CLASS_FEATURES.find((x) => x.id === id);
    if (f) for (const effect of f.effects) out.push({ source: f.label, effect });
  }
  for (const p of picks) {
    if (p.kind !== 'devout-power' && p.kind !== 'holy-mage-power') continue;
    const power = DEVOUT_POWERS.find((x) => x.id === p.id);
    if (!power) continue;
    const version = p.kind === 'holy-mage-power' || p.version === 'advanced' ? power.advanced : power.basic;
    if (!version) continue;
    const label = `${power.label} (${p.kind === 'devout-power' ? p.version : 'advanced, Holy Mage'})`;
    for (const effect of version.effects) out.push({ source: label, effect });
  }
  return out;
}

/**
 * The base Health Die and Harm Die (Derived Components: "Base die is set by your Class HD"): the class
 * HD, replaced by a focus (War Mage d6) and moved by powers (Combat Hardened advanced +2 steps, CL-10);
 * the stock's `harm-step` (Ogren +1) moves only the Harm Die (ST-12).
 * @example baseHitDice(classById('combatant'), [], ogren) // { healthDie: 8, harmDie: 10, lines: [...] }
 */
export function baseHitDice(
  cls: CharacterClass,
  picks: readonly ClassPick[],
  stock: Stock,
): { readonly healthDie: number; readonly harmDie: number; readonly lines: readonly string[] } {
  if (cls.hd === null) throw new RangeError(`the ${cls.label} has no HD in the rules`);
  const lines: string[] = [];
  let hd = cls.hd;
  lines.push(`${cls.label} HD d${hd}`);
  const effects = pickEffects(cls, picks);
  for (const { source, effect } of effects) {
    if (effect.kind === 'set-class-hd') {
      hd = effect.sides;
      lines.push(`${source}: HD becomes d${hd}`);
    }
  }
  for (const { source, effect } of effects) {
    if (effect.kind === 'class-hd-steps') {
      const next = stepDie(HAMMERCRAWL_CHAIN, hd, effect.steps).dice[0]!;
      lines.push(`${source}: HD d${hd} ${effect.steps >= 0 ? '+' : ''}${effect.steps} steps -> d${next}`);
      hd = next;
    }
  }
  let harm = hd;
  for (const ability of stock.abilities) {
    for (const effect of ability.effects) {
      if (effect.kind === 'harm-step') {
        const next = stepDie(HAMMERCRAWL_CHAIN, harm, effect.amount).dice[0]!;
        lines.push(`${stock.label} ${ability.label}: Harm Die d${harm} ${effect.amount >= 0 ? '+' : ''}${effect.amount} step -> d${next}`);
        harm = next;
      }
    }
  }
  return { healthDie: hd, harmDie: harm, lines };
}

/** The value of a level-dependent amount (classes.ts `LevelAmount`). */
export function levelAmount(amount: LevelAmount, level: number, stats: CharacterStats): number {
  switch (amount.kind) {
    case 'fixed':
      return amount.value;
    case 'level':
      return level * amount.factor;
    case 'level-plus-stat-mod':
      return level + stats[amount.stat].mod;
    case 'level-plus-half-stat':
      return level + stats[amount.stat].half;
    case 'half-feat-die-max':
      return Math.ceil(featDie(level) / 2);
  }
}

/** Items whose label the sheet shows (the table's label, or the item's own). */
function weaponLabel(id: string): string {
  return WEAPONS.find((w) => w.id === id)?.label ?? id;
}

/**
 * Passive Defense (Derived Components): half-DEX, plus +2 for a Held Defensive weapon or shield (+3 for
 * two or more, the most it gives; Weapon Tags), plus class bonuses (Tank: half the Feat Die's maximum;
 * Defensive Specialist: the level, while aware). CR-19.
 * @example passiveDefense(stats, inventory, cls, picks, 1).value // 8 (half-DEX 6, a held shield +2)
 */
export function passiveDefense(
  stats: CharacterStats,
  inventory: readonly InventoryItem[],
  cls: CharacterClass,
  picks: readonly ClassPick[],
  level: number,
): DerivedValue {
  const parts: DerivedPart[] = [{ label: 'half-DEX', amount: stats.DEX.half }];
  const defensive = inventory.filter(
    (item) => item.carried === 'held' && WEAPONS.some((w) => w.id === item.id && (w.tags as readonly string[]).includes('defensive')),
  );
  if (defensive.length > 0) {
    const amount = defensive.length === 1 ? DEFENSIVE_DEFENSE_BONUS : DEFENSIVE_DEFENSE_BONUS_MAX;
    parts.push({ label: `Defensive: ${defensive.map((d) => weaponLabel(d.id)).join(', ')} (held)`, amount });
  }
  for (const { source, effect } of pickEffects(cls, picks)) {
    if (effect.kind === 'passive-defense-bonus') {
      parts.push({ label: effect.condition ? `${source}, ${effect.condition}` : source, amount: levelAmount(effect.amount, level, stats) });
    }
  }
  const raw = sumParts(parts);
  return { value: raw, raw, parts, note: null };
}

/**
 * Stow Slots (ANATOMY: "Half-STR plus INT mod"; Derived Components: "plus/minus INT mod"). A negative
 * total (STR 3 or 4 with INT 3) counts as 0 slots: a character cannot have fewer than none (CR-18).
 * @example stowSlots(stats).value // 9 for STR 15 (half 8) and INT 13 (+1)
 */
export function stowSlots(stats: CharacterStats): DerivedValue {
  const parts: DerivedPart[] = [
    { label: 'half-STR', amount: stats.STR.half },
    { label: 'INT mod', amount: stats.INT.mod },
  ];
  const raw = sumParts(parts);
  return raw < 0 ? { value: 0, raw, parts, note: 'a negative total counts as 0 slots (CR-18)' } : { value: raw, raw, parts, note: null };
}

/**
 * Starting skills: the class's level-1 count plus one per point of the class prime stat's positive mod
 * (CL-3, CL-4); under Option P, the INT score instead ("a starting number of skills = your INT stat").
 * @example skillCount('random', classById('specialist'), stats, 'DEX').value // 8 + DEX mod if positive
 */
export function skillCount(method: 'random' | 'semi' | 'palladium', cls: CharacterClass, stats: CharacterStats, classPrime: StatId): DerivedValue {
  if (method === 'palladium') {
    const parts = [{ label: 'INT score (Option P)', amount: stats.INT.score }];
    return { value: stats.INT.score, raw: stats.INT.score, parts, note: null };
  }
  if (!cls.skills) throw new RangeError(`the ${cls.label} has no skill progression in the rules`);
  const parts: DerivedPart[] = [{ label: `${cls.label} at level 1`, amount: cls.skills.atLevelOne }];
  const bonus = primeSkillBonus(stats, classPrime);
  if (bonus > 0) parts.push({ label: `${classPrime} mod (the class prime stat)`, amount: bonus });
  const raw = sumParts(parts);
  return { value: raw, raw, parts, note: null };
}

/** Extra skills from the class prime stat: its mod when positive, else none (CL-4). */
export function primeSkillBonus(stats: CharacterStats, classPrime: StatId): number {
  return Math.max(0, stats[classPrime].mod);
}

/**
 * WP selections at level 1: the class's, or a focus's replacement progression (War Mage: 3).
 * @example wpCount(classById('combatant'), []) // 6
 */
export function wpCount(cls: CharacterClass, picks: readonly ClassPick[]): number {
  if (!cls.wps) throw new RangeError(`the ${cls.label} has no WP progression in the rules`);
  let count: number = cls.wps.atLevelOne;
  for (const { effect } of pickEffects(cls, picks)) {
    if (effect.kind === 'replace-wp-progression') count = effect.rule.atLevelOne;
  }
  return count;
}

/** The spellcasting profile a character has from its class and picks (replacements applied), or `null`. */
export function spellcastingProfile(cls: CharacterClass, picks: readonly ClassPick[]): SpellcastingProfile | null {
  let id: SpellcastingProfileId | null = null;
  const effects = pickEffects(cls, picks);
  for (const { effect } of effects) if (effect.kind === 'spellcasting') id = effect.profileId;
  for (const { effect } of effects) {
    if (effect.kind === 'replace-spellcasting' && (id === effect.replacesProfileId || id === null)) id = effect.profileId;
  }
  return id === null ? null : (SPELLCASTING_PROFILES.find((p) => p.id === id) ?? null);
}

/**
 * Spell knowledge at creation (CL-6, CL-7): the Spell Die (Feat Die column of the grade), the spell
 * stat, starting spells (a count plus a positive mod, or the INT half-stat), and spells sustained
 * (class level / divisor, rounded up).
 * @example spellcastingAtCreation(classById('true-mage'), [{ kind: 'focus', id: 'war-mage' }], stats, 'INT', 1)?.spellsKnown // 3 + INT mod if positive
 */
export function spellcastingAtCreation(
  cls: CharacterClass,
  picks: readonly ClassPick[],
  stats: CharacterStats,
  classPrime: StatId,
  level: number,
): CharacterSpellcasting | null {
  const profile = spellcastingProfile(cls, picks);
  if (!profile) return null;
  let spellStat: StatId;
  const ss = profile.spellStat;
  if (ss.kind === 'class-prime-stat') spellStat = classPrime;
  else if (ss.kind === 'fixed') spellStat = ss.stat;
  else {
    const style = picks.find((p) => p.kind === 'spellblade-style');
    const row = style ? ss.styles.find((s) => s.id === style.id) : undefined;
    if (!row) throw new RangeError('a Spellblade needs a spellblade-style pick');
    spellStat = row.stat;
  }
  const start = profile.startingSpells;
  let known: number;
  if (start.kind === 'half-stat') known = stats[start.stat].half;
  else {
    const modStat = start.plusPositiveModOf === 'class-prime-stat' ? classPrime : spellStat;
    known = start.base + Math.max(0, stats[modStat].mod);
  }
  for (const row of profile.spellsByLevel) if (row.level > 1 && row.level <= level) known += row.gained;
  return {
    profileId: profile.id,
    spellDie: dieText(featDie(level, profile.spellDieColumn)),
    spellStat,
    spellsKnown: known,
    sustains: Math.ceil(level / profile.sustainDivisor),
  };
}

/**
 * The Armour Die a character has with no armour worn (Armour of Righteousness: d3, advanced d4; CL-11),
 * or `null`.
 */
export function unarmouredArmourDie(cls: CharacterClass, picks: readonly ClassPick[]): number | null {
  let die: number | null = null;
  for (const { effect } of pickEffects(cls, picks)) {
    if (effect.kind === 'armour-die-steps') die = Math.max(die ?? 0, effect.unarmouredDie);
  }
  return die;
}

/**
 * The base Armour Die (ARMOUR: the worn armour's Soak Die; Armour of Righteousness: "Your Armour Die is
 * two steps higher; while not wearing armour ... a base Armour Die of d3"): the first worn armour of the
 * inventory moved by the class picks' Armour Die steps, else the unarmoured die, else `null` (nothing
 * soaks before the Health Die). `source` names what soaks (the worn armour's id, `unarmoured`, or
 * `null`), so a change of armour can be told from damage to it (ruling PL-3).
 * @example baseArmourDie(classById('combatant'), [], [{ id: 'chain', size: 'large', quantity: 1, carried: 'worn' }]) // { sides: 8, source: 'chain', text: 'Chain d8' }
 */
export function baseArmourDie(
  cls: CharacterClass,
  picks: readonly ClassPick[],
  inventory: readonly InventoryItem[],
): { readonly sides: number | null; readonly source: string | null; readonly text: string } {
  const worn = inventory.map((i) => (i.carried === 'worn' ? ARMOUR.find((a) => a.id === i.id) : undefined)).find((a) => a !== undefined);
  let steps = 0;
  let stepSource = '';
  for (const { source, effect } of pickEffects(cls, picks)) {
    if (effect.kind === 'armour-die-steps' && effect.steps > steps) {
      steps = effect.steps;
      stepSource = source;
    }
  }
  if (worn) {
    const sides = steps === 0 ? worn.soakDie : stepDie(HAMMERCRAWL_CHAIN, worn.soakDie, steps).dice[0]!;
    return { sides, source: worn.id, text: steps === 0 ? `${worn.label} d${sides}` : `${worn.label} d${worn.soakDie} +${steps} steps (${stepSource}) = d${sides}` };
  }
  const unarmoured = unarmouredArmourDie(cls, picks);
  if (unarmoured !== null) return { sides: unarmoured, source: 'unarmoured', text: `no armour worn: d${unarmoured} (${stepSource})` };
  return { sides: null, source: null, text: 'no armour worn' };
}

/**
 * A current die after its base changed from `oldBase` to `newBase` (a Health Die raised by Combat
 * Hardened, CL-10): the steps it was below its old base stay lost; a die gone (`null`) stays gone while
 * the old base was a die. Side counts on the dice chain.
 * @example followBase(6, 8, 12) // 8: two steps below d8 is two steps below d12
 */
export function followBase(current: number | null, oldBase: number | null, newBase: number | null): number | null {
  if (newBase === null) return null;
  if (oldBase === null) return newBase;
  if (current === null) return null;
  const sides: readonly number[] = HAMMERCRAWL_CHAIN.sides;
  const lost = sides.indexOf(oldBase) - sides.indexOf(current);
  const at = sides.indexOf(newBase) - Math.max(0, lost);
  return at < 0 ? null : sides[at]!;
}

/**
 * The psionic grade from the d100 roll against twice WIL (Palladium Psionics): above twice WIL none; at
 * or under the WIL half-stat master; at or under the WIL score major (CR-16); otherwise minor.
 * @example psionicGrade(10, 14) // 'major' (half 7 < 10 <= 14)
 */
export function psionicGrade(roll: number, wilScore: number): PsionicGrade {
  if (roll > 2 * wilScore) return 'none';
  if (roll <= halfStat(wilScore)) return 'master';
  if (roll <= wilScore) return 'major';
  return 'minor';
}

/**
 * The SOC status row of a score (SOC-ietal Standing); a score off 3-18 reads the nearest row (ST-19).
 * @example socialStatusOf(14).id // 'lesser-nobility'
 */
export function socialStatusOf(soc: number): SocialStatusRow {
  const first = SOCIAL_STATUS_TABLE[0];
  const last = SOCIAL_STATUS_TABLE[SOCIAL_STATUS_TABLE.length - 1]!;
  if (soc < first.roll.min) return first;
  if (soc > last.roll.max) return last;
  return SOCIAL_STATUS_TABLE.find((r) => soc >= r.roll.min && soc <= r.roll.max)!;
}

/**
 * Starting coins from the SOC score (Starting Equipment, Option A): SOC times the status multiplier, or
 * Royalty's flat 1000; Scum's x0 also brings three random magick items (`magickItems`).
 * @example startingCoins(14) // { status: 'lesser-nobility', coins: 350, magickItems: 0, text: 'SOC 14 x25 = 350' }
 */
export function startingCoins(soc: number): { readonly status: string; readonly coins: number; readonly magickItems: number; readonly text: string } {
  const row = socialStatusOf(soc);
  const magickItems = row.extras.reduce((n, e) => n + e.count, 0);
  if (row.coins.kind === 'flat') return { status: row.id, coins: row.coins.coins, magickItems, text: `${row.label}: a flat ${row.coins.coins}` };
  const coins = soc * row.coins.multiplier;
  return { status: row.id, coins, magickItems, text: `SOC ${soc} x${row.coins.multiplier} = ${coins}` };
}

/** Bonus languages at creation: the INT mod, if positive (STATS, INT-elligence). */
export function bonusLanguages(stats: CharacterStats): number {
  return Math.max(0, stats.INT.mod);
}

/** Hirelings allowed: the CHA half-stat (STATS, CHA-risma). */
export function maxHirelings(stats: CharacterStats): number {
  return stats.CHA.half;
}

/** What a check is, for a stock's abilities: its kind, whether it is a Save, and the situation the abilities name. */
export interface StockCheckSituation {
  readonly kind: StockCheckKind;
  /** A Save (a Challenge against a danger, CHECKS: Saves). */
  readonly isSave: boolean;
  /** Both feet on stone or earth (Droffen Strength of the Earth). */
  readonly isOnEarth?: boolean;
  /** The Health Die at its base (Elfin Blessed Intellect: "at full"). */
  readonly isHealthFull?: boolean;
}

/** A stock's bonuses on one check: steps, static mods and advantages, each with its origin. */
export interface StockCheckEffects {
  readonly steps: readonly StepModifier[];
  readonly mods: readonly StaticModifier[];
  readonly vantage: readonly VantageSource[];
}

/**
 * The bonuses a character's stock gives a check on `stat` (STOCKS): Ogre Monstrous Endurance (CON) and
 * Troll Monstrous Strength (STR), one step on every Test, Challenge and Competition of the stat (Saves
 * included); Droffen Strength of the Earth, the level added to STR and CON Saves on stone or earth;
 * Elfin Blessed Intellect, advantage on INT Saves at full Health. A condition the situation does not
 * state is not met, and an ability with a condition of its own text (the Canid's pack) is left to the
 * Smith. One definition for the odds and the roll: the caller passes these to the check.
 * @example stockCheckEffects(troll, 'STR', 1, { kind: 'test', isSave: false }).steps // [{ amount: 1, origin: { ..., label: 'Monstrous Strength' } }]
 */
export function stockCheckEffects(stock: Stock, stat: StatId, level: number, situation: StockCheckSituation): StockCheckEffects {
  const steps: StepModifier[] = [];
  const mods: StaticModifier[] = [];
  const vantage: VantageSource[] = [];
  for (const a of stock.abilities) {
    const origin = { kind: 'rule' as const, id: a.id, label: a.label };
    for (const e of a.effects) {
      if (e.kind === 'check-step' && e.stat === stat && e.condition === null && e.checks.includes(situation.kind)) {
        if (!e.stacks && steps.some((x) => x.origin === origin)) continue;
        steps.push({ amount: e.amount, origin });
      }
      if (e.kind === 'save-bonus' && situation.isSave && e.stats.includes(stat) && situation.isOnEarth === true) mods.push({ amount: level, origin });
      if (e.kind === 'save-vantage' && situation.isSave && e.stats.includes(stat) && situation.isHealthFull === true) vantage.push({ mark: e.mark, origin });
    }
  }
  return { steps, mods, vantage };
}

/** Every stock of both settings, once each (`human` is in both, with no ability on checks in either; ST-2). */
export const CHECK_STOCKS: readonly Stock[] = [...new Map([...PALLADIUM_STOCKS, ...HAMMERCRAWL_STOCKS].map((x) => [x.id, x] as const)).values()];

/** No bonus on a check. */
export const NO_STOCK_EFFECTS: StockCheckEffects = Object.freeze({ steps: [], mods: [], vantage: [] });

/**
 * The bonuses of the stock `stockId` on a check of `stat` (`stockCheckEffects`), for a check asked by
 * ids (a table's check, a CLI flag): none for an unknown stock or without a stat.
 * @example stockBonusesById('troll', 'STR', 1, { kind: 'test', isSave: false }).steps.length // 1
 */
export function stockBonusesById(stockId: unknown, stat: unknown, level: number, situation: StockCheckSituation): StockCheckEffects {
  const stock = CHECK_STOCKS.find((x) => x.id === stockId);
  if (stock === undefined || typeof stat !== 'string' || !(STAT_IDS as readonly string[]).includes(stat)) return NO_STOCK_EFFECTS;
  return stockCheckEffects(stock, stat as StatId, level, situation);
}
