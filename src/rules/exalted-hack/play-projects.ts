/**
 * Personal projects (elaboration): the DM sets a project's goal in points, each elaboration roll adds
 * what its outcome gives (critical +2, success +1, blunder -1), and at the goal the work is done.
 * The roll is the `elaboration` check's own definition, against the attribute as it is now.
 * Rules: The Exalted Hack, Other Rolls (Elaboration Roll). Rulings: EH-7, EH-33.
 */
import { ok, problem, type CheckOdds, type RuleResult, type ValueOdds } from '../rule-system.js';
import { attributeShort, type AttributeId } from './attributes.js';
import { prepareCheck } from './checks.js';
import { MAX_LABEL_LENGTH, MAX_PROJECTS, currentScore, type ExaltedHackCharacter, type Project } from './character.js';
import { ELABORATION_GOALS, MAX_ELABORATION_POINTS } from './data/elaboration.js';
import { ADVANTAGE_PARAM, DISADVANTAGE_PARAM, MODIFIER_PARAM, boolOf, intOf, textOf, type ReadParams } from './params.js';
import { attributeChoiceParam, changed, entryId, findEntry, fixed, lostRefusal, type ChangeRule, type PreparedChange } from './play-common.js';

const REF = 'The Exalted Hack, Other Rolls (Elaboration Roll)';

const GOALS_HELP = ELABORATION_GOALS.filter((g) => g.points !== null).map((g) => `${g.points} ${g.label.toLowerCase()}`).join(', ');

/** A project begun: its goal in points, set by the DM (Elaboration Roll; ruling EH-33). */
export const PROJECT_START: ChangeRule = {
  def: {
    id: 'project-start', label: 'Start a project', by: 'smith', rollsDice: false, ref: REF,
    help: 'A personal project (crafting, a contact, a map, a romance): the DM sets the points it takes.',
    params: [
      { kind: 'text', name: 'label', label: 'Project', maxLength: MAX_LABEL_LENGTH, isRequired: true, help: 'What is worked on ("Mend the chain shirt").', example: 'Map of the marsh' },
      { kind: 'integer', name: 'goal', label: 'Goal (points)', min: 1, max: MAX_ELABORATION_POINTS, default: 3, help: `Points it takes: ${GOALS_HELP}; a year, many more (the DM's call).` },
    ],
  },
  prepare(c, v) {
    const label = textOf(v, 'label').trim();
    const id = entryId(label, c.projects.map((p) => p.id), MAX_LABEL_LENGTH);
    if (id === null) return problem('exalted-hack/bad-label', 'A project needs a name with a letter or a digit.', '$.label');
    if (c.projects.length >= MAX_PROJECTS) return problem('exalted-hack/too-many-projects', `A character keeps at most ${MAX_PROJECTS} projects; end one first.`, '$.label');
    const goal = intOf(v, 'goal');
    const next = { ...c, projects: [...c.projects, { id, label, goal, progress: 0 }] };
    return fixed(changed(next, `project ${label}: 0/${goal}`, [`${label} (${id}): ${goal} point${goal === 1 ? '' : 's'} to gather by elaboration rolls (Elaboration Roll)`]));
  },
};

const PROJECT_PARAM = { kind: 'text', name: 'project', label: 'Project', maxLength: MAX_LABEL_LENGTH, isRequired: true, help: 'The project, by its id or its name.', example: 'map-of-the-marsh' } as const;

function openProject(c: ExaltedHackCharacter): Project | undefined {
  return c.projects.find((p) => p.progress < p.goal);
}

/** Progress after a roll: the check's value (never below 0), held at the goal (Elaboration Roll; EH-33). */
function progressAfter(total: number, goal: number): number {
  return Math.min(goal, total);
}

/** The check's odds with their values held at the goal, merged (the roll holds its total the same way). */
function heldAtGoal(odds: CheckOdds, goal: number): CheckOdds {
  const merged = new Map<number, number>();
  for (const v of odds.values ?? []) merged.set(progressAfter(v.value, goal), (merged.get(progressAfter(v.value, goal)) ?? 0) + v.p);
  const values: ValueOdds[] = [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }));
  return { ...odds, check: 'elaboration', values, mean: values.reduce((m, v) => m + v.value * v.p, 0) };
}

/** An elaboration roll on a project, against the attribute as it is now (Elaboration Roll; EH-7, EH-33). */
export const ELABORATION: ChangeRule = {
  def: {
    id: 'elaboration', label: 'Elaboration roll', by: 'owner', rollsDice: true, ref: REF,
    help: 'A check on a project under the attribute it needs (as it is now): success +1 point, critical +2, blunder -1; done at the goal.',
    params: [
      PROJECT_PARAM,
      attributeChoiceParam('The attribute the work depends on (its current value, after damage).'),
      MODIFIER_PARAM,
      ADVANTAGE_PARAM,
      DISADVANTAGE_PARAM,
    ],
  },
  prepare(c, v): RuleResult<PreparedChange> {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const found = findEntry(c.projects, textOf(v, 'project'), 'project', 'project');
    if (!found.ok) return found;
    const project = found.value.entry;
    if (project.progress >= project.goal) return problem('exalted-hack/project-done', `${project.label} is done (${project.goal}/${project.goal}); end it, or start another.`, '$.project');
    const id = textOf(v, 'attribute') as AttributeId;
    const score = currentScore(c, id);
    const check = prepareCheck({ check: 'elaboration', params: { attribute: score, progress: project.progress, modifier: intOf(v, 'modifier'), advantage: boolOf(v, 'advantage'), disadvantage: boolOf(v, 'disadvantage') } });
    if (!check.ok) return check;
    const lead = `${project.label}: ${project.progress}/${project.goal}, rolled under ${attributeShort(id)} ${score}${score < c.stats[id].score ? ` (${c.stats[id].score} less its damage)` : ''}`;
    return ok({
      odds: () => heldAtGoal({ ...check.value.odds(), description: `${lead}: ${check.value.odds().description}` }, project.goal),
      make: (rng) => {
        const roll = check.value.roll(rng);
        const progress = progressAfter(roll.total, project.goal);
        const isDone = progress >= project.goal;
        const next = { ...c, projects: c.projects.map((p, i) => (i === found.value.index ? { ...p, progress } : p)) };
        const lines = [lead, ...roll.explanation, `progress ${project.progress} -> ${progress} of ${project.goal}${isDone ? ': the goal is reached, the work is done (Elaboration Roll)' : ''}`];
        return changed(next, `${project.label}: ${roll.outcome}, ${project.progress} -> ${progress}/${project.goal}${isDone ? ' (done)' : ''}`, lines, roll.dice, roll.outcome);
      },
    });
  },
  prefill: (c) => {
    const p = openProject(c);
    return p === undefined ? {} : { project: p.id };
  },
};

/** A project ended: done or given up (Elaboration Roll; ruling EH-33). */
export const PROJECT_END: ChangeRule = {
  def: {
    id: 'project-end', label: 'End a project', by: 'owner', rollsDice: false, ref: REF,
    help: 'A project taken off the sheet: finished (what it made goes on the sheet by its own change) or given up.',
    params: [PROJECT_PARAM],
  },
  prepare(c, v: ReadParams) {
    const found = findEntry(c.projects, textOf(v, 'project'), 'project', 'project');
    if (!found.ok) return found;
    const p = found.value.entry;
    const how = p.progress >= p.goal ? 'done' : 'given up';
    const next = { ...c, projects: c.projects.filter((_, i) => i !== found.value.index) };
    return fixed(changed(next, `project ${p.label} ${how} (${p.progress}/${p.goal})`, [`${p.label}: ${how} at ${p.progress}/${p.goal} (Elaboration Roll)`]));
  },
  prefill: (c) => (c.projects.length === 0 ? {} : { project: c.projects[0]!.id }),
};
