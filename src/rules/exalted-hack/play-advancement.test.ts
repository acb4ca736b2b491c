// Levels, upgrades, restoring, training, languages and projects as changes of play
// (Constitution; Attribute Limit; Weapons; Intelligence; Recovery; Elaboration Roll; rulings EH-29, EH-32, EH-33).
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../dice/random.js';
import { MAX_LANGUAGES, MAX_PROJECTS, withAttributeDamage } from './character.js';
import { rollCharacter } from './create-character.js';
import { changeOdds } from './play.js';
import { applyChange as apply, changeRefusal as refusal, seedOneCharacter } from './play-test-helpers.js';

const base = seedOneCharacter();

describe('level-up (Constitution: HP = CON + Hit Die maximum + level; EH-29)', () => {
  it('one more level, one more HP, maximum and current', () => {
    const hurt = apply(base, 'damage', { amount: 5 }).character;
    const r = apply(hurt, 'level-up', { source: 'The old mill' });
    expect(r.character.level).toBe(2);
    expect(r.character.hp).toEqual({ current: 14, max: 19 });
    expect(r.summary).toBe('The old mill: level 1 -> 2, HP max 18 -> 19');
  });

  it('a dying character keeps 0 HP; level 20 is epic and the last', () => {
    const dying = apply(base, 'damage', { amount: 20 }).character;
    expect(apply(dying, 'level-up', {}).character.hp).toEqual({ current: 0, max: 19 });
    const r19 = rollCharacter(seededRandom(1), { level: 19 });
    if (!r19.ok) throw new Error(r19.error.message);
    const epic = apply(r19.value, 'level-up', {});
    expect(epic.explanation.join(' ')).toMatch(/epic/);
    expect(refusal(epic.character, 'level-up', {})?.code).toBe('exalted-hack/top-level');
  });
});

describe('upgrade (Attribute Limit)', () => {
  it('raises the score and its current value; CON raises HP', () => {
    const wounded = withAttributeDamage(base, 'str', 2);
    const r = apply(wounded, 'upgrade', { attribute: 'str', points: 2 });
    expect(r.character.stats.str).toEqual({ score: 13, current: 11 });
    const con = apply(base, 'upgrade', { attribute: 'con' });
    expect(con.character.stats.con.score).toBe(10);
    expect(con.character.hp).toEqual({ current: 19, max: 19 });
    expect(con.summary).toBe('CON 9 -> 10, HP max 18 -> 19');
  });

  it('up to 18 and not one past', () => {
    expect(apply(base, 'upgrade', { attribute: 'cha', points: 4 }).character.stats.cha.score).toBe(18);
    expect(refusal(base, 'upgrade', { attribute: 'cha', points: 5 })).toMatchObject({ code: 'exalted-hack/above-attribute-limit', path: '$.points' });
    expect(refusal(base, 'upgrade', {})).toMatchObject({ code: 'param/missing', path: '$.attribute' });
  });
});

describe('restore (Recovery: treatment, potions, spells; EH-32)', () => {
  it('takes damage away, never more than there is', () => {
    const c = withAttributeDamage(base, 'wis', 3);
    expect(apply(c, 'restore', { attribute: 'wis', points: 2 }).character.stats.wis).toEqual({ score: 11, current: 10 });
    expect(apply(c, 'restore', { attribute: 'wis', points: 9 }).character.attributeDamage.wis).toBe(0);
    expect(refusal(base, 'restore', { attribute: 'wis' })).toMatchObject({ code: 'exalted-hack/no-attribute-damage', path: '$.attribute' });
  });
});

describe('weapon training (Weapons; EH-29)', () => {
  it('granted and taken away, never twice', () => {
    const martial = apply(base, 'training', { weapon: 'martial' }).character;
    expect(martial.weaponTraining).toEqual(['martial']);
    expect(apply(martial, 'training', { weapon: 'heavy' }).character.weaponTraining).toEqual(['martial', 'heavy']);
    expect(refusal(martial, 'training', { weapon: 'martial' })).toMatchObject({ code: 'exalted-hack/already-trained', path: '$.weapon' });
    expect(apply(martial, 'training', { weapon: 'martial', forget: true }).character.weaponTraining).toEqual([]);
    expect(refusal(base, 'training', { weapon: 'heavy', forget: true })).toMatchObject({ code: 'exalted-hack/not-trained', path: '$.weapon' });
  });
});

describe('languages (Intelligence: 1 point with effort, 2 fluent; EH-29)', () => {
  it('learned, improved, forgotten; the default list gives the name', () => {
    expect(base.languages.map((l) => [l.id, l.points])).toEqual([['common', 2], ['gnomish', 2], ['elvish', 1]]);
    const goblin = apply(base, 'language', { language: 'goblin', points: 1 });
    expect(goblin.character.languages.at(-1)).toEqual({ id: 'goblin', label: 'Goblin', points: 1 });
    expect(goblin.summary).toBe('Goblin halting (1)');
    expect(apply(base, 'language', { language: 'Elvish' }).character.languages[2]).toEqual({ id: 'elvish', label: 'Elvish', points: 2 });
    expect(apply(base, 'language', { language: 'gnomish', points: 0 }).character.languages.map((l) => l.id)).toEqual(['common', 'elvish']);
    expect(apply(base, 'language', { language: 'Old Marsh Cant' }).character.languages.at(-1)).toEqual({ id: 'old-marsh-cant', label: 'Old Marsh Cant', points: 2 });
  });

  it('refusals: Common stays fluent, nothing to forget, no change, a name without letters, the list limit', () => {
    expect(refusal(base, 'language', { language: 'Common', points: 1 })).toMatchObject({ code: 'exalted-hack/common-is-fluent', path: '$.points' });
    expect(refusal(base, 'language', { language: 'Orcish', points: 0 })).toMatchObject({ code: 'exalted-hack/no-such-language', path: '$.language' });
    expect(refusal(base, 'language', { language: 'Elvish', points: 1 })).toMatchObject({ code: 'exalted-hack/language-unchanged', path: '$.points' });
    expect(refusal(base, 'language', { language: '!!' })).toMatchObject({ code: 'exalted-hack/bad-label', path: '$.language' });
    const many = (n: number) => ({ ...base, languages: [base.languages[0]!, ...Array.from({ length: n - 1 }, (_, i) => ({ id: `tongue-${i}`, label: `Tongue ${i}`, points: 1 as const }))] });
    expect(refusal(many(MAX_LANGUAGES - 1), 'language', { language: 'Orcish' })).toBeNull();
    expect(refusal(many(MAX_LANGUAGES), 'language', { language: 'Orcish' })).toMatchObject({ code: 'exalted-hack/too-many-languages', path: '$.language' });
  });
});

describe('projects (Elaboration Roll; EH-7, EH-33)', () => {
  const started = apply(base, 'project-start', { label: 'Map of the marsh', goal: 3 }).character;

  it('the DM sets the goal; each roll under the attribute as it is now adds its points; held at the goal', () => {
    expect(started.projects).toEqual([{ id: 'map-of-the-marsh', label: 'Map of the marsh', goal: 3, progress: 0 }]);
    const crit = apply(started, 'elaboration', { project: 'map-of-the-marsh', attribute: 'int' }, scriptedRandom([1]));
    expect(crit.character.projects[0]!.progress).toBe(2);
    expect(crit.outcome).toBe('critical');
    const done = apply(crit.character, 'elaboration', { project: 'Map of the marsh', attribute: 'int' }, scriptedRandom([1]));
    expect(done.character.projects[0]!.progress).toBe(3);
    expect(done.summary).toBe('Map of the marsh: critical, 2 -> 3/3 (done)');
    expect(refusal(done.character, 'elaboration', { project: 'map-of-the-marsh', attribute: 'int' })).toMatchObject({ code: 'exalted-hack/project-done', path: '$.project' });
    expect(apply(done.character, 'project-end', { project: 'map-of-the-marsh' }).summary).toBe('project Map of the marsh done (3/3)');
  });

  it('the damaged attribute is the target: INT 12 less 4 fails on an 8', () => {
    const dazed = withAttributeDamage(started, 'int', 4);
    expect(apply(started, 'elaboration', { project: 'map-of-the-marsh', attribute: 'int' }, scriptedRandom([8])).outcome).toBe('success');
    expect(apply(dazed, 'elaboration', { project: 'map-of-the-marsh', attribute: 'int' }, scriptedRandom([8])).outcome).toBe('failure');
  });

  it('odds against every face, values held at the goal', () => {
    const near = { ...started, projects: [{ ...started.projects[0]!, progress: 2 }] };
    const request = { change: 'elaboration', params: { project: 'map-of-the-marsh', attribute: 'int' } };
    const odds = changeOdds(near, request);
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.values!.map((v) => v.value)).toEqual([1, 2, 3]);
    const counts = new Map<string, number>();
    for (let face = 1; face <= 20; face++) {
      const r = apply(near, request.change, request.params, scriptedRandom([face]));
      counts.set(r.outcome!, (counts.get(r.outcome!) ?? 0) + 1 / 20);
    }
    for (const o of odds.value.outcomes) expect(counts.get(o.outcome) ?? 0, o.outcome).toBeCloseTo(o.p, 12);
  });

  it('refusals: unknown project, a name without letters, the project limit', () => {
    expect(refusal(started, 'elaboration', { project: 'ship', attribute: 'int' })).toMatchObject({ code: 'exalted-hack/no-such-project', path: '$.project' });
    expect(refusal(base, 'project-end', { project: 'ship' })?.message).toMatch(/there is no project yet/);
    expect(refusal(base, 'project-start', { label: '--' })).toMatchObject({ code: 'exalted-hack/bad-label', path: '$.label' });
    const many = (n: number) => ({ ...base, projects: Array.from({ length: n }, (_, i) => ({ id: `p-${i}`, label: `P ${i}`, goal: 1, progress: 0 })) });
    expect(refusal(many(MAX_PROJECTS - 1), 'project-start', { label: 'One more' })).toBeNull();
    expect(refusal(many(MAX_PROJECTS), 'project-start', { label: 'One more' })).toMatchObject({ code: 'exalted-hack/too-many-projects', path: '$.label' });
  });
});
