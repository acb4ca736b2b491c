/**
 * XP from quests, marks from failed checks, and levelling up: a Hit Die of Sweat, a class level (the
 * pool grows with it), attribute advancement, a specialist's training point and a fighter's favoured
 * foe. Rules: The Bare Bones, From Peasant to King (Leveling Up, Attribute Advancement); Fighters;
 * Specialists; rulings BB-26, BB-27, BB-28.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type RuleResult } from '../rule-system.js';
import { MAX_ADVANCEMENT_CHECKS, rollAdvancement, type AdvancementSpec } from './advancement.js';
import { ATTRIBUTE_IDS, MAX_ATTRIBUTE_SCORE, attributeLabel, type AttributeId } from './attributes.js';
import { MAX_NAME_LENGTH, type BareBonesCharacter, type CharacterSkill } from './character.js';
import { FAVORED_FOE_FROM_LEVEL, bareBonesClass } from './data/classes.js';
import { race } from './data/races.js';
import { SKILL_BONUS } from './data/skills.js';
import { MAX_LEVEL, MAX_XP, QUEST_XP, xpForLevel } from './data/xp.js';

/** Quests completed this session. */
export interface QuestAward {
  readonly isGuildQuestDone: boolean;
  readonly isSideQuestDone: boolean;
}

/**
 * XP for quests: 3 for the Guild Quest, 1 for the Side Quest (From Peasant to King).
 * @example awardQuestXp(c, { isGuildQuestDone: true, isSideQuestDone: true }) // xp + 4
 */
export function awardQuestXp(c: BareBonesCharacter, award: QuestAward): RuleResult<BareBonesCharacter> {
  const gain = (award.isGuildQuestDone ? QUEST_XP[0].xp : 0) + (award.isSideQuestDone ? QUEST_XP[1].xp : 0);
  if (c.xp + gain > MAX_XP) return problem('bare-bones/xp-limit', `XP would pass ${MAX_XP}; this character should have retired long ago.`, '$.xp');
  return ok({ ...c, xp: c.xp + gain });
}

/** Marks a failed check or save on an attribute, up to five (Attribute Advancement). */
export function markFailedCheck(c: BareBonesCharacter, attribute: AttributeId): BareBonesCharacter {
  const n = Math.min(MAX_ADVANCEMENT_CHECKS, c.advancementChecks[attribute] + 1);
  return { ...c, advancementChecks: { ...c.advancementChecks, [attribute]: n } };
}

/** Choices a level up needs. */
export interface LevelUpOptions {
  /** Levelling happens only in a safe place, back in the city. */
  readonly isInSafePlace: boolean;
  /** A human's one bonus die: the attribute whose test it joins (ruling BB-26: the most marked when absent). */
  readonly humanBonusAttribute?: AttributeId;
  /** A specialist's training point: an existing skill's id to raise by 1, or a new skill to learn at +2. */
  readonly training?: { readonly id: string; readonly label: string };
  /** A fighter's new favoured foe (levels 2 and up). */
  readonly favoredFoe?: string;
}

/** A level up and its dice. */
export interface LevelUp {
  readonly character: BareBonesCharacter;
  readonly sweatRoll: number;
  readonly advancement: readonly { readonly attribute: AttributeId; readonly faces: readonly number[]; readonly before: number; readonly after: number }[];
  readonly explanation: readonly string[];
}

/** The attribute a human's bonus die joins: the one named, else the most marked (first in sheet order on a tie; ruling BB-26). */
export function humanBonusAttributeOf(c: BareBonesCharacter, named: AttributeId | undefined): AttributeId {
  return named ?? ATTRIBUTE_IDS.reduce((best, id) => (c.advancementChecks[id] > c.advancementChecks[best] ? id : best), ATTRIBUTE_IDS[0]);
}

/**
 * The advancement tests a level up makes, in sheet order: one per marked attribute, with the race's
 * bonus die on its favoured attributes or a human's pick (Attribute Advancement; ruling BB-26). Rolls
 * and odds of a level up both read this list.
 */
export function advancementTestsOf(c: BareBonesCharacter, humanBonusAttribute?: AttributeId): readonly { readonly attribute: AttributeId; readonly spec: AdvancementSpec }[] {
  const r = race(c.race);
  const humanPick = r.id === 'human' ? humanBonusAttributeOf(c, humanBonusAttribute) : null;
  return ATTRIBUTE_IDS.filter((id) => c.advancementChecks[id] > 0).map((id) => ({
    attribute: id,
    spec: { score: c.stats[id].score, checks: c.advancementChecks[id], bonusDice: (r.favoredAttributes as readonly AttributeId[]).includes(id) || id === humanPick ? 1 : 0 },
  }));
}

/**
 * Rolls a level up (Leveling Up): Sweat grows by a Hit Die roll (current and max), the level and the
 * class pool rise (the pool refills to the new level, ruling BB-28), then each marked attribute rolls its
 * d4s (plus the race's bonus die) and its marks are erased. Dice order: Sweat, then attributes in sheet order.
 */
export function rollLevelUp(rng: RandomSource, c: BareBonesCharacter, o: LevelUpOptions): RuleResult<LevelUp> {
  if (!o.isInSafePlace) return problem('bare-bones/not-safe', 'Characters level up only in a safe place (back in the city), never in a dungeon.', '$.isInSafePlace');
  if (c.level >= MAX_LEVEL) return problem('bare-bones/max-level', `Level ${MAX_LEVEL} is the last: time to retire to a kingdom or a farm.`, '$.level');
  const next = c.level + 1;
  if (c.xp < xpForLevel(next)) return problem('bare-bones/not-enough-xp', `Level ${next} needs ${xpForLevel(next)} XP; this character has ${c.xp}.`, '$.xp');
  const cls = bareBonesClass(c.class);
  const r = race(c.race);
  if (o.humanBonusAttribute !== undefined && r.id !== 'human') return problem('bare-bones/bonus-not-human', 'Only humans pick the attribute for their bonus die; demihumans have theirs fixed.', '$.humanBonusAttribute');
  let skills: readonly CharacterSkill[] = c.skills;
  if (cls.trainingPerLevel > 0) {
    if (o.training === undefined) return problem('bare-bones/training-needed', 'A specialist gains a training point: name a skill to raise or a new one to learn (training).', '$.training');
    const t = o.training;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t.id) || t.id.length > MAX_NAME_LENGTH || t.label.trim().length === 0 || t.label.length > MAX_NAME_LENGTH) {
      return problem('bare-bones/bad-skill', `A skill needs a kebab-case id and a name of 1 to ${MAX_NAME_LENGTH} characters.`, '$.training');
    }
    const have = c.skills.find((s) => s.id === t.id);
    if (have !== undefined && have.bonus >= cls.maxSkillBonus) return problem('bare-bones/skill-maxed', `${have.label} is already +${cls.maxSkillBonus}, the most a skill can reach; train another.`, '$.training.id');
    skills = have !== undefined ? c.skills.map((s) => (s.id === t.id ? { ...s, bonus: s.bonus + 1 } : s)) : [...c.skills, { id: t.id, label: t.label, bonus: SKILL_BONUS }];
  } else if (o.training !== undefined) return problem('bare-bones/no-training', 'Only specialists gain training points when they level up.', '$.training');
  let favoredFoes = c.favoredFoes;
  if (cls.id === 'fighter' && next >= FAVORED_FOE_FROM_LEVEL) {
    const foe = o.favoredFoe;
    if (foe === undefined || foe.trim().length === 0 || foe.length > MAX_NAME_LENGTH) return problem('bare-bones/favored-foe-needed', `A fighter names a notable monster helped to defeat as a favoured foe (1 to ${MAX_NAME_LENGTH} characters).`, '$.favoredFoe');
    favoredFoes = [...c.favoredFoes, foe];
  } else if (o.favoredFoe !== undefined) return problem('bare-bones/not-a-fighter', 'Only fighters name favoured foes.', '$.favoredFoe');

  const explanation: string[] = [];
  const sweatRoll = rng.rollDie(c.hitDie);
  explanation.push(`Sweat: d${c.hitDie} = ${sweatRoll}`);
  const stats = { ...c.stats };
  const advancement: LevelUp['advancement'][number][] = [];
  for (const { attribute: id, spec } of advancementTestsOf(c, o.humanBonusAttribute)) {
    const roll = rollAdvancement(rng, spec);
    const after = Math.min(MAX_ATTRIBUTE_SCORE, roll.after);
    stats[id] = { score: after };
    advancement.push({ attribute: id, faces: roll.faces, before: c.stats[id].score, after });
    explanation.push(`${attributeLabel(id)}: ${roll.faces.join(' + ')} = ${roll.total} against ${c.stats[id].score}: ${roll.isRaised ? 'rises' : 'no change'}`);
  }
  const character: BareBonesCharacter = {
    ...c,
    stats,
    level: next,
    // At 0 Blood all Sweat is lost, so the new Sweat waits for healing there (the max still grows).
    sweat: { current: c.blood.current === 0 ? 0 : c.sweat.current + sweatRoll, max: c.sweat.max + sweatRoll },
    points: { ...c.points, current: next },
    skills,
    advancementChecks: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    favoredFoes,
  };
  return ok({ character, sweatRoll, advancement, explanation });
}
