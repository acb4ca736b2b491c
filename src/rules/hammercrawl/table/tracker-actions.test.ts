/**
 * HAMMERCRAWL!'s combat actions in the tracker: Total Defense and Covering, Tactical Attacks with the
 * Save and the effects chosen after, the defender's Crit choice, thrown weapons, boss attacks, lost
 * actions, and damage that is not an attack through the soak flow; each with the odds the page shows.
 */
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../dice/random.js';
import { rollCombatAction, EMPTY_COMBAT, type CombatAction, type CombatState } from '../../../table/combat.js';
import { combatChangeForPlayers } from '../../../table/project.js';
import type { TableCharacter } from '../../rule-system.js';
import { attackOdds } from '../combat/attack.js';
import { rollCharacters } from '../create-character.js';
import { ruleSystem as hammercrawl } from '../rule-system.js';
import { readHammercrawlCommand } from './read-command.js';
import { LAID_THIS_TURN, LAY_ON_HANDS_CRIT_MIN, laidOnHandsText, rollTrackerAction, trackerDamage, trackerLayOnHands, trackerTactical, type TrackerCombatAction } from './tracker-actions.js';
import { rollTrackerAttack, trackerAttack, trackerFighter } from './tracker-attack.js';
import { tacticalSaveSpec } from '../combat/encounter.js';
import { DEFAULT_COMBAT_SETTINGS } from '../combat/build-attack.js';
import { saveOdds } from '../saves.js';
import { afterTurnMoved, CONDITION_WORDS, pendingTacticalText, statesOf } from './tracker-conditions.js';
import { MAX_TRACKER_DAMAGE_DICE, MAX_TRACKER_DV } from './tracker-actions.js';

function combat(state: CombatState, action: CombatAction): CombatState {
  const r = rollCombatAction(seededRandom(9), hammercrawl, state, action);
  if (!r.ok) throw new Error(`setting up: ${r.error.code}: ${r.error.message}`);
  return r.value.combat;
}

function act(state: CombatState, action: TrackerCombatAction, characters: readonly TableCharacter[] = [], seed = 1) {
  const r = rollTrackerAction(seededRandom(seed), state, characters, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function character(id: string, choices: Record<string, unknown>, seed = 21, method: 'semi' | 'palladium' = 'semi'): TableCharacter {
  const r = rollCharacters(seededRandom(seed), { method, seed, choices: choices as never }, 1);
  if (!r.ok) throw new Error(r.error.message);
  return { id, ownerId: `owner-${id}`, document: r.characters[0]! as unknown as TableCharacter['document'] };
}

const GOBLIN = 'hd=1,attack=+2,defense=11,damage=3';
const BRUTE = 'hd=3,attack=+4,defense=12,damage=d8';

/** Two foes c1 (goblin) and c2 (brute), party monster c3 (a hired hound). */
function fight(): CombatState {
  let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
  s = combat(s, { type: 'add', name: 'Brute', side: 'foes', monster: BRUTE });
  return combat(s, { type: 'add', name: 'Hound', side: 'party', monster: 'hd=2,attack=+3,defense=12,damage=d6' });
}

describe('Total Defense: "each time you are targeted by an attack before your next turn, their Attack becomes a Competition"', () => {
  it('marks the combatant, turns attacks on it into Competitions (odds too), and ends when it acts again', () => {
    const before = trackerAttack(fight(), [], 'c3', 'c1');
    expect(before.ok && before.value.attack.spec.mode).toBe('attack-roll');
    const td = act(fight(), { type: 'total-defense', combatantId: 'c1' });
    expect(td.combat.combatants[0]!.conditions).toEqual([CONDITION_WORDS.totalDefense]);
    expect(td.summary).toMatch(/Goblin takes Total Defense/);
    const built = trackerAttack(td.combat, [], 'c3', 'c1');
    expect(built.ok && built.value.attack.spec.mode).toBe('competition');
    // The odds before the click are the Competition's: lower than against the passive Defense.
    expect(built.ok && before.ok && attackOdds(built.value.attack.spec).hit).toBeLessThan(before.ok ? attackOdds(before.value.attack.spec).hit : 0);
    const rolled = rollTrackerAttack(seededRandom(3), td.combat, [], 'c3', 'c1');
    expect(rolled.ok && rolled.value.summary).toMatch(/^Goblin is in Total Defense: a Competition\./);
    expect(rolled.ok && rolled.value.lines[0]).toMatch(/^Total Defense: /);
    // The goblin attacking is its next action: its Total Defense is over.
    const after = rollTrackerAttack(seededRandom(3), td.combat, [], 'c1', 'c3');
    expect(after.ok && after.value.combat.combatants[0]!.conditions).toEqual([]);
  });

  it('"before your next turn": the stance ends as the holder\'s next turn begins, by the tracker\'s turn or the initiative', () => {
    // Order goblin c1, brute c2, hound c3; the goblin takes Total Defense on its turn.
    let s = combat(fight(), { type: 'start' });
    s = act(s, { type: 'total-defense', combatantId: 'c1' }).combat;
    const next = (state: CombatState) => {
      const r = rollCombatAction(seededRandom(9), hammercrawl, state, { type: 'next-turn' });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const brute = next(s);
    expect(brute.combat.combatants[0]!.conditions).toEqual([CONDITION_WORDS.totalDefense]);
    expect(brute.summary).toBe('Brute acts.');
    const hound = next(brute.combat);
    expect(statesOf(hound.combat.combatants[0]!.conditions).totalDefense).toBe(true);
    // Round 2 gives the goblin the turn again: its Total Defense is over, and the line says so.
    const round2 = next(hound.combat);
    expect(round2.combat.combatants[0]!.conditions).toEqual([]);
    expect(round2.summary).toBe("Round 2. Goblin's Total Defense ends: their turn.");
    // A Tank's Covering goes with it; other words stay.
    const covered = combat(s, { type: 'update', combatantId: 'c2', conditions: [CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering, 'Prone'] });
    expect(next(covered).combat.combatants[1]!.conditions).toEqual(['Prone']);
    // The initiative moving the turn does the same; a change that keeps the turn keeps the stance.
    const moved = afterTurnMoved(hound.combat, { ...hound.combat, round: 2, turn: 0 });
    expect(moved.combat.combatants[0]!.conditions).toEqual([]);
    expect(afterTurnMoved(s, s)).toEqual({ combat: s, note: null });
  });

  it('Covering is the Tank’s: a Tank covering steps in for an attacked ally and defends as a Feat', () => {
    const tank = character('tank', { class: 'combatant', shtick: 'tank' });
    const ally = character('ally', { class: 'combatant', shtick: 'two-handed' }, 22);
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    s = combat(s, { type: 'add', name: 'Tess', side: 'party', characterId: 'tank' });
    s = combat(s, { type: 'add', name: 'Ulf', side: 'party', characterId: 'ally' });
    const chars = [tank, ally];
    expect(rollTrackerAction(seededRandom(1), s, chars, { type: 'total-defense', combatantId: 'c3', covering: true })).toMatchObject({ ok: false, error: { code: 'combat/not-covering' } });
    const covering = act(s, { type: 'total-defense', combatantId: 'c2', covering: true }, chars).combat;
    expect(statesOf(covering.combatants[1]!.conditions)).toMatchObject({ totalDefense: true, covering: true });
    const built = trackerAttack(covering, chars, 'c1', 'c3');
    expect(built.ok && built.value.target.id).toBe('c2');
    expect(built.ok && built.value.attack.spec.mode).toBe('competition');
    expect(built.ok && built.value.attack.spec.defense.feat).toBeDefined();
    const rolled = rollTrackerAttack(seededRandom(5), covering, chars, 'c1', 'c3');
    expect(rolled.ok && rolled.value.targetId).toBe('c2');
    expect(rolled.ok && rolled.value.summary).toMatch(/^Tess covers Ulf \(Covering Defense, a Feat\)\./);
  });
});

describe('Tactical ATTACK!: the attack, the opponent’s Save, then the effect choices (two on a crit)', () => {
  it('gives the odds of one and two effects before the click', () => {
    const t = trackerTactical(fight(), [], 'c3', 'c2', 'STR');
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(t.value.connect).toBeGreaterThan(0);
    expect(t.value.oneEffect + t.value.twoEffects).toBeCloseTo(t.value.connect * (1 - t.value.save), 12);
    // No Tactical weapon: rolled without the WP (-1 step, CB-11), so a d16, which crits on its 16.
    expect(t.value.crit).toBeCloseTo(1 / 16, 12);
  });

  it('a hit and a failed Save leave the choice to the attacker; a crit two; then the effects land as conditions and the next attack uses them', () => {
    // Hound (attack +3, a d16 without a Tactical weapon) against the brute's Defense 12: 15 hits; the brute's Save (d20 against 13, the hound's value): 4 fails.
    const hit = rollTrackerAction(scriptedRandom([15, 4]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' });
    expect(hit.ok).toBe(true);
    if (!hit.ok) return;
    expect(hit.value.summary).toBe('Hound makes a Tactical Attack on Brute: success: Hound chooses an effect.');
    expect(hit.value.combat.combatants[1]!.conditions).toEqual([pendingTacticalText(1, 'c3')]);
    expect(hit.value.attack).toMatchObject({ attackerId: 'c3', targetId: 'c2', isHit: true, isCrit: false });
    // Two effects for one pending choice: refused.
    expect(rollTrackerAction(seededRandom(1), hit.value.combat, [], { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'exposed' }, { kind: 'hampered' }] })).toMatchObject({ ok: false, error: { code: 'combat/tactical-effects' } });
    const chosen = act(hit.value.combat, { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'exposed' }] });
    expect(chosen.combat.combatants[1]!.conditions).toEqual([CONDITION_WORDS.exposed]);
    expect(chosen.summary).toMatch(/the next Check anyone makes against them is \+1 step/);
    // The next attack on the brute takes +1 step (d20 -> d24), and uses the condition up.
    const next = trackerAttack(chosen.combat, [], 'c3', 'c2');
    expect(next.ok && next.value.attack.spec.attack.steps?.some((s) => s.origin.kind === 'rule' && s.origin.id === 'exposed')).toBe(true);
    const rolled = rollTrackerAttack(seededRandom(2), chosen.combat, [], 'c3', 'c2');
    expect(rolled.ok && rolled.value.combat.combatants[1]!.conditions).toEqual([]);
    // No choice left: refused.
    expect(rollTrackerAction(seededRandom(1), chosen.combat, [], { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'exposed' }] })).toMatchObject({ ok: false, error: { code: 'combat/no-tactical-effect' } });
  });

  it('a crit and a failed Save: two effects, the same one twice doubles it; a miss or a Save leaves nothing to choose', () => {
    const crit = rollTrackerAction(scriptedRandom([16, 4]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' });
    expect(crit.ok && crit.value.combat.combatants[1]!.conditions).toEqual([pendingTacticalText(2, 'c3')]);
    if (!crit.ok) return;
    const twice = act(crit.value.combat, { type: 'tactical-effect', targetId: 'c2', effects: [{ kind: 'hampered' }, { kind: 'hampered' }] });
    expect(twice.combat.combatants[1]!.conditions).toEqual(['Hampered', 'Hampered']);
    const miss = rollTrackerAction(scriptedRandom([2]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' });
    expect(miss.ok && miss.value.combat.combatants[1]!.conditions).toEqual([]);
    const saved = rollTrackerAction(scriptedRandom([15, 19]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' });
    expect(saved.ok && saved.value.summary).toMatch(/but Brute saves/);
    expect(saved.ok && saved.value.combat.combatants[1]!.conditions).toEqual([]);
  });

  it("the players' line about a Tactical Attack on a hidden foe says it connected and was saved against, not a miss", () => {
    const players = (r: ReturnType<typeof rollTrackerAction>) => {
      if (!r.ok || r.value.attack === undefined) throw new Error('no attack');
      return combatChangeForPlayers({ combat: r.value.combat, summary: r.value.summary, attack: r.value.attack });
    };
    const saved = players(rollTrackerAction(scriptedRandom([15, 19]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' }));
    expect(saved.summary).toBe('Hound attacks Brute: hit, but Brute saves.');
    expect(saved.attack).toMatchObject({ isHit: false, outcome: 'hit, but Brute saves', lines: [] });
    const miss = players(rollTrackerAction(scriptedRandom([2]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' }));
    expect(miss.summary).toBe('Hound attacks Brute: miss.');
    const crit = players(rollTrackerAction(scriptedRandom([16, 4]), fight(), [], { type: 'tactical-attack', attackerId: 'c3', targetId: 'c2', stat: 'STR' }));
    expect(crit.summary).toBe('Hound attacks Brute: crit, two effects to choose.');
  });

  it('"On the opponent’s next turn, they lose their standard action": its attacks are refused until it passes', () => {
    let s = fight();
    s = combat(s, { type: 'update', combatantId: 'c2', conditions: [CONDITION_WORDS.losesAction] });
    expect(trackerAttack(s, [], 'c2', 'c3')).toMatchObject({ ok: false, error: { code: 'combat/lost-action' } });
    expect(rollTrackerAction(seededRandom(1), s, [], { type: 'tactical-attack', attackerId: 'c2', targetId: 'c3', stat: 'STR' })).toMatchObject({ ok: false, error: { code: 'combat/lost-action' } });
    const passed = act(s, { type: 'pass', combatantId: 'c2' });
    expect(passed.summary).toBe('Brute passes (the action lost to a Tactical Attack).');
    expect(trackerAttack(passed.combat, [], 'c2', 'c3').ok).toBe(true);
  });
});

describe('Combat Crits: "they can choose to apply that damage step to their Armour die instead of their Health Die"', () => {
  it('goes to the Armour Die unless the defender chose the Health Die; the choice changes the odds', () => {
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Knight', side: 'foes', monster: 'hd=3,attack=+1,defense=11,damage=3,armour=d6' });
    s = combat(s, { type: 'add', name: 'Hound', side: 'party', monster: 'hd=2,attack=+3,defense=12,damage=d6' });
    const armour = trackerAttack(s, [], 'c2', 'c1');
    expect(armour.ok && armour.value.attack.spec.hit.critStepTo).toBeUndefined();
    const chose = act(s, { type: 'crit-step', combatantId: 'c1', to: 'health' });
    expect(chose.combat.combatants[0]!.conditions).toEqual([CONDITION_WORDS.critsToHealth]);
    const health = trackerAttack(chose.combat, [], 'c2', 'c1');
    expect(health.ok && health.value.attack.spec.hit.critStepTo).toBe('health');
    // A 20 crits: the free step takes the Health Die d8 -> d7; the DV 3... the d6 damage roll 1 then the armour soaks.
    const rolled = rollTrackerAttack(scriptedRandom([20, 1, 6]), chose.combat, [], 'c2', 'c1');
    expect(rolled.ok && rolled.value.combat.combatants[0]).toMatchObject({ health: 'd7', armour: 'd6' });
    const back = act(chose.combat, { type: 'crit-step', combatantId: 'c1', to: 'armour' });
    expect(back.combat.combatants[0]!.conditions).toEqual([]);
  });
});

describe('thrown weapons and boss attacks', () => {
  it('a thrown melee weapon is -1 step to attack and damage (WEAPONS, Melee); a weapon that cannot be thrown is refused', () => {
    const ch = character('ulf', { class: 'combatant', shtick: 'two-handed' }, 22);
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    s = combat(s, { type: 'add', name: 'Ulf', side: 'party', characterId: 'ulf' });
    const steps = (options: { weaponId: string; thrown?: boolean }) => {
      const b = trackerAttack(s, [ch], 'c2', 'c1', options);
      if (!b.ok) throw new Error(b.error.message);
      return { attack: b.value.attack.spec.attack.steps?.map((x) => (x.origin.kind === 'rule' ? x.origin.id : '')) ?? [], harm: b.value.attack.spec.harm.dice };
    };
    // Ulf carries a short sword (melee), a common dagger (melee, Throw-) and a sling.
    expect(steps({ weaponId: 'sword-short' }).attack).not.toContain('thrown-melee');
    const sword = steps({ weaponId: 'sword-short', thrown: true });
    expect(sword.attack).toContain('thrown-melee');
    expect(sword.harm).not.toEqual(steps({ weaponId: 'sword-short' }).harm);
    // A dagger is made to be thrown: no melee penalty.
    expect(steps({ weaponId: 'dagger-common', thrown: true }).attack).not.toContain('thrown-melee');
    expect(trackerAttack(s, [ch], 'c2', 'c1', { weaponId: 'sling', thrown: true })).toMatchObject({ ok: false, error: { code: 'combat/not-throwable' } });
  });

  it('a boss (`boss` in the monster line) rolls its attack against the passive Defense; a minion’s is the player’s Defense roll', () => {
    const ch = character('ulf', { class: 'combatant', shtick: 'two-handed' }, 22);
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Ulf', side: 'party', characterId: 'ulf' });
    s = combat(s, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    s = combat(s, { type: 'add', name: 'Warlord', side: 'foes', monster: `${BRUTE},boss` });
    const minion = trackerAttack(s, [ch], 'c2', 'c1');
    const boss = trackerAttack(s, [ch], 'c3', 'c1');
    expect(minion.ok && minion.value.attack.spec.mode).toBe('defense-roll');
    expect(boss.ok && boss.value.attack.spec.mode).toBe('attack-roll');
    expect(boss.ok && boss.value.attack.spec.harm.dice).toEqual(['d8']);
  });
});

describe('damage that is not an attack: a trap, a fall, a spell’s DV, through the soak flow', () => {
  it('gives every end state before the roll, rolls it, and writes the tracker', () => {
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Knight', side: 'foes', monster: 'hd=3,attack=+1,defense=11,damage=3,armour=d4' });
    const action = { type: 'damage', targetId: 'c1', source: 'Pit trap', dice: { count: 2, sides: 6 } } as const;
    const odds = trackerDamage(s, [], action);
    expect(odds.ok).toBe(true);
    if (!odds.ok) return;
    expect(odds.value.outcomes.reduce((x, o) => x + o.p, 0)).toBeCloseTo(1, 12);
    expect(odds.value.harm.dice).toEqual(['d6']);
    // 2d6 = 4 + 6 = DV 10: d4 armour overwhelmed (DV 6) to d3, d3 overwhelmed (DV 3) destroyed, DV 3 on the d8: soak 2 fails -> d7.
    const r = rollTrackerAction(scriptedRandom([4, 6, 2]), s, [], action);
    expect(r.ok && r.value.combat.combatants[0]).toMatchObject({ health: 'd7', armour: 'none' });
    expect(r.ok && r.value.summary).toBe('Knight: Pit trap, DV 10: Health d7.');
    // The change says whom the harm hit and how it was rolled (a sustaining caster's concentration reads it);
    // the players see whom and from what, not the hidden knight's rolls.
    expect(r.ok && r.value.harm).toMatchObject({ targetId: 'c1', source: 'Pit trap' });
    expect(r.ok && r.value.harm!.lines[0]).toMatch(/^Pit trap: .*DV 10$/);
    const seen = r.ok ? combatChangeForPlayers({ combat: r.value.combat, summary: r.value.summary, harm: r.value.harm! }) : null;
    expect(seen).toMatchObject({ summary: 'The Smith changed Knight.', harm: { targetId: 'c1', source: 'Pit trap', lines: [] } });
    s = r.ok ? r.value.combat : s;
    // Armour destroyed stays destroyed for the next damage and its odds.
    const next = trackerDamage(s, [], { type: 'damage', targetId: 'c1', source: 'Fall', dv: 2 });
    expect(next.ok && next.value.defender.armourDie).toBeNull();
  });

  it('is written on a character’s document, Penetrating and Crit as asked', () => {
    const ch = character('ulf', { class: 'combatant', shtick: 'two-handed' }, 22);
    const s = combat(EMPTY_COMBAT, { type: 'add', name: 'Ulf', side: 'party', characterId: 'ulf' });
    const r = rollTrackerAction(seededRandom(4), s, [ch], { type: 'damage', targetId: 'c1', source: 'Fireball', dv: 6, isPenetrating: true, isCrit: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.target).toBeDefined();
    const doc = r.value.target!.document as { healthDie: string | null };
    expect(`${r.value.combat.combatants[0]!.health}`).toBe(doc.healthDie ?? 'down');
    expect(r.value.target!.summary).toMatch(/^Fireball on Ulf: Health /);
  });

  it('reads its limits: a DV at and past the limit, dice at and past the most, one of dv and dice', () => {
    const msg = (action: unknown) => readHammercrawlCommand({ kind: 'combat', requestId: 'r1', action });
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap', dv: MAX_TRACKER_DV }).ok).toBe(true);
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap', dv: MAX_TRACKER_DV + 1 })).toMatchObject({ ok: false, error: { path: '$.action.dv' } });
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap', dice: { count: MAX_TRACKER_DAMAGE_DICE, sides: 6 } }).ok).toBe(true);
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap', dice: { count: MAX_TRACKER_DAMAGE_DICE + 1, sides: 6 } })).toMatchObject({ ok: false, error: { path: '$.action.dice.count' } });
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap' })).toMatchObject({ ok: false, error: { path: '$.action' } });
    expect(msg({ type: 'damage', targetId: 'c1', source: 'Trap', dv: 2, dice: { count: 1, sides: 6 } })).toMatchObject({ ok: false, error: { path: '$.action' } });
    expect(msg({ type: 'tactical-effect', targetId: 'c1', effects: [] })).toMatchObject({ ok: false });
    expect(msg({ type: 'tactical-effect', targetId: 'c1', effects: [{ kind: 'exposed' }, { kind: 'exposed' }, { kind: 'exposed' }] })).toMatchObject({ ok: false });
    expect(msg({ type: 'tactical-attack', attackerId: 'c1', targetId: 'c2', stat: 'LUCK' })).toMatchObject({ ok: false, error: { path: '$.action.stat' } });
  });

  it('on a combatant already down is refused (H-10)', () => {
    let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
    s = combat(s, { type: 'update', combatantId: 'c1', health: 'down' });
    expect(rollTrackerAction(seededRandom(1), s, [], { type: 'damage', targetId: 'c1', source: 'Trap', dv: 3 })).toMatchObject({ ok: false, error: { code: 'combat/fighter-down' } });
  });
});

describe('stock abilities in the tracker: "a one-step bonus on all STR-related" (CON-related) checks (ST-14)', () => {
  const labels = (list: readonly { readonly origin: object }[] | undefined) => (list ?? []).map((x) => ('label' in x.origin ? String(x.origin.label) : ''));
  const troll = character('troll', { stock: 'troll', class: 'combatant', shtick: 'two-handed' }, 21, 'palladium');
  const ogre = character('ogre', { stock: 'ogre', class: 'combatant', shtick: 'two-handed' }, 23, 'palladium');
  const human = character('human', { stock: 'human', class: 'combatant', shtick: 'two-handed' }, 21);
  const chars = [troll, ogre, human];
  let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
  s = combat(s, { type: 'add', name: 'Grak', side: 'party', characterId: 'troll' });
  s = combat(s, { type: 'add', name: 'Ugg', side: 'party', characterId: 'ogre' });
  s = combat(s, { type: 'add', name: 'Hal', side: 'party', characterId: 'human' });
  const fighter = (id: string) => {
    const f = trackerFighter(s.combatants.find((c) => c.id === id)!, chars);
    if (!f.ok) throw new Error(f.error.message);
    return f.value;
  };
  const strAttack = (id: string) => {
    const weapon = fighter(id).weapons.find((w) => w.attackStat === 'STR');
    if (weapon === undefined) throw new Error(`${id} has no STR weapon`);
    const r = trackerAttack(s, chars, id, 'c1', { weaponId: weapon.id });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.attack.spec;
  };

  it("a Troll's STR attack takes Monstrous Strength's step, and the odds show it; an Ogre's or a Human's does not", () => {
    expect(labels(strAttack('c2').attack.steps)).toContain('Monstrous Strength');
    expect(labels(strAttack('c3').attack.steps).filter((l) => /Monstrous/.test(l ?? ''))).toEqual([]);
    expect(labels(strAttack('c4').attack.steps).filter((l) => /Monstrous/.test(l ?? ''))).toEqual([]);
    // The same attack without the stock's step hits less often.
    const spec = strAttack('c2');
    const plain = { ...spec, attack: { ...spec.attack, steps: (spec.attack.steps ?? []).filter((x) => !('label' in x.origin) || x.origin.label !== 'Monstrous Strength') } };
    expect(attackOdds(spec).hit).toBeGreaterThan(attackOdds(plain).hit);
  });

  it("a Tactical Attack's Save: the Troll's STR Save and the Ogre's CON Save take the step, other stats not", () => {
    const goblin = fighter('c1');
    expect(labels(tacticalSaveSpec(goblin, fighter('c2'), 'STR', DEFAULT_COMBAT_SETTINGS).steps)).toEqual(['Monstrous Strength']);
    expect(labels(tacticalSaveSpec(goblin, fighter('c2'), 'CON', DEFAULT_COMBAT_SETTINGS).steps)).toEqual([]);
    expect(labels(tacticalSaveSpec(goblin, fighter('c3'), 'CON', DEFAULT_COMBAT_SETTINGS).steps)).toEqual(['Monstrous Endurance']);
    expect(labels(tacticalSaveSpec(goblin, fighter('c4'), 'STR', DEFAULT_COMBAT_SETTINGS).steps)).toEqual([]);
    // The tracker's odds of the Save are the stepped ones.
    const t = trackerTactical(s, chars, 'c1', 'c2', 'STR');
    const spec = tacticalSaveSpec(goblin, fighter('c2'), 'STR', DEFAULT_COMBAT_SETTINGS);
    expect(t.ok && t.value.save).toBeCloseTo(saveOdds(spec).saved, 12);
    expect(saveOdds(spec).saved).toBeGreaterThan(saveOdds({ ...spec, steps: [] }).saved);
  });
});

describe('Lay on Hands in the tracker: a WIL Test, one Health Die step back or three on a crit (CL-12, CB-16)', () => {
  const healer = character('sister', { class: 'devout', devoutPowers: [{ id: 'lay-on-hands', version: 'advanced' }, { id: 'revenant', version: 'basic' }] }, 31);
  const novice = character('novice', { class: 'devout', devoutPowers: [{ id: 'lay-on-hands', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'combat-hardened', version: 'basic' }] }, 32);
  const hurt = character('ulf', { class: 'combatant', shtick: 'two-handed' }, 22);
  const ulfBase = (hurt.document as unknown as { baseHealthDie: string }).baseHealthDie;
  const hurtDoc = { ...hurt, document: { ...hurt.document, healthDie: 'd4' } } as TableCharacter;
  const chars = [healer, novice, hurtDoc];
  const wil = (healer.document as unknown as { stats: { WIL: { score: number } } }).stats.WIL.score;
  let s = combat(EMPTY_COMBAT, { type: 'add', name: 'Sister', side: 'party', characterId: 'sister' });
  s = combat(s, { type: 'add', name: 'Novice', side: 'party', characterId: 'novice' });
  s = combat(s, { type: 'add', name: 'Ulf', side: 'party', characterId: 'ulf' });
  s = combat(s, { type: 'add', name: 'Goblin', side: 'foes', monster: GOBLIN });
  const fightOn = combat(s, { type: 'start' });

  it('shows the Test odds and the die after before the click: the WIL score, the half-stat for another faith, a crit at C16', () => {
    const b = trackerLayOnHands(fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' });
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    expect(b.value.test).toMatchObject({ kind: 'test', target: wil, critMin: LAY_ON_HANDS_CRIT_MIN });
    // d20 at or under WIL: P(success) = WIL/20 (capped), the crit a natural 1.
    expect(b.value.success + b.value.crit).toBeCloseTo(Math.min(wil, 20) / 20, 12);
    expect(b.value.crit).toBeCloseTo(1 / 20, 12);
    expect(b.value.onSuccess).toBe(5);
    const other = trackerLayOnHands(fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3', isOfFaith: false });
    expect(other.ok && other.value.test.target).toBe(Math.ceil(wil / 2));
  });

  it('heals the target in the tracker and on its document; refuses the healer, the basic power in a fight, and a second time the next round', () => {
    // A natural 2 succeeds (WIL is at least 3), no crit: d4 -> d5.
    const r = rollTrackerAction(scriptedRandom([2]), fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.combat.combatants[2]).toMatchObject({ health: 'd5', isDown: false });
    expect((r.value.target!.document as { healthDie: string }).healthDie).toBe('d5');
    expect(r.value.summary).toMatch(/^Sister lays hands on Ulf \(.*\): Health d4 -> d5\.$/);
    expect(r.value.combat.combatants[0]!.conditions).toEqual([laidOnHandsText(1)]);
    // A crit restores three steps along the chain (d4 d5 d6 d7), never past the base.
    const crit = rollTrackerAction(scriptedRandom([1]), fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' });
    expect(crit.ok && crit.value.combat.combatants[2]!.health).toBe(Number(ulfBase.slice(1)) >= 7 ? 'd7' : ulfBase);
    expect(rollTrackerAction(seededRandom(1), fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c1' })).toMatchObject({ ok: false, error: { code: 'combat/target-is-self' } });
    expect(rollTrackerAction(seededRandom(1), fightOn, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3' })).toMatchObject({ ok: false, error: { code: 'combat/not-a-special' } });
    expect(rollTrackerAction(seededRandom(1), fightOn, chars, { type: 'lay-on-hands', healerId: 'c3', targetId: 'c1' })).toMatchObject({ ok: false, error: { code: 'combat/not-a-special' } });
    // Once every other round: refused in round 2, allowed in round 3.
    const round2 = { ...r.value.combat, round: 2 };
    expect(rollTrackerAction(seededRandom(1), round2, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' })).toMatchObject({ ok: false, error: { code: 'combat/lay-on-hands-rest' } });
    expect(rollTrackerAction(seededRandom(1), { ...round2, round: 3 }, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' }).ok).toBe(true);
    // Out of a fight the basic power heals too.
    expect(rollTrackerAction(scriptedRandom([2]), s, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3' }).ok).toBe(true);
    // A failed Test heals nothing (a natural 20 fails any WIL below 20).
    const miss = rollTrackerAction(scriptedRandom([20]), fightOn, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' });
    if (wil < 20) expect(miss.ok && miss.value.target).toBeUndefined();
  });

  it('out of a fight, once a Turn: a second is refused by name until the healer passes, the Smith may allow it (CB-45)', () => {
    const first = rollTrackerAction(scriptedRandom([2]), s, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.combat.combatants[1]!.conditions).toEqual([LAID_THIS_TURN]);
    const again = rollTrackerAction(scriptedRandom([2]), first.value.combat, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3' });
    expect(again).toMatchObject({ ok: false, error: { code: 'combat/lay-on-hands-turn' } });
    if (!again.ok) expect(again.error.message).toContain('once a Turn');
    // The Smith's override heals and says so; the mark stays for the turn.
    const allowed = rollTrackerAction(scriptedRandom([2]), first.value.combat, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3', override: true });
    expect(allowed.ok && allowed.value.summary).toMatch(/The Smith allowed a second this turn\.$/);
    expect(allowed.ok && allowed.value.combat.combatants[1]!.conditions).toEqual([LAID_THIS_TURN]);
    // Passing the turn clears the mark: the next turn heals again.
    const passed = rollTrackerAction(seededRandom(1), first.value.combat, chars, { type: 'pass', combatantId: 'c2' });
    expect(passed.ok && passed.value.combat.combatants[1]!.conditions).toEqual([]);
    if (passed.ok) expect(rollTrackerAction(scriptedRandom([2]), passed.value.combat, chars, { type: 'lay-on-hands', healerId: 'c2', targetId: 'c3' }).ok).toBe(true);
    // Another healer is not held by it.
    expect(rollTrackerAction(scriptedRandom([2]), first.value.combat, chars, { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3' }).ok).toBe(true);
  });

  it('is read from the wire with its fields', () => {
    const ok1 = readHammercrawlCommand({ kind: 'combat', requestId: 'r1', action: { type: 'lay-on-hands', healerId: 'c1', targetId: 'c3', isOfFaith: false } });
    expect(ok1.ok).toBe(true);
    expect(readHammercrawlCommand({ kind: 'combat', requestId: 'r1', action: { type: 'lay-on-hands', healerId: 'c1' } }).ok).toBe(false);
  });
});
