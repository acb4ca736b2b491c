import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../../dice/index.js';
import { STAT_IDS, type StatId } from '../check-modifiers.js';
import { NETHERN_QUIRKS } from './nethern-quirks.js';
import { WEAPON_PROFICIENCIES } from './weapon-proficiencies.js';
import {
  CORE_STAT_IDS,
  HAMMERCRAWL_STOCKS,
  NATURAL_WEAPON_IDS,
  NETHERN_QUIRK_TABLE_ID,
  PALLADIUM_SCORE_BANDS,
  PALLADIUM_STAT_SOURCES,
  PALLADIUM_STOCKS,
  STOCK_SETTINGS,
  type RollRange,
  type Stock,
  type StockEffect,
} from './stocks.js';
import { duplicatesOf, missingIds, offendersOf, rulesBroken } from '../../../../test/offenders.js';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Every result lo..hi that no row or several rows cover, and rows whose range is malformed. */
function coverageProblems(rows: readonly { readonly id: string; readonly roll: RollRange }[], lo: number, hi: number): string[] {
  const problems: string[] = [];
  const hits = new Map<number, string[]>();
  for (const r of rows) {
    const { min, max } = r.roll;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) problems.push(`${r.id}: bad range ${min}..${max}`);
    if (min < lo || max > hi) problems.push(`${r.id}: ${min}..${max} is outside ${lo}..${hi}`);
    for (let v = min; v <= max; v++) hits.set(v, [...(hits.get(v) ?? []), r.id]);
  }
  for (let v = lo; v <= hi; v++) {
    const ids = hits.get(v) ?? [];
    if (ids.length !== 1) problems.push(`${v}: covered by [${ids.join(', ')}]`);
  }
  return problems;
}

/** Every stat key an effect mentions. */
function effectStats(e: StockEffect): StatId[] {
  switch (e.kind) {
    case 'check-step':
      return e.stat === null ? [] : [e.stat];
    case 'save-bonus':
    case 'save-vantage':
      return [...e.stats];
    case 'armour-die-rerolls':
      return [e.count.stat];
    case 'innate-spells':
      return [e.nonCaster.testTarget.stat];
    default:
      return [];
  }
}

const tables: readonly { readonly setting: (typeof STOCK_SETTINGS)[number]; readonly stocks: readonly Stock[] }[] = [
  { setting: STOCK_SETTINGS[0], stocks: HAMMERCRAWL_STOCKS },
  { setting: STOCK_SETTINGS[1], stocks: PALLADIUM_STOCKS },
];

function stock(stocks: readonly Stock[], id: string): Stock {
  const s = stocks.find((x) => x.id === id);
  if (!s) throw new Error(`no stock ${id}`);
  return s;
}

function effectsOf(s: Stock): StockEffect[] {
  return s.abilities.flatMap((a) => [...a.effects]);
}

describe('stock tables (STOCKS (RACES)): data integrity', () => {
  it('has the ids of the issue, 7 HAMMERCRAWL! and 13 Palladium, in table order', () => {
    expect(HAMMERCRAWL_STOCKS.map((s) => s.id)).toEqual(['canid', 'halfern', 'elfin', 'human', 'droffen', 'ogren', 'nethern']);
    expect(PALLADIUM_STOCKS.map((s) => s.id)).toEqual([
      'changeling', 'hob-goblin', 'goblin', 'wolfen', 'elf', 'dwarf', 'human',
      'orc', 'ogre', 'kobold', 'gnome', 'troglodyte', 'troll',
    ]);
    expect(HAMMERCRAWL_STOCKS).toHaveLength(7);
    expect(PALLADIUM_STOCKS).toHaveLength(13);
  });

  it('the settings roll 3d6 and 3d12, with unique kebab-case ids', () => {
    expect([...duplicatesOf(STOCK_SETTINGS.map((s) => s.id)), ...offendersOf(STOCK_SETTINGS, (s) => !KEBAB.test(s.id), (s) => `${s.id}: id not kebab-case`)]).toEqual([]);
    expect(STOCK_SETTINGS.map((s) => [s.id, s.dice.count, s.dice.sides])).toEqual([
      ['hammercrawl', 3, 6],
      ['palladium', 3, 12],
    ]);
  });

  for (const { setting, stocks } of tables) {
    describe(setting.id, () => {
      it('ids are unique and kebab-case; every stock belongs to the setting and has a ref', () => {
        expect([
          ...duplicatesOf(stocks.map((s) => s.id)),
          ...rulesBroken(stocks, (s) => s.id, (s) => ({
            'kebab-case id': KEBAB.test(s.id),
            [`of the ${setting.id} setting`]: s.setting === setting.id,
            'a label': s.label.length > 0,
            'ref to STOCKS (RACES)': /STOCKS \(RACES\)/.test(s.ref),
          })),
        ]).toEqual([]);
      });

      it(`covers ${setting.dice.count}d${setting.dice.sides} exactly once, no gap, no overlap`, () => {
        const lo = setting.dice.count;
        const hi = setting.dice.count * setting.dice.sides;
        expect(coverageProblems(stocks, lo, hi)).toEqual([]);
      });

      it('ability ids are unique within a stock and kebab-case, each with a description, effect kinds, a ref', () => {
        const settingRef = setting.id === 'hammercrawl' ? 'HAMMERCRAWL! Setting' : 'Palladium Fantasy Setting';
        const abilities = stocks.flatMap((s) => s.abilities.map((a) => ({ s, a })));
        expect([
          ...stocks.flatMap((s) => duplicatesOf(s.abilities.map((a) => a.id)).map((d) => `${s.id}: ability ${d}`)),
          ...rulesBroken(abilities, ({ s, a }) => `${s.id}/${a.id}`, ({ a }) => ({
            'kebab-case id': KEBAB.test(a.id),
            'a label': a.label.length > 0,
            'a description of 11 to 499 characters': a.description.length > 10 && a.description.length < 500,
            [`ref to ${settingRef}`]: a.ref.includes(settingRef),
          })),
        ]).toEqual([]);
      });

      it('every stat key is one of STR DEX CON INT WIL CHA SOC (never WIS); free choices exclude SOC', () => {
        const statsOf = (s: Stock): StatId[] => [...(s.primeStat.kind === 'fixed' ? [s.primeStat.stat] : s.primeStat.from), ...effectsOf(s).flatMap(effectStats)];
        expect([
          ...missingIds(STAT_IDS, stocks.flatMap((s) => statsOf(s).map((stat) => [s.id, stat] as const))),
          ...offendersOf(
            stocks,
            (s) => s.primeStat.kind === 'choose-one' && !isDeepStrictEqual([...s.primeStat.from], [...CORE_STAT_IDS]),
            (s) => `${s.id}: a free choice of prime stat other than ${CORE_STAT_IDS.join(' ')}`,
          ),
        ]).toEqual([]);
      });

      it('every referenced id exists; dice and steps in effects are values on the chain', () => {
        expect(NETHERN_QUIRKS.length).toBeGreaterThan(0);
        const effects = stocks.flatMap((s) => effectsOf(s).map((e) => ({ s, e })));
        expect(
          effects.flatMap(({ s, e }) => {
            const at = `${s.id} ${e.kind}`;
            switch (e.kind) {
              case 'quirks':
                return [...(e.table === NETHERN_QUIRK_TABLE_ID ? [] : [`${at}: table ${e.table}`]), ...(e.rolls >= 1 ? [] : [`${at}: ${e.rolls} rolls`])];
              case 'natural-proficiency':
                return (NATURAL_WEAPON_IDS as readonly string[]).includes(e.weapon) ? [] : [`${at}: weapon ${e.weapon}`];
              case 'innate-spells':
                return (HAMMERCRAWL_CHAIN.sides as readonly number[]).includes(e.nonCaster.castingDie) ? [] : [`${at}: casting die d${e.nonCaster.castingDie}`];
              case 'harm-step':
              case 'check-step':
                return Number.isInteger(e.amount) ? [] : [`${at}: ${e.amount} steps`];
              default:
                return [];
            }
          }),
        ).toEqual([]);
      });

      it('nightvision is absent or a positive range in feet', () => {
        expect(offendersOf(stocks, (s) => s.nightvision !== null && !(s.nightvision.rangeFeet > 0), (s) => `${s.id}: nightvision ${s.nightvision?.rangeFeet} feet`)).toEqual([]);
      });
    });
  }
});

describe('natural weapons (WEAPON PROFICIENCIES, Special Note)', () => {
  it('every natural weapon a stock grants is a natural Weapon Proficiency', () => {
    expect(offendersOf(NATURAL_WEAPON_IDS, (id) => WEAPON_PROFICIENCIES.find((wp) => wp.id === id)?.kind !== 'natural', (id) => `${id}: not a natural WP`)).toEqual([]);
  });
});

describe('stock facts against the text (spot checks)', () => {
  it('HAMMERCRAWL! prime stats and 3d6 ranges as printed', () => {
    const printed = [
      ['canid', 3, 3, 'WIL'],
      ['halfern', 4, 5, 'DEX'],
      ['elfin', 6, 8, 'INT'],
      ['human', 9, 12, 'any'],
      ['droffen', 13, 15, 'CON'],
      ['ogren', 16, 17, 'STR'],
      ['nethern', 18, 18, 'CHA'],
    ];
    expect(
      HAMMERCRAWL_STOCKS.map((s) => [s.id, s.roll.min, s.roll.max, s.primeStat.kind === 'fixed' ? s.primeStat.stat : 'any']),
    ).toEqual(printed);
  });

  it('Palladium prime stats, 3d12 ranges, psionics and nightvision as printed', () => {
    const printed = [
      ['changeling', 3, 3, 'WIL', 'possible', null],
      ['hob-goblin', 4, 5, 'WIL', 'never', 40],
      ['goblin', 6, 7, 'DEX', 'possible', 90],
      ['wolfen', 8, 10, 'DEX', 'possible', 40],
      ['elf', 11, 13, 'CHA', 'possible', 60],
      ['dwarf', 14, 17, 'CON', 'possible', 90],
      ['human', 18, 21, 'any', 'possible', null],
      ['orc', 22, 25, 'STR', 'never', 40],
      ['ogre', 26, 28, 'STR', 'possible', 40],
      ['kobold', 29, 31, 'CON', 'possible', 90],
      ['gnome', 32, 33, 'CHA', 'never', 90],
      ['troglodyte', 34, 35, 'DEX', 'never', 120],
      ['troll', 36, 36, 'STR', 'never', 60],
    ];
    expect(
      PALLADIUM_STOCKS.map((s) => [
        s.id,
        s.roll.min,
        s.roll.max,
        s.primeStat.kind === 'fixed' ? s.primeStat.stat : 'any',
        s.psionics,
        s.nightvision?.rangeFeet ?? null,
      ]),
    ).toEqual(printed);
  });

  it('no HAMMERCRAWL! stock has nightvision (all start with a torch)', () => {
    expect(HAMMERCRAWL_STOCKS.filter((s) => s.nightvision !== null)).toEqual([]);
  });

  it("Ogren: +1 Harm Die step; Blood Rage +1 while raging, -2 after, flagged as a draft", () => {
    const ogren = stock(HAMMERCRAWL_STOCKS, 'ogren');
    expect(effectsOf(ogren)).toContainEqual({ kind: 'harm-step', amount: 1 });
    expect(effectsOf(ogren)).toContainEqual({ kind: 'blood-rage', harmStepWhileRaging: 1, harmStepAfterRage: -2 });
    expect(ogren.abilities.find((a) => a.id === 'blood-rage')?.isDraft).toBe(true);
    // Only the Ogren moves the base Harm Die.
    const harmSteps = [...HAMMERCRAWL_STOCKS, ...PALLADIUM_STOCKS].filter((s) => effectsOf(s).some((e) => e.kind === 'harm-step'));
    expect(harmSteps.map((s) => s.id)).toEqual(['ogren']);
  });

  it('Palladium natural weapons: kobold and orc at -1, troll at +1, ogre troglodyte wolfen at 0', () => {
    const steps = Object.fromEntries(
      PALLADIUM_STOCKS.flatMap((s) => effectsOf(s).flatMap((e) => (e.kind === 'natural-proficiency' ? [[s.id, e.harmStep]] : []))),
    );
    expect(steps).toEqual({ kobold: -1, orc: -1, troll: 1, ogre: 0, troglodyte: 0, wolfen: 0 });
  });

  it('oversized: ogre, troll, wolfen; monstrous one-step bonuses: ogre on CON, troll on STR', () => {
    const stocksWith = (kind: StockEffect['kind']) => PALLADIUM_STOCKS.filter((s) => effectsOf(s).some((e) => e.kind === kind)).map((s) => s.id);
    expect(stocksWith('oversized').sort()).toEqual(['ogre', 'troll', 'wolfen']);
    const ogreStep = effectsOf(stock(PALLADIUM_STOCKS, 'ogre')).find((e) => e.kind === 'check-step');
    const trollStep = effectsOf(stock(PALLADIUM_STOCKS, 'troll')).find((e) => e.kind === 'check-step');
    expect(ogreStep).toMatchObject({ amount: 1, stat: 'CON', checks: ['test', 'challenge', 'competition'] });
    expect(trollStep).toMatchObject({ amount: 1, stat: 'STR', checks: ['test', 'challenge', 'competition'] });
  });

  it('humans choose their prime stat; the Palladium human re-rolls one stat and orders stats freely', () => {
    expect(stock(HAMMERCRAWL_STOCKS, 'human').primeStat.kind).toBe('choose-one');
    const human = stock(PALLADIUM_STOCKS, 'human');
    expect(human.primeStat.kind).toBe('choose-one');
    expect(effectsOf(human)).toEqual([
      { kind: 'stat-reroll', count: 1, keep: 'higher', when: 'creation' },
      { kind: 'free-stat-order', when: 'creation' },
    ]);
    expect(effectsOf(stock(HAMMERCRAWL_STOCKS, 'human'))).toMatchObject([{ kind: 'heir', levelsLost: 1, minimumLevel: 1, statRerolls: ['player', 'smith'] }]);
  });

  it('Canid, Droffen, Elfin and Nethern abilities carry the numbers of the text', () => {
    expect(effectsOf(stock(HAMMERCRAWL_STOCKS, 'canid'))).toMatchObject([{ kind: 'check-step', amount: 1, checks: ['challenge', 'competition'], stacks: false }]);
    expect(effectsOf(stock(HAMMERCRAWL_STOCKS, 'droffen'))).toMatchObject([
      { kind: 'armour-die-rerolls', count: { stat: 'CON', part: 'mod' } },
      { kind: 'save-bonus', stats: ['STR', 'CON'], amount: 'character-level' },
    ]);
    expect(effectsOf(stock(HAMMERCRAWL_STOCKS, 'elfin'))).toMatchObject([
      { kind: 'save-vantage', stats: ['INT'], mark: 'adv' },
      { kind: 'innate-spells', perLevel: 1, fromLevel: 1, nonCaster: { testTarget: { stat: 'INT', part: 'half' }, castingDie: 14 } },
    ]);
    expect(effectsOf(stock(HAMMERCRAWL_STOCKS, 'nethern'))).toEqual([{ kind: 'quirks', table: 'nethern-quirks', rolls: 1 }]);
    expect(stock(HAMMERCRAWL_STOCKS, 'halfern').abilities).toEqual([]);
  });
});

describe('Palladium stat conversion (STATS, Converting Stats from Palladium)', () => {
  it('gives every stat exactly one source, with unique kebab-case ids', () => {
    expect(PALLADIUM_STAT_SOURCES.map((c) => c.stat).sort()).toEqual([...STAT_IDS].sort());
    expect([...duplicatesOf(PALLADIUM_STAT_SOURCES.map((c) => c.id)), ...offendersOf(PALLADIUM_STAT_SOURCES, (c) => !KEBAB.test(c.id), (c) => `${c.id}: id not kebab-case`)]).toEqual([]);
  });

  it('CHA and DEX average two attributes, the rest map one to one, SOC is the Smith’s', () => {
    const by = Object.fromEntries(PALLADIUM_STAT_SOURCES.map((c) => [c.stat, c.source]));
    expect(by['CHA']).toEqual({ kind: 'average', attributes: ['MA', 'PB'], rounding: 'up' });
    expect(by['DEX']).toEqual({ kind: 'average', attributes: ['PP', 'SPD'], rounding: 'up' });
    expect(by['STR']).toEqual({ kind: 'attribute', attribute: 'PS' });
    expect(by['CON']).toEqual({ kind: 'attribute', attribute: 'PE' });
    expect(by['INT']).toEqual({ kind: 'attribute', attribute: 'IQ' });
    expect(by['WIL']).toEqual({ kind: 'attribute', attribute: 'ME' });
    expect(by['SOC']?.kind).toBe('smith-judgement');
  });

  it('the bands cover 1 and up exactly once, open at the top, and land on the stat table', () => {
    const bands = PALLADIUM_SCORE_BANDS;
    expect([
      ...duplicatesOf(bands.map((b) => b.id)),
      ...rulesBroken(bands, (b) => b.id, (b) => {
        const i = bands.indexOf(b);
        const next = bands[i + 1];
        return {
          'kebab-case id': KEBAB.test(b.id),
          // Each band but the last ends where the next begins; the last is open at the top.
          'ends just before the next band': next === undefined ? b.from.max === null : b.from.max !== null && next.from.min === b.from.max + 1,
          'a score on the stat table (at most 20)': b.score === null || b.score <= 20,
        };
      }),
    ]).toEqual([]);
    expect(bands[0]?.from.min).toBe(1);
    const convert = (v: number) => {
      const b = bands.find((x) => v >= x.from.min && (x.from.max === null || v <= x.from.max));
      return b?.score === null ? v : b?.score;
    };
    expect([1, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 30, 31, 99].map(convert)).toEqual([
      1, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19,
    ]);
  });
});
