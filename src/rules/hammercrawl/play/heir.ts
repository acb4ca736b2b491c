/**
 * The `heir` change: the HAMMERCRAWL! Human's Breed like Rabbits, through the library's `rollHeir`. A
 * Human who dies while a party member survives comes back in the next scene as a cousin or descendant:
 * one level lower at that level's least XP, one stat re-rolled by the player's pick and one by the
 * Smith's. The heir starts whole (Health and Armour Dice at their base dice, no conditions).
 * Rules: HAMMERCRAWL! v4, STOCKS (Human, Breed like Rabbits). Rulings: docs/rulings.md (ST-10, LV-9, PL-14).
 */
import { ok, type CheckOdds, type ParamDef, type RuleResult } from '../../rule-system.js';
import { STAT_IDS } from '../check-modifiers.js';
import type { Character } from '../character.js';
import { rollHeir, type HeirChoices } from '../level-up.js';
import { diceSumPoints } from './dice.js';
import { PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { recordingRandom, refuse, textOf, type Read } from './params.js';

/** Dice and sides of a re-rolled stat (Breed like Rabbits: "re-roll, taking the new result"; 3d6 as at creation). */
const STAT_DICE = 3;
const STAT_DIE = 6;

const CORE_STATS = STAT_IDS.filter((s) => s !== 'SOC').map((s) => ({ id: s, label: s }));

const PARAMS: readonly ParamDef[] = [
  { name: 'player-stat', kind: 'choice', choices: CORE_STATS, label: "Player's stat", help: 'the stat the player re-rolls (rolled among the six when left out)' },
  { name: 'smith-stat', kind: 'choice', choices: CORE_STATS, label: "Smith's stat", help: "the stat the Smith re-rolls after (may be the same; rolled when left out)" },
];

function choicesOf(p: Read): HeirChoices {
  const player = textOf(p, 'player-stat') as HeirChoices['playerStat'];
  const smith = textOf(p, 'smith-stat') as HeirChoices['smithStat'];
  return { ...(player !== undefined ? { playerStat: player } : {}), ...(smith !== undefined ? { smithStat: smith } : {}) };
}

function checkHuman(c: Character): RuleResult<true> {
  if (c.setting !== 'hammercrawl' || c.stock !== 'human') {
    return refuse('heir/not-human', `Breed like Rabbits is the HAMMERCRAWL! Human's; ${c.name} is a ${c.setting} ${c.stock}.`);
  }
  return ok(true);
}

function oddsOf(c: Character): RuleResult<CheckOdds> {
  const human = checkHuman(c);
  if (!human.ok) return human;
  const values = diceSumPoints(STAT_DICE, STAT_DIE);
  return ok({
    check: 'heir',
    description: `the heir: level ${Math.max(1, c.level - 1)}, two stats re-rolled on ${STAT_DICE}d${STAT_DIE}; values: a re-rolled score`,
    outcomes: [{ outcome: 'heir', label: 'The heir takes over', p: 1 }],
    values,
    mean: values.reduce((m, v) => m + v.value * v.p, 0),
    explanation: ['Breed like Rabbits: one complete level lost (at least level 1, at its least XP); the new result is kept even when lower (LV-9)'],
  });
}

function rollOf(rng: Parameters<ChangeKind['roll']>[0], c: Character, p: Read): RuleResult<ChangeResult> {
  const human = checkHuman(c);
  if (!human.ok) return human;
  const recorder = recordingRandom(rng, () => 'heir');
  const r = rollHeir(recorder.rng, c, choicesOf(p));
  if (!r.ok) return refuse(r.error.code, r.error.message);
  const roles = r.log.flatMap((e) => e.faces.map(() => e.text.split(':')[0]!));
  const heir: Character = { ...r.character, healthDie: r.character.baseHealthDie, armourDie: r.character.baseArmourDie, conditions: [] };
  const changed = STAT_IDS.filter((s) => heir.stats[s].score !== c.stats[s].score).map((s) => `${s} ${c.stats[s].score} -> ${heir.stats[s].score}`);
  return ok({
    character: heir,
    summary: `Heir of ${c.name}: level ${c.level} -> ${heir.level}, XP ${c.xp} -> ${heir.xp}${changed.length > 0 ? `, ${changed.join(', ')}` : ''}`,
    explanation: [...r.log.map((e) => e.text), 'The heir starts whole: Health and Armour Dice at their base dice, no conditions (PL-14)'],
    dice: recorder.dice.map((d, i) => ({ ...d, role: roles[i] ?? 'heir' })),
    outcome: 'heir',
  });
}

/** `heir`: the Human's Breed like Rabbits, the Smith's to call (a party member must survive the encounter). */
export const HEIR_CHANGE: ChangeKind = {
  def: {
    id: 'heir',
    label: 'Heir (Breed like Rabbits)',
    help: "a dead Human's cousin or descendant takes over: one level lower, two stats re-rolled (the player's pick and the Smith's)",
    ref: `${PLAY_REF}, STOCKS (Human)`,
    by: 'smith',
    rollsDice: true,
    params: PARAMS,
  },
  odds: (c) => oddsOf(c),
  roll: rollOf,
};
