import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../../test/cli.js';
import { STAT_IDS } from '../rules/hammercrawl/check-modifiers.js';
import type { Character } from '../rules/hammercrawl/character.js';
import { SHEET_WIDTH, wrap } from './char-sheet.js';
import { EXIT_BAD_INPUT, MAX_CHARACTER_COUNT } from './options.js';

const dir = mkdtempSync(join(tmpdir(), 'hammercrawl-char-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A run that must fail with one line on stderr and exit code 2. */
async function badInput(args: string[]): Promise<string> {
  const r = await cli(args);
  expect(r.code, `${args.join(' ')} -> ${r.err}`).toBe(EXIT_BAD_INPUT);
  expect(r.out).toBe('');
  expect(r.err.endsWith('\n')).toBe(true);
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return r.err;
}

describe('char new', () => {
  // Golden: pins the CLI's current output so that a change to it is made on purpose; it does not by
  // itself prove the output right (src/cli/golden/README.md).
  it('prints a text sheet (golden)', async () => {
    const r = await cli(['char', 'new', '--seed', '42']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    await expect(r.out).toMatchFileSnapshot('golden/char-sheet.txt');
  });

  // Golden, as above: pins the current documents, does not prove them right.
  it('--json prints an array of character documents (golden)', async () => {
    const r = await cli(['char', 'new', '--method', 'palladium', '--seed', '7', '--json']);
    expect(r.code).toBe(0);
    await expect(r.out).toMatchFileSnapshot('golden/char-palladium.json');
  });

  it('--json: the contract fields, for every method', async () => {
    for (const method of ['random', 'semi', 'palladium']) {
      const json = JSON.parse((await cli(['char', 'new', '--method', method, '--count', '5', '--seed', '3', '--json'])).out) as Record<string, unknown>[];
      expect(json).toHaveLength(5);
      for (const c of json) {
        expect(c).toMatchObject({ ruleset: 'hammercrawl', schemaVersion: 2, method, level: 1, xp: 0, featDie: 'd3', notes: '', conditions: [], history: [] });
        for (const key of ['name', 'stock', 'class', 'healthDie', 'baseHealthDie', 'harmDie']) expect(typeof c[key]).toBe('string');
        expect(c['baseHealthDie']).toBe(c['healthDie']);
        expect(c['baseArmourDie']).toBe(c['armourDie']);
        for (const key of ['defense', 'stowSlots', 'startingCoins', 'coins']) expect(typeof c[key]).toBe('number');
        expect(c['healthDie']).toMatch(/^d\d+$/);
        expect(Array.isArray(c['primeStats'])).toBe(true);
        const stats = c['stats'] as Record<string, Record<string, number>>;
        expect(Object.keys(stats)).toEqual([...STAT_IDS]);
        for (const s of STAT_IDS) expect(Object.keys(stats[s]!)).toEqual(['score', 'half', 'mod']);
        expect(Array.isArray(c['skills'])).toBe(true);
        expect(Array.isArray(c['weaponProficiencies'])).toBe(true);
        for (const item of c['inventory'] as Record<string, unknown>[]) {
          expect(typeof item['id']).toBe('string');
          expect(['tiny', 'small', 'medium', 'large', 'huge']).toContain(item['size']);
          expect(typeof item['quantity']).toBe('number');
          expect(['held', 'worn', 'packed']).toContain(item['carried']);
        }
        if (method === 'palladium') expect(['none', 'minor', 'major', 'master']).toContain(c['psionics']);
        else expect(c['psionics']).toBeNull();
      }
    }
  });

  it('the same seed gives byte-identical output; another seed another pile', async () => {
    const a = await cli(['char', 'new', '--count', '10', '--seed', '123', '--json']);
    const b = await cli(['char', 'new', '--count', '10', '--seed', '123', '--json']);
    expect(a.out).toBe(b.out);
    expect((await cli(['char', 'new', '--count', '10', '--seed', '124', '--json'])).out).not.toBe(a.out);
    expect((await cli(['char', 'new', '--seed', '5'])).out).toBe((await cli(['char', 'new', '--seed', '5'])).out);
  });

  it('without --seed a fresh one is used and printed', async () => {
    const r = await cli(['char', 'new']);
    expect(r.out).toContain('--seed 1234');
    expect((JSON.parse((await cli(['char', 'new', '--json'])).out) as Character[])[0]!.creation.seed).toBe(1234);
  });

  // What --count 50 costs is in bench/rules-cost.js (`npm run bench rules`).
  it('--count 50: one sheet per character', async () => {
    const r = await cli(['char', 'new', '--count', '50', '--seed', '9']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => /^Creation log/.test(l))).toHaveLength(50);
  });

  it(`--count ${MAX_CHARACTER_COUNT} is the most`, async () => {
    const r = await cli(['char', 'new', '--count', String(MAX_CHARACTER_COUNT), '--seed', '1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toHaveLength(MAX_CHARACTER_COUNT);
  });

  it('every sheet line fits 80 columns', async () => {
    for (const method of ['random', 'palladium']) {
      const r = await cli(['char', 'new', '--method', method, '--count', '200', '--seed', '77']);
      const long = r.out.split('\n').filter((l) => l.length > 80);
      expect(long).toEqual([]);
    }
  });

  it('semi: chosen parts are used, the rest rolled', async () => {
    const r = await cli([
      'char', 'new', '--method', 'semi', '--seed', '1', '--json', '--name', 'Hobb the Brave',
      '--stock', 'ogren', '--class', 'combatant', '--class-prime', 'dex', '--shtick', 'tank', '--save-feat', 'STR',
      '--skills', 'art:oils,healing', '--wps', 'shield-normal,sword-long', '--weapons', 'sword-long,shield-normal',
    ]);
    expect(r.err).toBe('');
    const c = (JSON.parse(r.out) as Character[])[0]!;
    expect(c).toMatchObject({ name: 'Hobb the Brave', stock: 'ogren', class: 'combatant', primeStats: ['STR', 'DEX'], harmDie: 'd10' });
    expect(c.classPicks).toEqual([{ kind: 'shtick', id: 'tank' }, { kind: 'save-feat', featId: 'str-or-dex-saves', stat: 'STR' }]);
    expect(c.skills.slice(0, 2)).toEqual([
      { id: 'art', specialization: 'oils', isSpecialty: false, isCursed: false },
      { id: 'healing', specialization: null, isSpecialty: false, isCursed: false },
    ]);
    expect(c.inventory.filter((i) => i.carried === 'held').map((i) => i.id)).toEqual(['sword-long', 'shield-normal']);
  });

  it('Devout powers are written id or id:advanced; the Palladium Human may order its stats', async () => {
    const r = await cli(['char', 'new', '--method', 'semi', '--seed', '2', '--json', '--class', 'devout', '--devout-powers', 'lay-on-hands:advanced,revenant']);
    expect((JSON.parse(r.out) as Character[])[0]!.classPicks.slice(0, 2)).toEqual([
      { kind: 'devout-power', id: 'lay-on-hands', version: 'advanced' },
      { kind: 'devout-power', id: 'revenant', version: 'basic' },
    ]);
    const p = await cli(['char', 'new', '--method', 'palladium', '--seed', '2', '--json', '--stock', 'human', '--stat-priority', 'soc,cha']);
    const c = (JSON.parse(p.out) as Character[])[0]!;
    const others = STAT_IDS.filter((s) => s !== 'SOC' && s !== 'CHA').map((s) => c.stats[s].score);
    expect(c.stats.SOC.score).toBeGreaterThanOrEqual(c.stats.CHA.score);
    expect(c.stats.CHA.score).toBeGreaterThanOrEqual(Math.max(...others));
  });

  it('bad input: one line naming the problem (and the valid ids), exit 2', async () => {
    expect(await badInput(['char', 'new', '--method', 'silly'])).toMatch(/--method.*random, semi, palladium/);
    expect(await badInput(['char', 'new', '--count', '0'])).toMatch(/--count.*1 to 1000/);
    expect(await badInput(['char', 'new', '--count', String(MAX_CHARACTER_COUNT + 1)])).toMatch(/1 to 1000/);
    expect(await badInput(['char', 'new', '--count', 'many'])).toMatch(/--count/);
    expect(await badInput(['char', 'new', '--seed', '-1'])).toMatch(/seed/);
    expect(await badInput(['char', 'new', '--stock', 'canid'])).toMatch(/^hammercrawl: --stock: Option A rolls everything.*semi or palladium/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--stock', 'elf'])).toBe(
      "hammercrawl: --stock: 'elf' is not a stock of the HAMMERCRAWL! setting; the stocks are canid, halfern, elfin, human, droffen, ogren, nethern (creation/unknown-id)\n",
    );
    expect(await badInput(['char', 'new', '--method', 'palladium', '--stock', 'ogren'])).toMatch(/changeling, hob-goblin, goblin, wolfen, elf, dwarf, human, orc, ogre, kobold, gnome, troglodyte, troll/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'charlatan'])).toMatch(/--class: .*experimental.*combatant, true-mage, devout, specialist/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'wizard'])).toMatch(/combatant, true-mage, devout, specialist/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class-prime', 'STR'])).toMatch(/--class-prime: .*choose the class too/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'combatant', '--class-prime', 'luck'])).toMatch(/--class-prime.*STR, DEX, CON/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'combatant', '--shtick', 'ninja'])).toMatch(/two-fisted, two-handed, thrower/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'devout', '--devout-powers', 'revenant:ultimate'])).toMatch(/id:advanced/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--wps', 'lightsaber'])).toMatch(/--wps: 'lightsaber' is not a Weapon Proficiency; they are axe-great/);
    expect(await badInput(['char', 'new', '--method', 'semi', '--class', 'combatant', '--skills', 'healing,healing'])).toMatch(/--skills: Healing is chosen twice/);
    expect(await badInput(['char', 'new', '--name', 'x'.repeat(61)])).toMatch(/--name: a name has 1 to 60/);
    expect(await badInput(['char', 'bogus'])).toMatch(/unknown command/);
  });
});

describe('char show', () => {
  it('prints the sheet of a saved character, the same as char new printed it', async () => {
    const json = (await cli(['char', 'new', '--seed', '42', '--json'])).out;
    const path = file('one.json', json);
    const shown = await cli(['char', 'show', path]);
    expect(shown.code).toBe(0);
    const made = (await cli(['char', 'new', '--seed', '42'])).out;
    expect(made.startsWith(shown.out.trimEnd())).toBe(true);
  });

  it('reads one character or an array; --json gives the documents back unchanged', async () => {
    const pile = JSON.parse((await cli(['char', 'new', '--count', '3', '--seed', '8', '--json'])).out) as unknown[];
    const single = file('single.json', JSON.stringify(pile[1], null, 2));
    expect(JSON.parse((await cli(['char', 'show', single, '--json'])).out)).toEqual([pile[1]]);
    const all = file('all.json', JSON.stringify(pile));
    expect((await cli(['char', 'show', all])).out.split('\n').filter((l) => l.startsWith('Creation log'))).toHaveLength(3);
  });

  it('a missing file, bad JSON, an invalid character: one line, exit 2, the JSON path named', async () => {
    expect(await badInput(['char', 'show', join(dir, 'nope.json')])).toMatch(/cannot read '.*nope\.json': no such file/);
    expect(await badInput(['char', 'show', dir])).toMatch(/cannot read .*: it is a directory/);
    expect(await badInput(['char', 'show', file('bad.json', '{"name": ')])).toMatch(/is not valid JSON/);
    const pile = JSON.parse((await cli(['char', 'new', '--count', '2', '--seed', '8', '--json'])).out) as Record<string, any>[];
    pile[1]!['stats'].WIL.score = 40;
    pile[1]!['class'] = 'bard';
    const err = await badInput(['char', 'show', file('invalid.json', JSON.stringify(pile))]);
    expect(err).toMatch(/is not a valid character: \$\[1\]\.class: expected a class: combatant, true-mage, devout, specialist, charlatan; got "bard" \(and 1 more problem\)/);
    expect(await badInput(['char', 'show', file('newer.json', JSON.stringify({ ...pile[0], schemaVersion: 9 }))])).toMatch(/\$\.schemaVersion: version 9 was written by a newer hammercrawl/);
    expect(await badInput(['char', 'show'])).toMatch(/missing required argument/);
  });
});

describe('wrap', () => {
  it('keeps lines within the width, with a prefix and an indent', () => {
    const lines = wrap('alpha beta gamma delta epsilon zeta eta theta iota kappa', 20, 4, '  > ');
    expect(lines).toEqual(['  > alpha beta gamma', '    delta epsilon', '    zeta eta theta', '    iota kappa']);
    expect(wrap('', SHEET_WIDTH)).toEqual(['']);
  });
});

describe('char level-up', () => {
  it('levels a saved character (with the XP), prints the sheet and log; the same seed gives the same output', async () => {
    const [c] = JSON.parse((await cli(['char', 'new', '--seed', '42', '--json'])).out) as Record<string, unknown>[];
    const path = file('lvl.json', JSON.stringify({ ...c, xp: 10 }));
    const r = await cli(['char', 'level-up', path, '--seed', '5']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Level-up log:\n {2}Level 1 -> 2 \(crawl mode: 10 XP needed, 10 XP held\)/);
    expect(r.out).toMatch(/seed 5 \(the same level-up again: --seed 5\)/);
    expect((await cli(['char', 'level-up', path, '--seed', '5'])).out).toBe(r.out);
    const json = await cli(['char', 'level-up', path, '--seed', '5', '--json']);
    const [levelled] = JSON.parse(json.out) as Character[];
    expect(levelled!.level).toBe(2);
    expect(levelled!.featDie).toBe('d4');
    expect((await cli(['char', 'show', file('lvl2.json', json.out)])).code).toBe(0);
  });

  it('takes the WP choices (LV-4): which WP to learn, which to specialize, and banking the rest', async () => {
    const [c] = JSON.parse((await cli(['char', 'new', '--seed', '42', '--json'])).out) as Character[];
    const known = c!.weaponProficiencies.find((w) => w.source === 'selection')!.id;
    const path = file('choices.json', JSON.stringify({ ...c, xp: 10 }));
    const spec = await cli(['char', 'level-up', path, '--specialize', known, '--bank', '--json', '--seed', '2']);
    expect(spec.code, spec.err).toBe(0);
    const [after] = JSON.parse(spec.out) as Character[];
    expect(after!.weaponProficiencies.find((w) => w.id === known)?.specializationTier).toBe(1);
    expect(after!.weaponProficiencies.map((w) => w.id).sort()).toEqual(c!.weaponProficiencies.map((w) => w.id).sort());
    const unknown = ['sling', 'club', 'mace', 'javelin'].find((id) => !c!.weaponProficiencies.some((w) => w.id === id))!;
    const learn = await cli(['char', 'level-up', path, '--learn-wps', unknown, '--json', '--seed', '2']);
    expect(learn.code, learn.err).toBe(0);
    const [learned] = JSON.parse(learn.out) as Character[];
    expect(learned!.weaponProficiencies.map((w) => w.id)).toContain(unknown);
    expect(learned!.wpSelections.banked).toBe(learned!.wpSelections.total - learned!.wpSelections.spent);
  });

  it('not enough XP: one line, exit 2; --force levels with a note', async () => {
    const pile = (await cli(['char', 'new', '--count', '2', '--seed', '8', '--json'])).out;
    const path = file('pile.json', pile);
    expect(await badInput(['char', 'level-up', path])).toMatch(/character 1 of 2: .*: level 2 needs 10 XP \(crawl mode\); .* has 0 \(10 short\)\. .*--force.* \(level-up\/not-enough-xp\)$/m);
    const r = await cli(['char', 'level-up', path, '--force', '--json', '--seed', '1']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as Character[]).map((c) => c.level)).toEqual([2, 2]);
    expect(r.err).toMatch(/^note: .*Forced: 10 XP short; XP stays at 0/);
  });

  it('level 10, a missing file, an invalid document: one line, exit 2', async () => {
    const [c] = JSON.parse((await cli(['char', 'new', '--seed', '42', '--json'])).out) as Record<string, unknown>[];
    expect(await badInput(['char', 'level-up', file('ten.json', JSON.stringify({ ...c, level: 10, featDie: 'd10', xp: 999 }))])).toMatch(/already level 10/);
    // A Feat Die wrong for the level is refused by its JSON path (THE FEAT DIE table).
    expect(await badInput(['char', 'show', file('feat.json', JSON.stringify({ ...c, level: 3, featDie: 'd8' }))])).toMatch(/\$\.featDie: a level-3 character's Feat Die is d4, not d8/);
    expect(await badInput(['char', 'level-up', join(dir, 'none.json')])).toMatch(/cannot read '.*none\.json': no such file/);
    expect(await badInput(['char', 'level-up', file('badlvl.json', JSON.stringify({ ...c, level: 11 }))])).toMatch(/\$\.level/);
  });
});
