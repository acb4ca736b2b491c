/**
 * The `level-up` change: one level by the crawl-mode XP table, through the library's `rollLevelUp`
 * (the Feat Die, skills, WP selections and Weapon Specialization, spells known, the Devout's power
 * step and the Specialist's specialty at 3, 6 and 9, the base dice of a raised Combat Hardened). What
 * the player chooses is a parameter; what is left out is rolled as the rules say, and the odds name
 * the class pick a level rolls.
 * Rules: HAMMERCRAWL! v4, XP and LEVELING; CLASSES; WEAPON PROFICIENCIES. Rulings: docs/rulings.md
 * (LV-1 .. LV-8, PL-9).
 */
import { ok, type CheckOdds, type ParamDef, type RuleResult } from '../../rule-system.js';
import type { Character } from '../character.js';
import { labelOf, type DevoutPowerChoice, type SkillPick } from '../create-character.js';
import { DEVOUT_POWERS } from '../data/classes.js';
import { MAX_NAME_LENGTH } from '../character.js';
import { checkLevelUp, crawlXpFor, rolledPickOptions, rollLevelUp, type LevelUpChoices, type LevelUpError, type LevelUpErrorSubject } from '../level-up.js';
import { PLAY_REF, type ChangeKind, type ChangeResult } from './kind.js';
import { isSet, listOf, recordingRandom, refuse, textOf, type Read } from './params.js';

/** Longest list parameter (skill or WP ids, comma-separated). */
export const MAX_LIST_LENGTH = 500;

const DEVOUT_STEPS = DEVOUT_POWERS.flatMap((p) => [
  { id: `${p.id}:basic`, label: `${p.label} (new, basic)` },
  ...(p.advanced !== null ? [{ id: `${p.id}:advanced`, label: `${p.label} (raised to advanced)` }] : []),
]);

const PARAMS: readonly ParamDef[] = [
  { name: 'skills', kind: 'text', maxLength: MAX_LIST_LENGTH, label: 'Skills', help: 'skill ids gained, comma-separated (id or id:specialization); the rest are rolled on the d100 list' },
  { name: 'learn-wps', kind: 'text', maxLength: MAX_LIST_LENGTH, label: 'WPs to learn', help: 'Weapon Proficiency ids to learn, one selection each, comma-separated; leave out (and bank off) to roll them' },
  { name: 'specialize', kind: 'text', maxLength: MAX_LIST_LENGTH, label: 'WPs to specialize', help: 'known WPs raised one Spec tier (cost 1, 2, 3; a natural WP first tier 2), comma-separated' },
  { name: 'bank', kind: 'boolean', default: false, label: 'Bank WP selections', help: 'keep the selections not spent above for a later level-up instead of rolling new WPs' },
  { name: 'devout-power', kind: 'choice', choices: DEVOUT_STEPS, label: 'Devout power step', help: 'Devout at 3, 6, 9: a new basic power or a known one raised to advanced; rolled when left out' },
  { name: 'specialty', kind: 'text', maxLength: MAX_NAME_LENGTH, label: 'Specialty', help: 'Specialist at 3, 6, 9: a known skill id to specialize; rolled when left out' },
  { name: 'force', kind: 'boolean', default: false, isSmithOnly: true, label: 'Force (the Smith)', help: "the Smith's say-so: level up without the XP (XP is left as it is)" },
];

/** The parameter a level-up error is about. */
const PARAM_OF: Readonly<Record<LevelUpErrorSubject, string | undefined>> = {
  skills: 'skills',
  learnWps: 'learn-wps',
  specialize: 'specialize',
  devoutPower: 'devout-power',
  specialty: 'specialty',
  level: undefined,
  xp: undefined,
  class: undefined,
};

function refusal(e: LevelUpError): RuleResult<never> {
  const hint = e.code === 'level-up/not-enough-xp' ? ' Award XP first, or the Smith forces the level (--force).' : '';
  return refuse(e.code, `${e.message}.${hint}`, PARAM_OF[e.subject]);
}

function skillPick(text: string): SkillPick {
  const at = text.indexOf(':');
  return at < 0 ? { id: text } : { id: text.slice(0, at).trim(), specialization: text.slice(at + 1).trim() || null };
}

/** The library's choices from the parameters: lists split, `bank` giving an empty WP choice (nothing rolled). */
function choicesOf(p: Read): LevelUpChoices {
  const skills = listOf(textOf(p, 'skills')).map(skillPick);
  const learn = textOf(p, 'learn-wps');
  const spec = textOf(p, 'specialize');
  const devout = textOf(p, 'devout-power');
  const specialty = textOf(p, 'specialty')?.trim();
  const step: DevoutPowerChoice | undefined = devout === undefined ? undefined : { id: devout.split(':')[0]!, version: devout.endsWith(':advanced') ? 'advanced' : 'basic' };
  const wpsGiven = learn !== undefined || spec !== undefined || isSet(p, 'bank');
  return {
    ...(skills.length > 0 ? { skills } : {}),
    ...(wpsGiven ? { learnWps: listOf(learn), specialize: listOf(spec) } : {}),
    ...(step !== undefined ? { devoutPower: step } : {}),
    ...(specialty !== undefined && specialty !== '' ? { specialty } : {}),
  };
}

/** The class pick this level-up rolls (none when the player chose it, or the level brings none). */
function rolledPick(c: Character, choices: LevelUpChoices): ReturnType<typeof rolledPickOptions> {
  const open = rolledPickOptions(c);
  if (open === null) return null;
  if (open.kind === 'devout-power' && choices.devoutPower !== undefined) return null;
  if (open.kind === 'specialty' && choices.specialty !== undefined) return null;
  return open;
}

function pickOutcome(kind: 'devout-power' | 'specialty', option: DevoutPowerChoice | string): { readonly id: string; readonly label: string } {
  if (kind === 'specialty') {
    const id = option as string;
    return { id: `specialty-${id}`, label: `Specialty: ${labelOf(id)}` };
  }
  const step = option as DevoutPowerChoice;
  return { id: `devout-${step.id}-${step.version}`, label: `${labelOf(step.id)} (${step.version === 'basic' ? 'new, basic' : 'raised to advanced'})` };
}

function oddsOf(c: Character, p: Read): RuleResult<CheckOdds> {
  const choices = choicesOf(p);
  const problem = checkLevelUp(c, choices, { force: isSet(p, 'force') });
  if (problem) return refusal(problem);
  const next = c.level + 1;
  const pick = rolledPick(c, choices);
  const explanation = [
    `Level ${c.level} -> ${next} (crawl mode: ${crawlXpFor(next)} XP; ${c.name} has ${c.xp})`,
    'Skills left out: a d100 on the skill list each, known skills rolled again (LV-3)',
    choices.learnWps === undefined ? 'WPs: each selection gained learns a WP rolled evenly among the unknown ones (LV-4)' : 'WPs: as chosen; the rest banked (LV-4)',
  ];
  if (pick === null) {
    return ok({ check: 'level-up', description: `Level ${c.level} -> ${next}`, outcomes: [{ outcome: `level-${next}`, label: `Level ${next}`, p: 1 }], explanation });
  }
  const outcomes =
    pick.kind === 'devout-power'
      ? pick.options.map((o) => ({ ...relabel(pickOutcome('devout-power', o)), p: 1 / pick.options.length }))
      : pick.options.map((o) => ({ ...relabel(pickOutcome('specialty', o)), p: 1 / pick.options.length }));
  return ok({
    check: 'level-up',
    description: `Level ${c.level} -> ${next}: the ${pick.kind === 'devout-power' ? 'Devout power step' : 'specialty'} rolled evenly among ${pick.options.length} (LV-5)`,
    outcomes,
    explanation,
  });
}

function relabel(o: { readonly id: string; readonly label: string }): { readonly outcome: string; readonly label: string } {
  return { outcome: o.id, label: o.label };
}

/** Which outcome of `oddsOf` a level-up came to: the class pick rolled, else the level. */
function outcomeOf(before: Character, after: Character, pick: ReturnType<typeof rolledPickOptions>): string {
  if (pick?.kind === 'devout-power') {
    for (const p of after.classPicks) {
      if (p.kind !== 'devout-power') continue;
      const was = before.classPicks.find((b) => b.kind === 'devout-power' && b.id === p.id);
      if (was === undefined || (was.kind === 'devout-power' && was.version !== p.version)) return pickOutcome('devout-power', { id: p.id, version: p.version }).id;
    }
  }
  if (pick?.kind === 'specialty') {
    const skill = after.skills.find((s) => s.isSpecialty && !before.skills.some((b) => b.id === s.id && b.isSpecialty));
    if (skill !== undefined) return pickOutcome('specialty', skill.id).id;
  }
  return `level-${after.level}`;
}

function rollOf(rng: Parameters<ChangeKind['roll']>[0], c: Character, p: Read): RuleResult<ChangeResult> {
  const choices = choicesOf(p);
  const recorder = recordingRandom(rng, () => 'level-up');
  const r = rollLevelUp(recorder.rng, c, choices, { force: isSet(p, 'force') });
  if (!r.ok) return refusal(r.error);
  const after = r.character;
  // Each throw is logged once, in order: the log line names its role ("Skill", "New WP 1 of 2").
  const roles = r.log.flatMap((e) => e.faces.map(() => e.text.split(':')[0]!));
  const dice = recorder.dice.map((d, i) => ({ ...d, role: roles[i] ?? 'level-up' }));
  const skills = after.skills.length - c.skills.length;
  const learned = after.weaponProficiencies.length - c.weaponProficiencies.length;
  const parts = [
    `Feat Die ${c.featDie} -> ${after.featDie}`,
    ...(skills > 0 ? [`+${skills} skill${skills === 1 ? '' : 's'}`] : []),
    ...(learned > 0 ? [`+${learned} WP${learned === 1 ? '' : 's'}`] : []),
    ...(after.wpSelections.banked > 0 ? [`${after.wpSelections.banked} WP selection${after.wpSelections.banked === 1 ? '' : 's'} banked`] : []),
    ...(after.baseHealthDie !== c.baseHealthDie ? [`base Health Die ${c.baseHealthDie} -> ${after.baseHealthDie}`] : []),
    ...(isSet(p, 'force') && c.xp < crawlXpFor(after.level) ? ['forced by the Smith'] : []),
  ];
  return ok({
    character: after,
    summary: `Level ${c.level} -> ${after.level}: ${parts.join(', ')}`,
    explanation: r.log.map((e) => e.text),
    dice,
    outcome: outcomeOf(c, after, rolledPick(c, choices)),
  });
}

/** `level-up`: one level with the rules' choices as parameters; rolled where the rules roll. */
export const LEVEL_UP_CHANGE: ChangeKind = {
  def: {
    id: 'level-up',
    label: 'Level up',
    help: 'one level once the XP is there: Feat Die, skills, WP selections (spent or banked), spells, and at 3, 6, 9 the class pick',
    ref: `${PLAY_REF}, XP and LEVELING; CLASSES; WEAPON PROFICIENCIES`,
    by: 'owner',
    rollsDice: true,
    params: PARAMS,
  },
  odds: oddsOf,
  roll: rollOf,
  prefill: () => ({ bank: false }),
};
