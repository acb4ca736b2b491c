/**
 * The changes of advancement and class pools: XP for quests (the Smith's award), a failed check's
 * mark, levelling up (a Hit Die of Sweat and attribute advancement rolled; a human's bonus die, a
 * specialist's training and a fighter's favoured foe chosen), and faith, tactic and luck points or mana
 * spent and granted. Wires level-up.ts and class-features.ts; a level up's odds read the same
 * advancement tests (`advancementTestsOf`) and rule (`advancementOdds`) as its roll.
 * Rules: The Bare Bones, From Peasant to King (Leveling Up, Attribute Advancement); Nobody Likes
 * Adventurers (Clerics, Fighters, Specialists, Sorcerers); rulings BB-6, BB-20, BB-26 .. BB-28, BB-33.
 */
import type { RandomSource } from '../../dice/random.js';
import { ok, problem, type CheckDie } from '../rule-system.js';
import { advancementOdds, ADVANCEMENT_DIE } from './advancement.js';
import { BARE_BONES_ATTRIBUTES, attributeLabel, type AttributeId } from './attributes.js';
import { MAX_NAME_LENGTH, statusOf, type BareBonesCharacter } from './character.js';
import { grantBonusPoints, spendPoint } from './class-features.js';
import { CLASSES, GM_BONUS_POINTS, bareBonesClass, type ClassId } from './data/classes.js';
import { MAX_LEVEL, QUEST_XP, levelForXp, xpForLevel } from './data/xp.js';
import { advancementTestsOf, awardQuestXp, humanBonusAttributeOf, markFailedCheck, rollLevelUp, type LevelUpOptions } from './level-up.js';
import { MAX_ADVANCEMENT_CHECKS } from './advancement.js';
import { CAUSE_PARAM, atParam, defineKind, die, flag, made, num, summaryOf, text, uniform, valuesOdds, type PlayKind } from './play-kit.js';
import { REF_ADVANCEMENT, REF_LEVEL_UP, REF_XP, refClass } from './refs.js';

// ---------- XP and marks ----------

const xpKind = defineKind<{ readonly guild: boolean; readonly side: boolean; readonly cause: string | undefined }>({
  def: {
    id: 'xp',
    label: 'Quest XP',
    help: `XP for quests: ${QUEST_XP[0].xp} when the party completes its Guild Quest, ${QUEST_XP[1].xp} at the session's end for a completed Side Quest.`,
    ref: REF_XP,
    by: 'smith',
    rollsDice: false,
    params: [
      { name: 'guild-quest', kind: 'boolean', label: 'Guild Quest completed', help: `The party completed its Guild Quest: +${QUEST_XP[0].xp} XP.`, default: false },
      { name: 'side-quest', kind: 'boolean', label: 'Side Quest completed', help: `The character completed their Side Quest this session: +${QUEST_XP[1].xp} XP.`, default: false },
      CAUSE_PARAM,
    ],
  },
  read(_c, v) {
    const guild = flag(v, 'guild-quest');
    const side = flag(v, 'side-quest');
    if (!guild && !side) return problem('bare-bones/no-quest', 'XP comes from quests: tick guild-quest, side-quest or both.', '$.guild-quest');
    return ok({ guild, side, cause: text(v, 'cause') });
  },
  roll(_rng, c, p) {
    const r = awardQuestXp(c, { isGuildQuestDone: p.guild, isSideQuestDone: p.side });
    if (!r.ok) return atParam(r, { '$.xp': '$.guild-quest' });
    const gain = r.value.xp - c.xp;
    const lines = [...(p.guild ? [`Guild Quest completed: +${QUEST_XP[0].xp} XP`] : []), ...(p.side ? [`Side Quest completed: +${QUEST_XP[1].xp} XP`] : [])];
    const ready = Math.min(MAX_LEVEL, levelForXp(r.value.xp));
    if (ready > c.level) lines.push(`enough XP for level ${c.level + 1} (${xpForLevel(c.level + 1)}): level up back in a safe place`);
    return made(r.value, summaryOf(p.cause, `+${gain} XP (${c.xp} -> ${r.value.xp})`), lines);
  },
});

const attributeChoices = BARE_BONES_ATTRIBUTES.map((a) => ({ id: a.id, label: a.label }));

const markKind = defineKind<AttributeId>({
  def: {
    id: 'mark-check',
    label: 'Mark a failed check',
    help: `A failed attribute check or saving throw puts a mark by the attribute, up to ${MAX_ADVANCEMENT_CHECKS}; the marks roll d4s for advancement at the next level up.`,
    ref: REF_ADVANCEMENT,
    by: 'owner',
    rollsDice: false,
    params: [{ name: 'attribute', kind: 'choice', label: 'Attribute', help: 'The attribute whose check or save failed.', choices: attributeChoices, isRequired: true, example: 'str' }],
  },
  read: (_c, v) => ok(v['attribute'] as AttributeId),
  roll(_rng, c, id) {
    const after = markFailedCheck(c, id);
    const n = after.advancementChecks[id];
    const line = n === c.advancementChecks[id] ? `${attributeLabel(id)} already has ${MAX_ADVANCEMENT_CHECKS} marks, the most` : `${attributeLabel(id)}: ${n} mark${n === 1 ? '' : 's'} for the next level up`;
    return made(after, `Failed ${attributeLabel(id)} check: ${n} mark${n === 1 ? '' : 's'}`, [line]);
  },
});

// ---------- level up ----------

/** A level up's outcomes: how many attributes rose (ids `rises-0` .. `rises-6`). */
const risesId = (n: number): string => `rises-${n}`;
const risesLabel = (n: number): string => (n === 0 ? 'No attribute rises' : `${n} attribute${n === 1 ? ' rises' : 's rise'}`);

/** A rng for checking a level up's choices without keeping its dice (every face 1). */
const ONES: RandomSource = { rollDie: () => 1 };

/** A kebab-case id from a skill's name ("Animal Handling" -> "animal-handling"). */
export function kebabOf(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, MAX_NAME_LENGTH).replace(/-+$/, '');
}

const levelUpKind = defineKind<{ readonly options: LevelUpOptions }>({
  def: {
    id: 'level-up',
    label: 'Level up',
    help: 'With the XP for the next level, in a safe place (back in the city): a Hit Die of Sweat, the class pool up by one, and a d4 per mark for each attribute (a total above the score raises it). A specialist trains a skill; a fighter names a favoured foe from level 2.',
    ref: `${REF_LEVEL_UP}; ${REF_ADVANCEMENT}`,
    by: 'owner',
    rollsDice: true,
    params: [
      { name: 'in-safe-place', kind: 'boolean', label: 'In a safe place', help: 'Characters level up only back in the city, never in a dungeon.', default: false, example: true },
      { name: 'human-bonus', kind: 'choice', label: 'Human bonus die', help: 'A human\'s extra d4 joins this attribute\'s test (the most marked when left out).', choices: attributeChoices },
      { name: 'training', kind: 'text', label: 'Training', help: 'A specialist\'s training point: a skill to raise by +1 (up to +4), or a new skill to learn at +2.', maxLength: MAX_NAME_LENGTH },
      { name: 'favored-foe', kind: 'text', label: 'Favoured foe', help: 'A fighter names a notable monster they helped defeat (from level 2): damage dice one step up against it.', maxLength: MAX_NAME_LENGTH },
    ],
  },
  read(c, v) {
    if (statusOf(c) === 'dead') return problem('bare-bones/already-dead', 'The dead do not level up: time for a new character.', '$.isDead');
    const human = v['human-bonus'] as AttributeId | undefined;
    const trainingText = text(v, 'training');
    let training: LevelUpOptions['training'];
    if (trainingText !== undefined) {
      const have = c.skills.find((s) => s.id === trainingText.toLowerCase() || s.label.toLowerCase() === trainingText.toLowerCase());
      const id = have?.id ?? kebabOf(trainingText);
      if (id === '') return problem('bare-bones/bad-skill', 'A skill\'s name needs a letter or a digit: name the skill to learn or raise.', '$.training');
      training = { id, label: have?.label ?? trainingText };
    }
    const foe = v['favored-foe'] as string | undefined;
    const options: LevelUpOptions = {
      isInSafePlace: flag(v, 'in-safe-place'),
      ...(human === undefined ? {} : { humanBonusAttribute: human }),
      ...(training === undefined ? {} : { training }),
      ...(foe === undefined ? {} : { favoredFoe: foe }),
    };
    // The level up's own checks, run without keeping its dice, so odds and roll refuse alike.
    const dry = rollLevelUp(ONES, c, options);
    if (!dry.ok) return atParam(dry, { '$.isInSafePlace': '$.in-safe-place', '$.humanBonusAttribute': '$.human-bonus', '$.training': '$.training', '$.training.id': '$.training', '$.favoredFoe': '$.favored-foe' });
    return ok({ options });
  },
  odds(c, p) {
    const tests = advancementTestsOf(c, p.options.humanBonusAttribute);
    // How many attributes rise: independent tests, each rising with its advancement chance.
    let count = [1];
    for (const t of tests) {
      const q = advancementOdds(t.spec).raised;
      const next = new Array<number>(count.length + 1).fill(0);
      count.forEach((pr, k) => {
        next[k]! += pr * (1 - q);
        next[k + 1]! += pr * q;
      });
      count = next;
    }
    const sweat = new Map<number, number>();
    uniform(c.hitDie).p.forEach((pr, i) => sweat.set(i + 1, pr));
    const outcomes = count.map((pr, k) => ({ outcome: risesId(k), label: risesLabel(k), p: pr }));
    const lines = tests.map((t) => `${attributeLabel(t.attribute)} ${t.spec.score}: ${t.spec.checks + t.spec.bonusDice}d${ADVANCEMENT_DIE}${t.spec.bonusDice > 0 ? ' (race bonus die included)' : ''} must beat it: ${advancementOdds(t.spec).raised.toFixed(4)}`);
    return {
      description: `Level ${c.level + 1}: d${c.hitDie} Sweat (the values), ${tests.length} advancement test${tests.length === 1 ? '' : 's'}`,
      ...valuesOdds(outcomes, sweat),
      explanation: lines.length === 0 ? ['no marks: no advancement tests'] : lines,
    };
  },
  roll(rng, c, p) {
    const r = rollLevelUp(rng, c, p.options);
    if (!r.ok) return r;
    const dice: CheckDie[] = [die(c.hitDie, r.value.sweatRoll, 'Hit Die (Sweat)')];
    for (const a of r.value.advancement) for (const f of a.faces) dice.push(die(ADVANCEMENT_DIE, f, `${attributeLabel(a.attribute)} advancement`));
    const risen = r.value.advancement.filter((a) => a.after > a.before);
    const lines = [...r.value.explanation];
    if (c.race === 'human' && r.value.advancement.length > 0) lines.push(`the human bonus d4 joins ${attributeLabel(humanBonusAttributeOf(c, p.options.humanBonusAttribute))} (ruling BB-26)`);
    lines.push(`${bareBonesClass(c.class).pool.label} refill to ${r.value.character.level} (ruling BB-28)`);
    const rises = risen.length === 0 ? 'no attribute rises' : risen.map((a) => `${a.attribute.toUpperCase()} ${a.before} -> ${a.after}`).join(', ');
    return ok({
      character: r.value.character,
      summary: `Level ${c.level} -> ${r.value.character.level}: Sweat +${r.value.sweatRoll}, ${rises}`,
      explanation: lines,
      dice,
      outcome: risesId(risen.length),
    });
  },
});

// ---------- class pools ----------

/** What spends a point of each class's pool (the class blocks). */
export const POINT_USES = [
  { id: 'divine-aid', label: 'Divine Aid', classId: 'cleric' },
  { id: 'lay-on-hands', label: 'Lay on Hands', classId: 'cleric' },
  { id: 'smite', label: 'Smite', classId: 'cleric' },
  { id: 'tactics', label: 'Tactics: a free maneuver', classId: 'fighter' },
  { id: 'fortunes-favor', label: 'Fortune\'s Favor: a save with advantage', classId: 'specialist' },
  { id: 'spell', label: 'Cast a spell', classId: 'sorcerer' },
  { id: 'counterspell', label: 'Counterspell', classId: 'sorcerer' },
] as const satisfies readonly { readonly id: string; readonly label: string; readonly classId: ClassId }[];

const spendKind = defineKind<{ readonly use: (typeof POINT_USES)[number] | undefined }>({
  def: {
    id: 'spend-point',
    label: 'Spend a point',
    help: 'Spend one faith, tactic or luck point or one mana on a class feature. A sorcerer out of mana may still cast, with an INT check at disadvantage against catastrophe.',
    ref: CLASSES.map((c) => c.ref).join('; '),
    by: 'owner',
    rollsDice: false,
    params: [{ name: 'use', kind: 'choice', label: 'On what', help: 'The class feature the point buys (it must be the character\'s class).', choices: POINT_USES.map((u) => ({ id: u.id, label: u.label })) }],
  },
  read(c, v) {
    const use = POINT_USES.find((u) => u.id === v['use']);
    if (use !== undefined && use.classId !== c.class) return problem('bare-bones/not-a-class-feature', `${use.label} is a ${bareBonesClass(use.classId).label.toLowerCase()}'s; a ${bareBonesClass(c.class).label.toLowerCase()} spends on ${POINT_USES.filter((u) => u.classId === c.class).map((u) => u.id).join(', ')}.`, '$.use');
    return ok({ use });
  },
  roll(_rng, c, p) {
    const r = spendPoint(c);
    if (!r.ok) return r;
    const pool = bareBonesClass(c.class).pool.label;
    const on = p.use === undefined ? '' : ` on ${p.use.label}`;
    if (r.value.needsCatastropheCheck) {
      return made(r.value.character, `Cast with no mana left${on}`, [`no mana left: the spell is cast anyway, but make an INT check with disadvantage or trigger a catastrophe (${refClass('Sorcerers')})`]);
    }
    const lines = [`${pool} ${c.points.current} -> ${r.value.character.points.current}`];
    if (p.use?.id === 'divine-aid') lines.push('roll Divine Aid\'s d6 (check divine-aid): 4-6 works a miracle, else the faith is wasted');
    if (p.use?.id === 'lay-on-hands') lines.push('the patient rolls their Hit Die and heals that much (change heal on them, no amount)');
    return made(r.value.character, `Spent a point${on}: ${pool} ${c.points.current} -> ${r.value.character.points.current}`, lines);
  },
});

const grantKind = defineKind<{ readonly points: number; readonly cause: string | undefined }>({
  def: {
    id: 'grant-points',
    label: 'Grant points',
    help: `The GM grants ${GM_BONUS_POINTS.min}-${GM_BONUS_POINTS.max} extra faith, tactic or luck points for the class's deed (faithful worship, a worthy foe beaten, ancient treasure won); never mana.`,
    ref: CLASSES.filter((c) => c.bonusPointsFor !== null).map((c) => c.ref).join('; '),
    by: 'smith',
    rollsDice: false,
    params: [
      { name: 'points', kind: 'integer', label: 'Points', help: `${GM_BONUS_POINTS.min} or ${GM_BONUS_POINTS.max} extra points.`, min: GM_BONUS_POINTS.min, max: GM_BONUS_POINTS.max, default: GM_BONUS_POINTS.min },
      CAUSE_PARAM,
    ],
  },
  read: (_c, v) => ok({ points: num(v, 'points'), cause: text(v, 'cause') }),
  roll(_rng, c, p) {
    const r = grantBonusPoints(c, p.points);
    if (!r.ok) return r;
    const pool = bareBonesClass(c.class).pool.label;
    const lines = [`${pool} ${c.points.current} -> ${r.value.points.current}`];
    if (r.value.points.current < c.points.current + p.points) lines.push(`a pool holds at most its level + ${GM_BONUS_POINTS.max} (ruling BB-6)`);
    return made(r.value, summaryOf(p.cause, `+${r.value.points.current - c.points.current} ${pool.toLowerCase()} (${c.points.current} -> ${r.value.points.current})`), lines);
  },
});

/** The change kinds of XP, marks, levels and class pools. */
export const ADVANCE_KINDS: readonly PlayKind[] = [xpKind, markKind, levelUpKind, spendKind, grantKind];

/** The suggested human bonus die for a level-up form (ruling BB-26). */
export function levelUpPrefill(c: BareBonesCharacter): Record<string, string> {
  return c.race === 'human' ? { 'human-bonus': humanBonusAttributeOf(c, undefined) } : {};
}
