import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/index.js';
import { rollCharacters } from '../create-character.js';
import { isFightOver, nextRound, startEncounter, takeTurn, type Encounter } from './encounter.js';
import { fighterFromCharacter, monsterFighters, monsterHealthDie, type MonsterSpec } from './fighter.js';
import { monsterSpecsFromJson, parseMonsterSpec } from './monster-spec.js';
import { MAX_FIGHTS, MAX_MONSTER_COUNT, MAX_MONSTER_SPEC_LENGTH } from './problems.js';
import { DEFAULT_TURN_ORDER, MAX_MEMO_NODES, contestLeaders, exactUnavailableReason, initiativeOrder, monsterTactics, pcTactics, rollFight, rollStartingSide, simulateEncounter, type TurnOrderRule } from './simulate.js';
import { scriptedRandom } from '../../../dice/random.js';
import { testPc } from './test-helpers.js';
import { assertRefused } from '../../../../test/narrow.js';

const goblins: MonsterSpec = { name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 4 }, count: 3 };

function party(seed: number, count = 4) {
  const r = rollCharacters(seededRandom(seed), { method: 'random', seed }, count);
  if (!r.ok) throw new Error(r.error.message);
  return r.characters;
}

describe('fighters from characters', () => {
  it('reads dice, Defense, weapons and specials from a character document', () => {
    const characters = party(1, 24);
    // The party holds each class and stock whose specials are checked, and others.
    expect(characters.map((c) => c.class)).toContain('combatant');
    expect(characters.map((c) => c.class).some((k) => k !== 'combatant')).toBe(true);
    for (const stock of ['droffen', 'elfin', 'ogren']) expect(characters.map((c) => c.stock)).toContain(stock);
    for (const c of characters) {
      const f = fighterFromCharacter(c);
      expect(f.healthDie).toBe(Number(c.healthDie!.slice(1)));
      expect(f.defense).toBe(c.defense);
      expect(f.weapons.some((w) => w.id === 'unarmed')).toBe(true);
      const isCombatant = c.class === 'combatant';
      expect(f.specials.hdRerolls).toBe(isCombatant ? c.level : 0);
      expect(f.specials.momentumAttacks).toBe(isCombatant ? 1 : 0);
      expect(f.specials.hackAndSlash).toBe(isCombatant);
      expect(f.specials.strengthOfTheEarth).toBe(c.stock === 'droffen');
      expect(f.specials.elfinIntAdvantage).toBe(c.stock === 'elfin');
      expect(f.specials.bloodRage !== null).toBe(c.stock === 'ogren');
    }
    // A Combatant Feats its attacks and defense (other classes may Feat them too, by other features).
    for (const c of characters.filter((x) => x.class === 'combatant')) {
      expect(fighterFromCharacter(c).specials.featChecks).toEqual(expect.arrayContaining(['attack', 'defense']));
    }
  });

  it('a Palladium Troll fights with Claws and Teeth at +1 Harm step (ST-13)', () => {
    const r = rollCharacters(seededRandom(4), { method: 'palladium', seed: 4, choices: { stock: 'troll' } }, 1);
    if (!r.ok) throw new Error(r.error.message);
    const c = r.characters[0]!;
    const claws = fighterFromCharacter(c).weapons.find((w) => w.id === 'claws-and-teeth');
    const harm = Number(c.harmDie.slice(1));
    expect(claws?.harm).toMatchObject({ kind: 'harm-die', stat: 'STR' });
    expect(claws && claws.harm.kind === 'harm-die' && claws.harm.sides).toBeGreaterThan(harm);
  });

  it('reads the specials of chosen classes: Specialist choices, Tank, Devout powers, True Mage', () => {
    const make = (choices: Record<string, unknown>) => {
      const r = rollCharacters(seededRandom(21), { method: 'semi', seed: 21, choices: choices as never }, 1);
      if (!r.ok) throw new Error(r.error.message);
      return fighterFromCharacter(r.characters[0]!);
    };
    const spec = make({ class: 'specialist', classPrime: 'CHA', specialistChoices: ['defensive-specialist', 'opportunist'] });
    expect(spec.specials.featChecks).toContain('total-defense');
    expect(spec.specials.conditionalFeatChecks).toEqual(expect.arrayContaining(['attack', 'damage']));
    const cmd = make({ class: 'specialist', classPrime: 'CHA', specialistChoices: ['commander', 'tactical-combatant'] });
    expect(cmd.specials.commander).toBe(true);
    expect(cmd.specials.featChecks).toContain('tactical-attack');
    const tank = make({ class: 'combatant', shtick: 'tank' });
    expect(tank.specials.covering).toBe(true);
    const th = make({ class: 'combatant', shtick: 'two-handed' });
    expect(th.specials.twoHandedRerollUpTo).toBe(2);
    const devout = make({ class: 'devout', devoutPowers: [{ id: 'fist-of-an-angry-god', version: 'basic' }, { id: 'revenant', version: 'advanced' }] });
    expect(devout.specials.fistUses).toBe(Math.max(0, 1 + devout.saveMods.CHA));
    expect(devout.specials.revenant).toEqual({ rerollUpTo: 2, advantage: true });
    const hardened = make({ class: 'devout', devoutPowers: [{ id: 'combat-hardened', version: 'basic' }, { id: 'lay-on-hands', version: 'advanced' }] });
    expect(hardened.specials.featChecks).toEqual(expect.arrayContaining(['attack', 'defense']));
    expect(hardened.specials.layOnHands).toBe('advanced');
  });

  it("a monster's Health Die follows its HD (CB-5)", () => {
    expect([0, 1, 2, 3, 4].map(monsterHealthDie)).toEqual([5, 6, 7, 8, 10]);
    expect(monsterFighters({ ...goblins, count: 2 }).map((g) => g.id)).toEqual(['goblin-1', 'goblin-2']);
  });
});

describe('monster specs', () => {
  it('reads the CLI form', () => {
    const r = parseMonsterSpec('goblin:hd=2,attack=+3,defense=12,damage=d6,count=4');
    expect(r.ok && r.spec).toMatchObject({ name: 'goblin', hd: 2, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'dice', count: 1, sides: 6, mod: 0 }, count: 4 });
    const boss = parseMonsterSpec('ogre:hd=4,attack=14,defense=10,damage=2d6+1,health=d12,armour=d6,boss');
    expect(boss.ok && boss.spec).toMatchObject({ role: 'boss', attack: 14, attackIsBonus: false, healthDie: 12, armourDie: 6, damage: { count: 2, sides: 6, mod: 1 } });
  });

  it('names the key that is wrong', () => {
    for (const [text, part] of [
      ['goblin', "no ':'"],
      ['goblin:hd=1,attack=+3,defense=12', 'damage is required'],
      ['goblin:hd=1,attack=+3,defense=12,damage=d6,colour=green', "unknown key 'colour'"],
      ['goblin:hd=1,attack=+3,defense=12,damage=d6,health=d9', 'health must be a die of the chain'],
      ['goblin:hd=x,attack=+3,defense=12,damage=d6', 'hd must be a whole number'],
    ] as const) {
      const r = parseMonsterSpec(text);
      assertRefused(r, text);
      expect(r.problem.code).toBe('combat/monster-spec');
      expect(r.problem.message).toContain(part);
    }
  });

  it('limits: count and length at and past the limit', () => {
    const spec = (n: number) => `g:hd=1,attack=+3,defense=12,damage=4,count=${n}`;
    expect(parseMonsterSpec(spec(MAX_MONSTER_COUNT)).ok).toBe(true);
    expect(parseMonsterSpec(spec(MAX_MONSTER_COUNT + 1)).ok).toBe(false);
    const base = 'g:hd=1,attack=+3,defense=12,damage=4';
    const pad = (len: number) => `${base},${' '.repeat(len - base.length - 1)}`;
    expect(parseMonsterSpec(pad(MAX_MONSTER_SPEC_LENGTH)).ok).toBe(true);
    expect(parseMonsterSpec(pad(MAX_MONSTER_SPEC_LENGTH + 1)).ok).toBe(false);
  });

  it('reads JSON', () => {
    const r = monsterSpecsFromJson([{ name: 'rat', hd: 0, attack: '+1', defense: 8, damage: 2, count: 5 }]);
    expect(r.ok && r.specs[0]).toMatchObject({ name: 'rat', attackIsBonus: true, count: 5 });
    expect(monsterSpecsFromJson([{ name: 'rat', hd: [] }]).ok).toBe(false);
  });
});

describe('simulateEncounter', () => {
  it('is deterministic per seed, and its counts add up', () => {
    const p = party(3);
    const a = simulateEncounter(seededRandom(42), p, [goblins], { fights: 60 });
    const b = simulateEncounter(seededRandom(42), p, [goblins], { fights: 60 });
    expect(a).toEqual(b);
    if (!a.ok) throw new Error(a.problem.message);
    const r = a.report;
    expect(r.partyWins + r.foesWins + r.draws).toBe(60);
    expect(r.winRate).toBe(r.partyWins / 60);
    expect(r.pcs).toHaveLength(4);
    for (const pc of r.pcs) {
      expect(pc.pDown).toBeGreaterThanOrEqual(0);
      expect(pc.pDown).toBeLessThanOrEqual(1);
    }
    expect(r.rounds.histogram.reduce((s, h) => s + h.fights, 0)).toBe(60);
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 })], { numRuns: 10 })('the same seed gives the same report', (seed) => {
    const p = party(seed % 1000, 2);
    const a = simulateEncounter(seededRandom(seed), p, [goblins], { fights: 5 });
    const b = simulateEncounter(seededRandom(seed), p, [goblins], { fights: 5 });
    expect(a).toEqual(b);
  });

  it('a hopeless fight is lost, an easy one won', () => {
    const hero = [testPc({ healthDie: 30, baseHealthDie: 30, armourDie: 20, defense: 15 })];
    const easy = simulateEncounter(seededRandom(1), hero, [{ ...goblins, count: 1, damage: { kind: 'static', dv: 1 } }], { fights: 50 });
    expect(easy.ok && easy.report.winRate).toBe(1);
    const dragon: MonsterSpec = { name: 'dragon', role: 'boss', hd: 10, attack: 15, attackIsBonus: true, defense: 25, damage: { kind: 'static', dv: 40 }, healthDie: 30, armourDie: 30 };
    const hard = simulateEncounter(seededRandom(1), [testPc()], [dragon], { fights: 50 });
    expect(hard.ok && hard.report.winRate).toBe(0);
  });

  it('fights are limited; a party and monsters are required', () => {
    const p = [testPc()];
    expect(simulateEncounter(seededRandom(1), p, [goblins], { fights: 1 }).ok).toBe(true);
    const zero = simulateEncounter(seededRandom(1), p, [goblins], { fights: 0 });
    expect(!zero.ok && zero.problem.code).toBe('combat/fights-out-of-range');
    const past = simulateEncounter(seededRandom(1), p, [goblins], { fights: MAX_FIGHTS + 1 });
    expect(!past.ok && past.problem.code).toBe('combat/fights-out-of-range');
    const none = simulateEncounter(seededRandom(1), [], [goblins], { fights: 1 });
    expect(!none.ok && none.problem.code).toBe('combat/no-party');
    const empty = simulateEncounter(seededRandom(1), p, [], { fights: 1 });
    expect(!empty.ok && empty.problem.code).toBe('combat/no-monsters');
  });

  it('draws at the round limit', () => {
    const wall = testPc({ healthDie: 30, baseHealthDie: 30, armourDie: 30, defense: 100, weapons: [] });
    const r = simulateEncounter(seededRandom(1), [wall], [{ ...goblins, count: 1, defense: 100, damage: { kind: 'static', dv: 0 } }], { fights: 3, maxRounds: 5 });
    expect(r.ok && r.report.draws).toBe(3);
    expect(r.ok && r.report.rounds.max).toBe(5);
  });
});

describe("simulateEncounter mode 'exact' (CB-21)", () => {
  it('draws each attack from its exact odds: the same win rate as rolling every die, within 4 sigma', () => {
    const p = [0, 1, 2, 3].map((i) => testPc({ id: `pc${i}`, armourDie: 6, baseArmourDie: 6 }));
    const foes: MonsterSpec = { ...goblins, count: 6, damage: { kind: 'static', dv: 6 } };
    const n = 600;
    const dice = simulateEncounter(seededRandom(5), p, [foes], { fights: n });
    const exact = simulateEncounter(seededRandom(6), p, [foes], { fights: n, mode: 'exact' });
    if (!dice.ok || !exact.ok) throw new Error('simulation failed');
    expect(exact.report.mode).toBe('exact');
    const q = (dice.report.winRate + exact.report.winRate) / 2;
    expect(Math.abs(dice.report.winRate - exact.report.winRate)).toBeLessThanOrEqual(4 * Math.sqrt((2 * q * (1 - q)) / n));
    expect(Math.abs(dice.report.rounds.mean - exact.report.rounds.mean)).toBeLessThan(1);
    const again = simulateEncounter(seededRandom(6), p, [foes], { fights: n, mode: 'exact' });
    expect(again).toEqual(exact);
  });

  it('falls back to rolling every die when a special acts on single dice, and says why', () => {
    const r = simulateEncounter(seededRandom(1), [testPc({ specials: { hackAndSlash: true } })], [goblins], { fights: 5, mode: 'exact' });
    expect(r.ok && r.report.mode).toBe('dice');
    expect(r.ok && r.report.exactUnavailable).toContain('Hack and Slash');
  });
});

describe("simulateEncounter mode 'dice' from planned attacks", () => {
  // Fighters without specials acting on single dice are fought from attacks prepared once per simulation;
  // the fights must be the ones `rollFight` gives turn by turn through `takeTurn`: the same dice, in order.
  const FIGHTS = 60;
  const fourPcs = [0, 1, 2, 3].map((i) => testPc({ id: `pc${i}`, name: `PC ${i}`, armourDie: 6, baseArmourDie: 6 }));
  const gobs: MonsterSpec = { name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 6 }, healthDie: 6, count: 6 };
  const ogres: MonsterSpec = { name: 'ogre', hd: 3, attack: 5, attackIsBonus: true, defense: 13, damage: { kind: 'static', dv: 9 }, healthDie: 10, count: 2 };
  const cases: [string, readonly ReturnType<typeof testPc>[], readonly MonsterSpec[], TurnOrderRule, number][] = [
    ['4 PCs against 6 goblins, initiative', fourPcs, [gobs], 'initiative', 100],
    ['2 PCs against goblins and ogres, party first, 7 rounds at most', fourPcs.slice(0, 2), [gobs, ogres], 'party', 7],
    ['4 PCs against 2 ogres, foes first', fourPcs, [ogres], 'foes', 100],
    // Fighters alike but for one number (one PC even under the same name): attacks are shared only by fighters alike in all but id and name.
    [
      'PCs and goblins alike but for armour, Defense, CON or Health Die',
      [fourPcs[0]!, testPc({ id: 'pc9', name: 'PC 0', armourDie: 8, baseArmourDie: 8, defenseMod: 3, conMod: 1 }), fourPcs[1]!],
      [{ ...gobs, name: 'goblin guard', defense: 16, count: 2 }, gobs, { ...gobs, name: 'goblin boss', healthDie: 8, count: 1 }],
      'initiative',
      100,
    ],
  ];
  it.each(cases)('%s: the same fights and the same dice as turn by turn', (_label, pcs, monsters, first, maxRounds) => {
    const fighters = [...pcs, ...monsters.flatMap((m) => monsterFighters(m))];
    expect(exactUnavailableReason(fighters)).toBeNull();
    const started = startEncounter(fighters);
    if (!started.ok) throw new Error(started.problem.message);
    for (const seed of [1, 2, 3]) {
      const planned = seededRandom(seed);
      const r = simulateEncounter(planned, pcs, monsters, { fights: FIGHTS, first, maxRounds });
      if (!r.ok) throw new Error(r.problem.message);
      const byTurn = seededRandom(seed);
      let partyWins = 0;
      let rounds = 0;
      const down = new Map<string, number>();
      for (let i = 0; i < FIGHTS; i++) {
        const f = rollFight(byTurn, started.encounter, { first, maxRounds });
        if (f.winner === 'party') partyWins++;
        rounds += f.rounds;
        for (const id of f.wentDown) down.set(id, (down.get(id) ?? 0) + 1);
      }
      expect(r.report.mode).toBe('dice');
      expect(r.report.partyWins).toBe(partyWins);
      expect(r.report.rounds.mean).toBeCloseTo(rounds / FIGHTS, 12);
      for (const pc of r.report.pcs) expect(pc.pDown).toBeCloseTo((down.get(pc.id) ?? 0) / FIGHTS, 12);
      // Both drew exactly the same dice.
      expect(planned.exportState()).toEqual(byTurn.exportState());
    }
  });
});

describe(`the tree of faces read, at most MAX_MEMO_NODES (${MAX_MEMO_NODES}) nodes`, () => {
  // Past the limit an attack is rolled without the tree: the same dice, so the same fights, whatever the limit.
  const pcs = [0, 1, 2].map((i) => testPc({ id: `pc${i}`, name: `PC ${i}` }));
  const gobs: MonsterSpec = { name: 'goblin', hd: 1, attack: 3, attackIsBonus: true, defense: 12, damage: { kind: 'static', dv: 6 }, healthDie: 6, count: 4 };
  const run = (maxMemoNodes: number | undefined) => {
    const rng = seededRandom(7);
    const r = simulateEncounter(rng, pcs, [gobs], { fights: 80, ...(maxMemoNodes !== undefined ? { maxMemoNodes } : {}) });
    if (!r.ok) throw new Error(r.problem.message);
    return { report: r.report, state: rng.exportState() };
  };
  it('gives the same fights and draws the same dice with no tree, a tree that fills up at once, and one at and past the limit', () => {
    const unlimited = run(undefined);
    expect(unlimited.report.mode).toBe('dice');
    for (const limit of [0, 1, 40, MAX_MEMO_NODES, MAX_MEMO_NODES + 1]) expect(run(limit), `limit ${limit}`).toEqual(unlimited);
  });
});

describe('property: a Health Die never steps up without healing', () => {
  test.prop([fc.integer({ min: 0, max: 2 ** 31 })], { numRuns: 15 })('over whole fights, turn by turn', (seed) => {
    const rng = seededRandom(seed);
    const fighters = [
      ...party(seed % 997, 3).map((c, i) => fighterFromCharacter(c, { id: `pc-${i}` })),
      testPc({ id: 'healer', specials: { layOnHands: 'advanced' } }),
      ...monsterFighters({ ...goblins, count: 4 }),
    ];
    const started = startEncounter(fighters);
    if (!started.ok) throw new Error(started.problem.message);
    let enc: Encounter = started.encounter;
    for (let round = 0; round < 30 && !isFightOver(enc); round++) {
      for (const f of enc.fighters) {
        const me = enc.fighters.find((x) => x.id === f.id)!;
        if (me.healthDie === null || isFightOver(enc)) continue;
        const action = me.role === 'pc' ? pcTactics(enc, me) : monsterTactics(rng, enc, me);
        const r = takeTurn(rng, enc, me.id, action);
        if (!r.ok) continue;
        const healed = new Set(r.events.flatMap((e) => (e.kind === 'heal' ? [e.targetId] : [])));
        for (const after of r.encounter.fighters) {
          const before = enc.fighters.find((x) => x.id === after.id)!;
          if (healed.has(after.id)) continue;
          expect(after.healthDie ?? 0).toBeLessThanOrEqual(before.healthDie ?? 0);
          expect(after.armourDie ?? 0).toBeLessThanOrEqual(before.armourDie ?? 0);
        }
        enc = r.encounter;
      }
      enc = nextRound(enc);
    }
  });
});

describe('limits', () => {
  it('MAX_FIGHTERS at and past the limit', async () => {
    const { MAX_FIGHTERS } = await import('./problems.js');
    const many = (n: number) => Array.from({ length: n }, (_, i) => testPc({ id: `f${i}` }));
    expect(startEncounter(many(MAX_FIGHTERS)).ok).toBe(true);
    const past = startEncounter(many(MAX_FIGHTERS + 1));
    expect(!past.ok && past.problem.code).toBe('combat/too-many-fighters');
  });

  it('MAX_MONSTER_HD, MAX_MONSTER_VALUE and MAX_MONSTER_DAMAGE_DICE at and past the limit', async () => {
    const { MAX_MONSTER_HD, MAX_MONSTER_VALUE } = await import('./problems.js');
    const { MAX_MONSTER_DAMAGE_DICE } = await import('./monster-spec.js');
    const m = (hd: number, defense: number, damage: string) => parseMonsterSpec(`m:hd=${hd},attack=+1,defense=${defense},damage=${damage}`).ok;
    expect(m(MAX_MONSTER_HD, 10, '4')).toBe(true);
    expect(m(MAX_MONSTER_HD + 1, 10, '4')).toBe(false);
    expect(m(1, MAX_MONSTER_VALUE, String(MAX_MONSTER_VALUE))).toBe(true);
    expect(m(1, MAX_MONSTER_VALUE + 1, '4')).toBe(false);
    expect(m(1, 10, String(MAX_MONSTER_VALUE + 1))).toBe(false);
    expect(m(1, 10, `${MAX_MONSTER_DAMAGE_DICE}d6`)).toBe(true);
    expect(m(1, 10, `${MAX_MONSTER_DAMAGE_DICE + 1}d6`)).toBe(false);
  });

  it('MAX_ROUNDS caps a longer maxRounds', async () => {
    const { MAX_ROUNDS } = await import('./problems.js');
    const wall = testPc({ weapons: [], healthDie: 30, baseHealthDie: 30, armourDie: 30 });
    const r = simulateEncounter(seededRandom(1), [wall], [{ ...goblins, count: 1, defense: 100, damage: { kind: 'static', dv: 0 } }], { fights: 1, maxRounds: MAX_ROUNDS + 50 });
    expect(r.ok && r.report.rounds.max).toBe(MAX_ROUNDS);
  });
});

describe('the turn order (CB-18)', () => {
  const parsed = parseMonsterSpec('goblin:hd=1,attack=+3,defense=12,damage=d6,count=2');
  if (!parsed.ok) throw new Error('bad goblin line');
  const fighters = [testPc({ id: 'a', statScores: { STR: 14, DEX: 11, CON: 10, INT: 16, WIL: 12, CHA: 10, SOC: 10 } }), testPc({ id: 'b' }), ...monsterFighters(parsed.spec)];

  it('by default rolls initiative as the rules do, not party first', () => {
    expect(DEFAULT_TURN_ORDER).toBe('initiative');
  });

  it("the leaders are each side's first fighter, a monster at INT 10", () => {
    expect(contestLeaders(fighters)).toEqual([
      { id: 'a', side: 'party', intScore: 16 },
      { id: fighters[2]!.id, side: 'foes', intScore: 10 },
    ]);
  });

  it('the Initiative Contest decides the side that starts; ties are re-rolled', () => {
    // INT 16 is +2: 5 + 2 = 7 against 15: the foes start.
    expect(rollStartingSide(scriptedRandom([5, 15]), fighters)).toBe('foes');
    // 13 + 2 = 15 ties 15: re-rolled, then 10 + 2 beats 3.
    expect(rollStartingSide(scriptedRandom([13, 15, 10, 3]), fighters)).toBe('party');
  });

  it("the side holding the initiative passes it among its own first; the other side follows", () => {
    const ids = fighters.map((f) => f.id);
    expect(initiativeOrder(fighters, 'foes')).toEqual([ids[2], ids[3], 'a', 'b']);
    expect(initiativeOrder(fighters, 'party')).toEqual(['a', 'b', ids[2], ids[3]]);
  });

});
