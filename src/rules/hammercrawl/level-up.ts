/**
 * Levelling a HAMMERCRAWL! character: one level at a time, by the crawl-mode XP table; a new Feat Die,
 * skills and WP selections per the class's level row, Weapon Specialization bought with WP selections
 * (costs 1/2/3, a Natural Proficiency's first tier 2, once per weapon per level-up, banking), the Devout's
 * power step and the Specialist's specialty at 3, 6 and 9, spells learned; and the Human's heir (Breed
 * like Rabbits). Rules: HAMMERCRAWL! v4, XP and LEVELING; CLASSES; WEAPON PROFICIENCIES; STOCKS (Human).
 * Rulings: docs/rulings.md (LV-n), docs/rulings.md (CL-n, CR-n, ST-10).
 */
import { HAMMERCRAWL_CHAIN, stepDie, type RandomSource } from '../../dice/index.js';
import { STAT_IDS, type StatId } from './check-modifiers.js';
import { dieSides, dieText, type Character, type CharacterSkill, type CharacterWeaponProficiency, type ClassPick, type DieText } from './character.js';
import { SELECTABLE_WP_IDS, firstDuplicate, isUnwritten, labelOf, stockOf, type DevoutPowerChoice, type SkillPick } from './create-character.js';
import { CLASS_LEVELS, DEVOUT_POWERS, type ClassLevelRow, type DevoutPowerVersion } from './data/classes.js';
import { SKILLS, SKILL_TABLE_DIE, skillForRoll } from './data/skills.js';
import { WEAPON_SPECIALIZATION_TIERS } from './data/weapon-proficiencies.js';
import { CRAWL_XP_TABLE } from './data/xp.js';
import { baseArmourDie, classById, followBase, passiveDefense, pickEffects, spellcastingAtCreation, spellcastingProfile, statBlock, stowSlots } from './derived.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDie } from './feat-die.js';

// ---------------------------------------------------------------------------------------------------
// Choices, errors, results
// ---------------------------------------------------------------------------------------------------

/**
 * What a player chooses at a level-up; anything left out is rolled as at creation (LV-3 .. LV-7).
 * @example { learnWps: ['sling'], specialize: ['sword-long'], devoutPower: { id: 'revenant', version: 'basic' } }
 */
export interface LevelUpChoices {
  /** The skills gained at this level (the rest are rolled on the d100 list). */
  readonly skills?: readonly SkillPick[];
  /** New WPs to learn, one WP selection each. */
  readonly learnWps?: readonly string[];
  /** Known WPs to raise one Weapon Specialization tier (cost 1/2/3; a natural WP's first tier 2). */
  readonly specialize?: readonly string[];
  /** Devout at 3, 6, 9: a new power at basic, or a known basic power raised to advanced (CL-9). */
  readonly devoutPower?: DevoutPowerChoice;
  /** Specialist at 3, 6, 9: an already-known skill to make a specialty (CL-28). */
  readonly specialty?: string;
}

/** Settings of a level-up. */
export interface LevelUpOptions {
  /** Level up even without the XP for it (the Smith's say-so); the log notes it and XP is unchanged (LV-1). */
  readonly force?: boolean;
}

/** Every code a level-up error may carry. */
export type LevelUpErrorCode =
  | 'level-up/not-enough-xp'
  | 'level-up/max-level'
  | 'level-up/no-progression'
  | 'level-up/unknown-id'
  | 'level-up/not-offered'
  | 'level-up/duplicate'
  | 'level-up/too-many'
  | 'level-up/not-enough-wps'
  | 'level-up/reroll-cap';

/** The choice (or fact) a level-up error is about. */
export type LevelUpErrorSubject = keyof LevelUpChoices | 'level' | 'xp' | 'class';

/**
 * Why a level-up cannot be made: a namespaced code, what it is about, and a message saying how to fix it
 * (valid ids named, XP numbers given).
 * @example { code: 'level-up/not-enough-xp', subject: 'xp', message: 'level 2 needs 10 XP (crawl mode); Ada has 4 (6 short)' }
 */
export interface LevelUpError {
  readonly code: LevelUpErrorCode;
  readonly subject: LevelUpErrorSubject;
  readonly message: string;
}

/** One line of the level-up log: what was rolled, chosen or applied, and the faces thrown. */
export interface LevelUpLogEntry {
  readonly text: string;
  readonly faces: readonly number[];
}

/** The outcome of `rollLevelUp`: the levelled character and the log, or why it cannot level. */
export type LevelUpResult =
  | { readonly ok: true; readonly character: Character; readonly log: readonly LevelUpLogEntry[] }
  | { readonly ok: false; readonly error: LevelUpError };

/** Most d100 re-rolls of already-known skills in one level-up before giving up (never reached in practice). */
export const MAX_LEVEL_UP_SKILL_REROLLS = 10_000;

/** The Specialist's and the Devout's extra picks come at these levels (CL-9, CL-28). */
export const EXTRA_PICK_LEVELS = [3, 6, 9] as const;

function fail(code: LevelUpErrorCode, subject: LevelUpErrorSubject, message: string): { readonly ok: false; readonly error: LevelUpError } {
  return { ok: false, error: { code, subject, message } };
}

/** XP needed to be at `level` in crawl mode (CL-34). */
export function crawlXpFor(level: number): number {
  const row = CRAWL_XP_TABLE.find((r) => r.level === level);
  if (!row) throw new RangeError(`no crawl XP row for level ${level}`);
  return row.minXp;
}

/** The class level row a character reaches at `level`, or `undefined` (the Charlatan has none, CL-31). */
export function classLevelRow(classId: string, level: number): ClassLevelRow | undefined {
  return (CLASS_LEVELS as readonly ClassLevelRow[]).find((r) => r.classId === classId && r.level === level);
}

/**
 * WP selections a character gains on reaching `level`: the class row's, or a focus's replacement
 * progression (War Mage: 1 at every new level, CL-18).
 */
export function wpsGainedAt(character: Character, level: number): number {
  const cls = classById(character.class);
  const row = classLevelRow(cls.id, level);
  let gained = row?.wps.gained ?? 0;
  for (const { effect } of pickEffects(cls, character.classPicks)) {
    if (effect.kind === 'replace-wp-progression') gained = effect.byLevel.find((r) => r.level === level)?.gained ?? 0;
  }
  return gained;
}

/** The class's prime stat of a document: the last of `primeStats` (the stock's comes first, CR-3). */
export function classPrimeOf(character: Character): StatId {
  return character.primeStats[character.primeStats.length - 1]!;
}

/** The WP selections raising `wp` one Weapon Specialization tier costs, or `null` at tier 3 (LV-4). */
export function specializationCost(wp: CharacterWeaponProficiency): number | null {
  const next = WEAPON_SPECIALIZATION_TIERS.find((t) => t.tier === wp.specializationTier + 1);
  if (!next) return null;
  return wp.source === 'natural' ? next.naturalCost : next.cost;
}

function isUnwrittenVersion(v: DevoutPowerVersion | null): boolean {
  return v === null || isUnwritten(v.status, v.effects);
}

/** The Devout power steps open at a level-up: new basic powers (written ones only when `writtenOnly`) and known basic powers with an advanced version. */
function devoutOptions(picks: readonly ClassPick[], writtenOnly: boolean): DevoutPowerChoice[] {
  const known = new Map<string, 'basic' | 'advanced'>();
  for (const p of picks) if (p.kind === 'devout-power') known.set(p.id, p.version);
  const out: DevoutPowerChoice[] = [];
  for (const power of DEVOUT_POWERS) {
    const v = known.get(power.id);
    if (v === undefined && !(writtenOnly && isUnwrittenVersion(power.basic))) out.push({ id: power.id, version: 'basic' });
    if (v === 'basic' && power.advanced !== null && !(writtenOnly && isUnwrittenVersion(power.advanced))) out.push({ id: power.id, version: 'advanced' });
  }
  return out;
}

/**
 * The class pick a level-up to the next level rolls when the player does not choose it (LV-5): the
 * Devout's power step (written steps only) or the Specialist's specialty (known skills not yet
 * specialties), each rolled evenly; `null` when the level brings neither, or nothing is open.
 * @example rolledPickOptions(devoutAtLevel2) // { kind: 'devout-power', options: [{ id: 'revenant', version: 'basic' }, ...] }
 */
export function rolledPickOptions(
  character: Character,
): { readonly kind: 'devout-power'; readonly options: readonly DevoutPowerChoice[] } | { readonly kind: 'specialty'; readonly options: readonly string[] } | null {
  const row = classLevelRow(character.class, character.level + 1);
  for (const grant of row?.grants ?? []) {
    if (grant.kind === 'devout-power-advance') {
      const options = devoutOptions(character.classPicks, true);
      return options.length > 0 ? { kind: 'devout-power', options } : null;
    }
    if (grant.kind === 'skill-specialty') {
      const options = character.skills.filter((s) => !s.isSpecialty).map((s) => s.id);
      return options.length > 0 ? { kind: 'specialty', options } : null;
    }
  }
  return null;
}

/** A side count as document text, `null` kept. */
function sidesText(sides: number | null): DieText | null {
  return sides === null ? null : dieText(sides);
}

function choiceText(c: DevoutPowerChoice): string {
  return `${c.id}:${c.version}`;
}

// ---------------------------------------------------------------------------------------------------
// Checking the choices
// ---------------------------------------------------------------------------------------------------

/**
 * Checks a level-up before anything is rolled: the level and XP, the class's progression, and every
 * choice (unknown ids named with the valid ones, duplicates, counts, WP selection costs).
 * @example checkLevelUp(character, { learnWps: ['bow'] }) // { code: 'level-up/unknown-id', ... }
 */
export function checkLevelUp(character: Character, choices: LevelUpChoices = {}, options: LevelUpOptions = {}): LevelUpError | null {
  const next = character.level + 1;
  if (character.level >= MAX_CHARACTER_LEVEL) {
    return fail('level-up/max-level', 'level', `${character.name} is already level ${MAX_CHARACTER_LEVEL}, the highest level`).error;
  }
  const row = classLevelRow(character.class, next);
  if (!row) return fail('level-up/no-progression', 'class', `the ${character.class} class has no level progression in the rules (CL-31)`).error;
  const need = crawlXpFor(next);
  if (character.xp < need && options.force !== true) {
    return fail(
      'level-up/not-enough-xp',
      'xp',
      `level ${next} needs ${need} XP (crawl mode); ${character.name} has ${character.xp} (${need - character.xp} short)`,
    ).error;
  }
  const knownSkills = new Set(character.skills.map((s) => s.id));
  const skills = choices.skills ?? [];
  for (const s of skills) {
    if (!SKILLS.some((k) => k.id === s.id)) return fail('level-up/unknown-id', 'skills', `'${s.id}' is not a skill; the skills are ${SKILLS.map((k) => k.id).join(', ')}`).error;
    if (knownSkills.has(s.id)) return fail('level-up/not-offered', 'skills', `${character.name} already knows ${labelOf(s.id)}`).error;
  }
  const dupSkill = firstDuplicate(skills.map((s) => s.id));
  if (dupSkill !== null) return fail('level-up/duplicate', 'skills', `'${dupSkill}' is chosen twice`).error;
  if (skills.length > row.skills.gained) {
    return fail('level-up/too-many', 'skills', `${skills.length} skills chosen, but level ${next} gives ${row.skills.gained}`).error;
  }

  const knownWps = new Map(character.weaponProficiencies.map((w) => [w.id, w]));
  const learn = choices.learnWps ?? [];
  const learnable = SELECTABLE_WP_IDS.filter((id) => !knownWps.has(id));
  for (const id of learn) {
    if (!learnable.includes(id)) {
      const why = knownWps.has(id) ? `${character.name} already has the ${labelOf(id)} WP` : `'${id}' is not a WP one can learn`;
      return fail(knownWps.has(id) ? 'level-up/not-offered' : 'level-up/unknown-id', 'learnWps', `${why}; WPs to learn: ${learnable.join(', ')}`).error;
    }
  }
  const dupLearn = firstDuplicate(learn);
  if (dupLearn !== null) return fail('level-up/duplicate', 'learnWps', `'${dupLearn}' is chosen twice: WP selections go into a weapon once per level-up`).error;
  const spec = choices.specialize ?? [];
  const raisable = character.weaponProficiencies.filter((w) => w.specializationTier < WEAPON_SPECIALIZATION_TIERS.length).map((w) => w.id);
  let cost = 0;
  for (const id of spec) {
    const wp = knownWps.get(id);
    if (learn.includes(id)) {
      return fail('level-up/duplicate', 'specialize', `${labelOf(id)} cannot be learned and specialized at the same level-up (once per weapon per level-up)`).error;
    }
    if (!wp || specializationCost(wp) === null) {
      const why = wp ? `${labelOf(id)} is already at Spec tier ${wp.specializationTier}, the last` : `'${id}' is not a WP ${character.name} knows`;
      return fail(wp ? 'level-up/not-offered' : 'level-up/unknown-id', 'specialize', `${why}; WPs to specialize: ${raisable.join(', ') || 'none'}`).error;
    }
    cost += specializationCost(wp)!;
  }
  const dupSpec = firstDuplicate(spec);
  if (dupSpec !== null) return fail('level-up/duplicate', 'specialize', `'${dupSpec}' is chosen twice: one Spec tier per weapon per level-up`).error;
  const cap = classById(character.class).wps?.maxSpecializationsPerLevelUp ?? null;
  if (cap !== null && spec.length > cap) {
    return fail('level-up/too-many', 'specialize', `a ${character.class} buys or raises at most ${cap} specialization per level-up (CL-5), got ${spec.length}`).error;
  }
  const available = character.wpSelections.banked + wpsGainedAt(character, next);
  if (learn.length * 1 + cost > available) {
    return fail(
      'level-up/not-enough-wps',
      learn.length > 0 && spec.length === 0 ? 'learnWps' : 'specialize',
      `${learn.length} WP${learn.length === 1 ? '' : 's'} to learn and ${cost} for specialization need ${learn.length + cost} WP selections; ${character.name} has ${available} (${character.wpSelections.banked} banked + ${available - character.wpSelections.banked} gained)`,
    ).error;
  }

  if (choices.devoutPower !== undefined) {
    const dp = choices.devoutPower;
    if (character.class !== 'devout' || !(EXTRA_PICK_LEVELS as readonly number[]).includes(next)) {
      return fail('level-up/not-offered', 'devoutPower', `a Devout power step comes only to a Devout at levels 3, 6 and 9 (this is a ${character.class} reaching ${next})`).error;
    }
    const open = devoutOptions(character.classPicks, false);
    if (!open.some((o) => o.id === dp.id && o.version === dp.version)) {
      return fail('level-up/not-offered', 'devoutPower', `'${choiceText(dp)}' is not open; the steps open are ${open.map(choiceText).join(', ')}`).error;
    }
  }
  if (choices.specialty !== undefined) {
    if (character.class !== 'specialist' || !(EXTRA_PICK_LEVELS as readonly number[]).includes(next)) {
      return fail('level-up/not-offered', 'specialty', `a new specialty comes only to a Specialist at levels 3, 6 and 9 (this is a ${character.class} reaching ${next})`).error;
    }
    const open = character.skills.filter((s) => !s.isSpecialty).map((s) => s.id);
    if (!open.includes(choices.specialty)) {
      return fail('level-up/not-offered', 'specialty', `'${choices.specialty}' is not a known skill that is not yet a specialty; those are ${open.join(', ') || 'none'}`).error;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Levelling
// ---------------------------------------------------------------------------------------------------

function stepDieText(die: DieText, steps: number): DieText {
  const sides = dieSides(die);
  if (sides === null) return die;
  return dieText(stepDie(HAMMERCRAWL_CHAIN, sides, steps).dice[0]!);
}

/**
 * Raises a character one level (XP and LEVELING; CLASSES): the Feat Die of the new level; skills and WP
 * selections per `CLASS_LEVELS` (a War Mage's own WP progression), chosen or rolled as at creation;
 * WP selections spent on new WPs and Weapon Specialization or banked; the Devout's power step and the
 * Specialist's specialty at 3, 6, 9; spells learned, Spell Die and sustaining; a raised Combat Hardened's
 * +2 HD steps; Defense where a class feature follows the level. Pure: the same rolls give the same result.
 * @example rollLevelUp(seededRandom(1), character) // { ok: true, character: { level: 2, featDie: 'd4', ... }, log }
 */
export function rollLevelUp(rng: RandomSource, character: Character, choices: LevelUpChoices = {}, options: LevelUpOptions = {}): LevelUpResult {
  const problem = checkLevelUp(character, choices, options);
  if (problem) return { ok: false, error: problem };
  const log: LevelUpLogEntry[] = [];
  const note = (text: string, faces: readonly number[] = []): void => {
    log.push({ text, faces });
  };
  const pick = <T>(what: string, options_: readonly T[], text: (t: T) => string): T => {
    if (options_.length === 1) {
      note(`${what}: ${text(options_[0]!)} (the only option)`);
      return options_[0]!;
    }
    const face = rng.rollDie(options_.length);
    const value = options_[face - 1]!;
    note(`${what}: d${options_.length} = ${face} -> ${text(value)}`, [face]);
    return value;
  };

  const cls = classById(character.class);
  const from = character.level;
  const level = from + 1;
  const row = classLevelRow(cls.id, level)!;
  const need = crawlXpFor(level);
  note(`Level ${from} -> ${level} (crawl mode: ${need} XP needed, ${character.xp} XP held)`);
  if (character.xp < need) note(`Forced: ${need - character.xp} XP short; XP stays at ${character.xp} (LV-1)`);

  // Feat Die (THE FEAT DIE table).
  const newFeat = dieText(featDie(level));
  note(`Feat Die: ${character.featDie} -> ${newFeat}`);

  // Skills (CL-3, CR-10): chosen, then d100 rolls with known skills rolled again.
  const skills: CharacterSkill[] = [...character.skills];
  const chosenSkills = choices.skills ?? [];
  for (const s of chosenSkills) {
    skills.push({ id: s.id, specialization: s.specialization ?? null, isSpecialty: false, isCursed: false });
    note(`Skill: ${labelOf(s.id)} (chosen)`);
  }
  let rerolls = 0;
  while (skills.length < character.skills.length + row.skills.gained) {
    const face = rng.rollDie(SKILL_TABLE_DIE);
    const skill = skillForRoll(face)!;
    if (skills.some((s) => s.id === skill.id)) {
      note(`Skill: d${SKILL_TABLE_DIE} = ${face} -> ${skill.label}, already known: rolled again`, [face]);
      rerolls += 1;
      if (rerolls > MAX_LEVEL_UP_SKILL_REROLLS) return fail('level-up/reroll-cap', 'skills', `more than ${MAX_LEVEL_UP_SKILL_REROLLS} duplicate skill rolls`);
      continue;
    }
    skills.push({ id: skill.id, specialization: null, isSpecialty: false, isCursed: false });
    note(`Skill: d${SKILL_TABLE_DIE} = ${face} -> ${skill.label}`, [face]);
  }

  // Weapon Proficiencies (WEAPON PROFICIENCIES; LV-3, LV-4).
  const gainedWps = wpsGainedAt(character, level);
  let wps: CharacterWeaponProficiency[] = [...character.weaponProficiencies];
  let spent = 0;
  note(`WP selections: ${gainedWps} gained, ${character.wpSelections.banked} banked`);
  const playerWps = choices.learnWps !== undefined || choices.specialize !== undefined;
  const learn: string[] = [...(choices.learnWps ?? [])];
  if (!playerWps) {
    let left = SELECTABLE_WP_IDS.filter((id) => !wps.some((w) => w.id === id));
    for (let i = 0; i < gainedWps && left.length > 0; i++) {
      const id = pick(`New WP ${i + 1} of ${gainedWps}`, left, labelOf);
      learn.push(id);
      left = left.filter((x) => x !== id);
    }
  } else {
    for (const id of learn) note(`New WP: ${labelOf(id)} (chosen)`);
  }
  for (const id of learn) {
    wps.push({ id, source: 'selection', specializationTier: 0 });
    spent += 1;
  }
  for (const id of choices.specialize ?? []) {
    const wp = wps.find((w) => w.id === id)!;
    const c = specializationCost(wp)!;
    spent += c;
    wps = wps.map((w) => (w.id === id ? { ...w, specializationTier: w.specializationTier + 1 } : w));
    note(`Specialize ${labelOf(id)}: Spec tier ${wp.specializationTier} -> ${wp.specializationTier + 1} for ${c} WP selection${c === 1 ? '' : 's'}${wp.source === 'natural' && wp.specializationTier === 0 ? ' (natural proficiency: first tier costs 2)' : ''}`);
  }
  const total = character.wpSelections.total + gainedWps;
  const wpSelections = { total, spent: character.wpSelections.spent + spent, banked: total - character.wpSelections.spent - spent };
  if (wpSelections.banked > 0) note(`WP selections banked: ${wpSelections.banked}`);

  // Class grants at 3, 6, 9.
  let picks: ClassPick[] = [...character.classPicks];
  let baseHealthDie = character.baseHealthDie;
  let harmDie = character.harmDie;
  const rolledPick = rolledPickOptions(character);
  for (const grant of row.grants) {
    if (grant.kind === 'devout-power-advance') {
      const open = rolledPick?.kind === 'devout-power' ? rolledPick.options : [];
      let step: DevoutPowerChoice | null = choices.devoutPower ?? null;
      if (step !== null) note(`Devout power step: ${labelOf(step.id)} (${step.version}) (chosen)`);
      else if (open.length > 0) step = pick('Devout power step', open, (o) => `${labelOf(o.id)} (${o.version === 'basic' ? 'new, basic' : 'raised to advanced'})`);
      else note('Devout power step: nothing open (every written power is known and advanced)');
      if (step !== null) {
        const s = step;
        if (s.version === 'basic') picks.push({ kind: 'devout-power', id: s.id, version: 'basic' });
        else {
          picks = picks.map((p) => (p.kind === 'devout-power' && p.id === s.id ? { ...p, version: 'advanced' as const } : p));
          const adv = DEVOUT_POWERS.find((p) => p.id === s.id)!.advanced!;
          for (const e of adv.effects) {
            if (e.kind === 'class-hd-steps') {
              // CL-10: raised after creation, the base Health and Harm Dice each rise.
              const h = stepDieText(baseHealthDie, e.steps);
              const m = stepDieText(harmDie, e.steps);
              note(`${labelOf(s.id)} (advanced): base Health Die ${baseHealthDie} -> ${h}, Harm Die ${harmDie} -> ${m} (CL-10)`);
              baseHealthDie = h;
              harmDie = m;
            }
          }
        }
      }
    } else if (grant.kind === 'skill-specialty') {
      const open = rolledPick?.kind === 'specialty' ? rolledPick.options : [];
      let id: string | null = choices.specialty ?? null;
      if (id !== null) note(`Specialty: ${labelOf(id)} (chosen)`);
      else if (open.length > 0) id = pick('Specialty (an already-known skill)', open, labelOf);
      else note('Specialty: every known skill is already a specialty');
      if (id !== null) {
        const sid = id;
        for (let i = 0; i < skills.length; i++) if (skills[i]!.id === sid) skills[i] = { ...skills[i]!, isSpecialty: true };
      }
    } else if (grant.kind === 'feature-improves') {
      if ((cls.specialIds as readonly string[]).includes(grant.featureId) || picks.some((p) => 'id' in p && p.id === grant.featureId)) {
        note(`${labelOf(grant.featureId)} improves at level ${level}`);
      }
    }
  }

  // Spells (CL-6, CL-8): learned with the profile held before this level's step; Spell Die and sustaining after it.
  const classPrime = classPrimeOf(character);
  const before = spellcastingProfile(cls, character.classPicks);
  const after = spellcastingProfile(cls, picks);
  let spellcasting = character.spellcasting;
  if (after !== null) {
    let known: number;
    if (spellcasting === null || before === null) {
      known = spellcastingAtCreation(cls, picks, character.stats, classPrime, 1)!.spellsKnown;
      note(`Spellcasting taken: ${known} spells known to start (LV-6)`);
    } else {
      const gained = before.spellsByLevel.find((r) => r.level === level)?.gained ?? 0;
      known = spellcasting.spellsKnown + gained;
      if (gained > 0) note(`Spells: ${gained} new spell${gained === 1 ? '' : 's'} learned (${known} known)`);
    }
    const spellDie = dieText(featDie(level, after.spellDieColumn));
    const sustains = Math.ceil(level / after.sustainDivisor);
    spellcasting = {
      profileId: after.id,
      spellDie,
      spellStat: spellcasting?.spellStat ?? spellcastingAtCreation(cls, picks, character.stats, classPrime, 1)!.spellStat,
      spellsKnown: known,
      sustains,
    };
    note(`Spell Die ${spellDie}; sustains ${sustains}`);
  }
  let innateSpells = character.innateSpells;
  const stock = stockOf(character.setting, character.stock);
  for (const a of stock?.abilities ?? []) {
    for (const e of a.effects) {
      if (e.kind === 'innate-spells' && e.fromLevel <= level) {
        innateSpells += e.perLevel;
        note(`${a.label}: ${e.perLevel} more free spell (${innateSpells})`);
      }
    }
  }

  // Defense follows the level where a feature does (Tank, Defensive Specialist): the change is added (LV-8).
  const defBefore = passiveDefense(character.stats, character.inventory, cls, character.classPicks, from).value;
  const defAfter = passiveDefense(character.stats, character.inventory, cls, picks, level).value;
  const defense = Math.max(0, character.defense + defAfter - defBefore);
  if (defense !== character.defense) note(`Defense: ${character.defense} -> ${defense}`);
  // The current dice follow their bases: steps lost stay lost (PL-2, PL-3).
  const healthDie = sidesText(followBase(dieSides(character.healthDie ?? ''), dieSides(character.baseHealthDie), dieSides(baseHealthDie)));
  if (healthDie !== character.healthDie) note(`Health Die: ${character.healthDie ?? 'down'} -> ${healthDie ?? 'down'} (base ${baseHealthDie})`);
  const armour = baseArmourDie(cls, picks, character.inventory);
  const baseArmour = sidesText(armour.sides);
  const armourDie = sidesText(followBase(dieSides(character.armourDie ?? ''), dieSides(character.baseArmourDie ?? ''), armour.sides));
  if (baseArmour !== character.baseArmourDie) note(`Armour Die: ${character.armourDie ?? 'none'} -> ${armourDie ?? 'none'} (base ${armour.text})`);

  return {
    ok: true,
    log,
    character: {
      ...character,
      level,
      featDie: newFeat,
      healthDie,
      baseHealthDie,
      harmDie,
      armourDie,
      baseArmourDie: baseArmour,
      defense,
      skills,
      weaponProficiencies: wps,
      wpSelections,
      classPicks: picks,
      spellcasting,
      innateSpells,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The Human's heir (Breed like Rabbits)
// ---------------------------------------------------------------------------------------------------

/** Who picks the two stats the heir re-rolls: the player first, then the Smith (may be the same stat). */
export interface HeirChoices {
  readonly playerStat?: StatId;
  readonly smithStat?: StatId;
}

/** The heir, with the log and the number of items the player keeps from the dead character's inventory. */
export type HeirResult =
  | { readonly ok: true; readonly character: Character; readonly itemsKept: number; readonly log: readonly LevelUpLogEntry[] }
  | { readonly ok: false; readonly error: LevelUpError };

/**
 * Breed like Rabbits (HAMMERCRAWL! Human, ST-10, LV-9): the heir is one level lower (never below 1) at the
 * minimum XP of that level (level 1: 0 XP), with one stat re-rolled on 3d6 by the player's pick and one by
 * the Smith's (rolled evenly among the six core stats when not given), the new result kept even if lower.
 * The Feat Die, Spell Die, sustaining, Stow Slots and Defense follow; skills, WPs and powers stay (LV-9).
 * Starting equipment and kept items (`itemsKept` = the level at death) are the Smith's to settle.
 * @example rollHeir(seededRandom(3), human, { playerStat: 'STR' })
 */
export function rollHeir(rng: RandomSource, character: Character, choices: HeirChoices = {}): HeirResult {
  if (character.setting !== 'hammercrawl' || character.stock !== 'human') {
    return fail('level-up/not-offered', 'class', `Breed like Rabbits is the HAMMERCRAWL! Human's; this is a ${character.setting} ${character.stock}`);
  }
  const log: LevelUpLogEntry[] = [];
  const level = Math.max(MIN_CHARACTER_LEVEL, character.level - 1);
  const xp = crawlXpFor(level);
  log.push({ text: `Heir: level ${character.level} -> ${level}, XP ${character.xp} -> ${xp}`, faces: [] });
  const core = STAT_IDS.filter((s) => s !== 'SOC');
  let scores = Object.fromEntries(STAT_IDS.map((s) => [s, character.stats[s].score])) as { [K in StatId]: number };
  for (const [who, chosen] of [['player', choices.playerStat], ['Smith', choices.smithStat]] as const) {
    let stat: StatId;
    if (chosen !== undefined) stat = chosen;
    else {
      const face = rng.rollDie(core.length);
      stat = core[face - 1]!;
      log.push({ text: `The ${who}'s stat: d${core.length} = ${face} -> ${stat}`, faces: [face] });
    }
    const faces = [rng.rollDie(6), rng.rollDie(6), rng.rollDie(6)];
    const total = faces[0]! + faces[1]! + faces[2]!;
    log.push({ text: `${stat} re-rolled (the ${who}'s pick): 3d6 = ${total} (was ${scores[stat]})`, faces });
    scores = { ...scores, [stat]: total };
  }
  const stats = Object.fromEntries(STAT_IDS.map((s) => [s, statBlock(scores[s])])) as unknown as Character['stats'];
  const cls = classById(character.class);
  const defBefore = passiveDefense(character.stats, character.inventory, cls, character.classPicks, character.level).value;
  const defAfter = passiveDefense(stats, character.inventory, cls, character.classPicks, level).value;
  const sp = character.spellcasting;
  const profile = spellcastingProfile(cls, character.classPicks);
  const itemsKept = character.level;
  log.push({ text: `Reset to starting equipment; keep ${itemsKept} items (not coin, gems or valuables) from the inventory: the Smith settles it`, faces: [] });
  return {
    ok: true,
    itemsKept,
    log,
    character: {
      ...character,
      level,
      xp,
      stats,
      featDie: dieText(featDie(level)),
      defense: Math.max(0, character.defense + defAfter - defBefore),
      stowSlots: stowSlots(stats).value,
      spellcasting:
        sp === null || profile === null
          ? sp
          : { ...sp, spellDie: dieText(featDie(level, profile.spellDieColumn)), sustains: Math.ceil(level / profile.sustainDivisor) },
    },
  };
}
