import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom, type RandomSource } from '../../../dice/index.js';
import { enumeratePaths, enumeratedChances } from '../../../../test/enumerate.js';
import { rollCharacter } from '../create-character.js';
import { baseSpellDie, preparationLimit, sustainLimit, type Caster } from './caster.js';
import { casterFromCharacter } from './character-caster.js';
import {
  DEFAULT_MAGICK_SETTINGS,
  MAX_AFFLICTION_LENGTH,
  MAX_SPELLBOOK_SPELLS,
  MAX_SPELL_LEVEL,
  MAX_SPELL_NAME_LENGTH,
  castOdds,
  concentrationOdds,
  rollMagickCommand,
  sustainedOdds,
  spellIdOf,
  type MagickCommand,
  type MagickCommandResult,
} from './commands.js';
import { EMPTY_MAGICK_STATE, MagickReplayError, applyMagickEvent, currentSpellDie, describeMagickEvent, foldMagickEvents, isRemembered, type MagickEvent, type MagickState } from './magick-state.js';

const noRolls: RandomSource = {
  rollDie(): number {
    throw new Error('no roll expected');
  },
};

function mage(over: Partial<Caster> = {}): Caster {
  return {
    level: 1,
    grade: 'dedicated',
    spellStat: 'INT',
    spellStatScore: 12,
    sustainDivisor: 1,
    conScore: 12,
    hasManaBurn: true,
    canOvercast: true,
    profileId: 'true-mage-spellcasting',
    ...over,
  };
}

function ok(r: MagickCommandResult): { events: readonly MagickEvent[]; state: MagickState } {
  if (!r.ok) throw new Error(`${r.problem.code}: ${r.problem.message}`);
  return r;
}

function run(state: MagickState, command: MagickCommand, faces?: number[]): MagickState {
  const rng = faces ? scriptedRandom(faces) : noRolls;
  const r = ok(rollMagickCommand(rng, state, command));
  if (faces) expect((rng as ReturnType<typeof scriptedRandom>).remaining, 'every scripted face is used').toBe(0);
  return r.state;
}

function events(state: MagickState, command: MagickCommand, faces: number[]): readonly MagickEvent[] {
  const rng = scriptedRandom(faces);
  const r = ok(rollMagickCommand(rng, state, command));
  expect(rng.remaining, 'every scripted face is used').toBe(0);
  expect(foldMagickEvents(r.events, state)).toEqual(r.state);
  return r.events;
}

function refused(state: MagickState, command: MagickCommand): string {
  const r = rollMagickCommand(noRolls, state, command);
  if (r.ok) throw new Error('expected a refusal');
  expect(r.problem.message.length).toBeGreaterThan(10);
  return r.problem.code;
}

/** A caster who knows the spells (name -> level) and has prepared them all. */
function ready(c: Caster, spells: Record<string, number>): MagickState {
  let s = run(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: c });
  for (const [name, level] of Object.entries(spells)) s = run(s, { kind: 'learn', name, level });
  return run(s, { kind: 'prepare' });
}

// ---------------------------------------------------------------------------------------------------

describe('the caster (CLASSES (CORE) spellcasting blocks)', () => {
  it('rolls the Feat Die as Spell Die when Dedicated, the Weak column as a Dabbler', () => {
    expect(baseSpellDie({ level: 1, grade: 'dedicated' })).toBe(3);
    expect(baseSpellDie({ level: 10, grade: 'dedicated' })).toBe(10);
    expect(baseSpellDie({ level: 2, grade: 'dabbler' })).toBe(3);
    expect(baseSpellDie({ level: 10, grade: 'dabbler' })).toBe(7);
  });

  it('sustains class level (Dedicated), level/2 (Spellblade), level/3 (Devout basic, Eldritch Dabbler), rounded up (CL-7)', () => {
    expect([1, 5, 10].map((level) => sustainLimit({ level, sustainDivisor: 1 }))).toEqual([1, 5, 10]);
    expect([1, 3, 10].map((level) => sustainLimit({ level, sustainDivisor: 2 }))).toEqual([1, 2, 5]);
    expect([1, 3, 4, 10].map((level) => sustainLimit({ level, sustainDivisor: 3 }))).toEqual([1, 1, 2, 4]);
  });

  it('is built from a character document: a True Mage has Mana-burn and Over-Casting, a Devout neither', () => {
    const tm = rollCharacter(seededRandom(7), { method: 'semi', choices: { class: 'true-mage', classPrime: 'INT' } });
    if (!tm.ok) throw new Error(tm.error.message);
    const c = casterFromCharacter(tm.character)!;
    expect(c).toMatchObject({ level: 1, grade: 'dedicated', spellStat: 'INT', sustainDivisor: 1, hasManaBurn: true, canOvercast: true });
    expect(c.spellStatScore).toBe(tm.character.stats.INT.score);
    const dv = rollCharacter(seededRandom(8), {
      method: 'semi',
      choices: { class: 'devout', classPrime: 'WIL', devoutPowers: [{ id: 'spellcasting', version: 'basic' }, { id: 'revenant', version: 'basic' }, { id: 'lay-on-hands', version: 'basic' }] },
    });
    if (!dv.ok) throw new Error(dv.error.message);
    expect(casterFromCharacter(dv.character)).toMatchObject({ grade: 'dabbler', sustainDivisor: 3, hasManaBurn: false, canOvercast: false });
    const fighter = rollCharacter(seededRandom(9), { method: 'semi', choices: { class: 'combatant', classPrime: 'STR', shtick: 'tank' } });
    if (!fighter.ok) throw new Error(fighter.error.message);
    expect(casterFromCharacter(fighter.character)).toBeNull();
  });

  it('refuses a caster past the tables', () => {
    expect(refused(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: mage({ level: 11 }) })).toBe('magick/bad-caster');
    expect(refused(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: mage({ spellStatScore: 21 }) })).toBe('magick/bad-caster');
    expect(refused(EMPTY_MAGICK_STATE, { kind: 'learn', name: 'Sleep', level: 1 })).toBe('magick/no-caster');
  });
});

describe('learning and preparing (Preparing Spells)', () => {
  it('names spells by the player, with a level; ids are kebab-case', () => {
    expect(spellIdOf("Bigby's Crushing Hand!")).toBe('bigby-s-crushing-hand');
    const s = ready(mage(), { 'Magic Missile': 1 });
    expect(s.spellbook).toEqual([{ id: 'magic-missile', name: 'Magic Missile', level: 1 }]);
    expect(refused(s, { kind: 'learn', name: 'magic missile', level: 2 })).toBe('magick/spell-known');
    expect(refused(s, { kind: 'learn', name: '!!!', level: 2 })).toBe('magick/bad-spell-id');
  });

  it('limits: spell level 1-20, name length, spellbook size, at the limit and one past', () => {
    const s = run(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: mage() });
    run(s, { kind: 'learn', name: 'Top', level: MAX_SPELL_LEVEL });
    expect(refused(s, { kind: 'learn', name: 'Past', level: MAX_SPELL_LEVEL + 1 })).toBe('magick/spell-level');
    expect(refused(s, { kind: 'learn', name: 'Zero', level: 0 })).toBe('magick/spell-level');
    run(s, { kind: 'learn', name: 'a'.repeat(MAX_SPELL_NAME_LENGTH), level: 1 });
    expect(refused(s, { kind: 'learn', name: 'a'.repeat(MAX_SPELL_NAME_LENGTH + 1), level: 1 })).toBe('magick/bad-spell-name');
    let full = s;
    for (let i = 0; i < MAX_SPELLBOOK_SPELLS; i++) full = run(full, { kind: 'learn', name: `spell ${i}`, level: 1 });
    expect(full.spellbook).toHaveLength(MAX_SPELLBOOK_SPELLS);
    expect(refused(full, { kind: 'learn', name: 'one more', level: 1 })).toBe('magick/spellbook-full');
  });

  it('prepares as many spells as the Spellcasting Stat score, no more (at the limit and one past)', () => {
    let s = run(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: mage({ spellStatScore: 3 }) });
    expect(preparationLimit(s.caster!)).toBe(3);
    for (const name of ['a', 'b', 'c', 'd']) s = run(s, { kind: 'learn', name, level: 1 });
    expect(run(s, { kind: 'prepare', spellIds: ['a', 'b', 'c'] }).prepared).toHaveLength(3);
    expect(refused(s, { kind: 'prepare', spellIds: ['a', 'b', 'c', 'd'] })).toBe('magick/too-many-prepared');
    expect(refused(s, { kind: 'prepare' })).toBe('magick/choose-spells');
    expect(refused(s, { kind: 'prepare', spellIds: ['a', 'a'] })).toBe('magick/duplicate');
    expect(refused(s, { kind: 'prepare', spellIds: ['zz'] })).toBe('magick/unknown-spell');
  });

  it('at low levels every known spell is prepared; preparing again remembers what was forgotten', () => {
    let s = ready(mage(), { Sleep: 1, Light: 1 });
    s = run(s, { kind: 'cast', spellId: 'sleep' }, [1]);
    expect(isRemembered(s, 'sleep')).toBe(false);
    expect(refused(s, { kind: 'cast', spellId: 'sleep' })).toBe('magick/forgotten');
    expect(isRemembered(run(s, { kind: 'prepare' }), 'sleep')).toBe(true);
    expect(isRemembered(run(s, { kind: 'remember', spellIds: ['sleep'] }), 'sleep')).toBe(true);
    expect(refused(s, { kind: 'remember', spellIds: ['light'] })).toBe('magick/not-forgotten');
  });
});

describe('casting and forgetting (Casting Spells)', () => {
  it('a level-1 True Mage (d3): a 2 beats level 1 and the spell is kept; a 1 forgets it', () => {
    const s = ready(mage(), { Sleep: 1, Light: 1 });
    const kept = events(s, { kind: 'cast', spellId: 'sleep' }, [2]);
    expect(kept.find((e) => e.kind === 'forget-checked')).toMatchObject({ die: 3, level: 1, face: 2, kept: true, extraDraws: 0 });
    expect(kept.some((e) => e.kind === 'spell-forgotten')).toBe(false);
    const lost = events(s, { kind: 'cast', spellId: 'sleep' }, [1]);
    expect(lost.filter((e) => e.kind === 'spell-forgotten')).toMatchObject([{ spellId: 'sleep', cause: 'forget-check', draw: null }]);
  });

  it('a roll equal to the level forgets (it must beat the level)', () => {
    const s = ready(mage({ level: 2 }), { Web: 2 });
    expect(events(s, { kind: 'cast', spellId: 'web' }, [2]).some((e) => e.kind === 'spell-forgotten')).toBe(true);
    expect(events(s, { kind: 'cast', spellId: 'web' }, [3]).some((e) => e.kind === 'spell-forgotten')).toBe(false);
  });

  it('a level the die cannot beat is forgotten unrolled, plus one random spell per point of difference', () => {
    const s = ready(mage(), { Fireball: 5, Sleep: 1, Light: 1, Shield: 1 });
    // d3 against level 5: automatic, 2 more drawn from [sleep, light, shield] then [.., ..].
    const log = events(s, { kind: 'cast', spellId: 'fireball' }, [2, 1]);
    expect(log.find((e) => e.kind === 'forget-checked')).toMatchObject({ face: null, kept: false, extraDraws: 2 });
    expect(log.filter((e) => e.kind === 'spell-forgotten').map((e) => (e.kind === 'spell-forgotten' ? [e.spellId, e.draw] : null))).toEqual([
      ['fireball', null],
      ['light', { face: 2, of: 3 }],
      ['sleep', { face: 1, of: 2 }],
    ]);
  });

  it('runs out of spells to forget with no further effect', () => {
    const s = ready(mage(), { Wish: 9, Light: 1 });
    const log = events(s, { kind: 'cast', spellId: 'wish' }, [1]);
    expect(log.filter((e) => e.kind === 'spell-forgotten')).toHaveLength(2);
  });

  it('an unprepared spell cannot be cast', () => {
    let s = run(EMPTY_MAGICK_STATE, { kind: 'set-caster', caster: mage() });
    s = run(s, { kind: 'learn', name: 'Sleep', level: 1 });
    expect(refused(s, { kind: 'cast', spellId: 'sleep' })).toBe('magick/not-prepared');
  });

  it('gives the exact odds before casting, and refuses the odds of a cast it would refuse', () => {
    const s = ready(mage({ level: 2 }), { Web: 2, Sleep: 1 });
    const r = castOdds(s, { kind: 'cast', spellId: 'web' });
    expect(r.ok && r.odds.kept).toBe(0.5);
    const o = castOdds(s, { kind: 'cast', spellId: 'web', overcast: 1 });
    expect(o.ok && o.odds.kept).toBe(0.25);
    expect(castOdds(s, { kind: 'cast', spellId: 'nope' })).toMatchObject({ ok: false, problem: { code: 'magick/unknown-spell' } });
    const full = run(s, { kind: 'cast', spellId: 'sleep', effect: 'sustained' });
    const fullAgain = run(full, { kind: 'cast', spellId: 'web', effect: 'sustained' });
    expect(castOdds(fullAgain, { kind: 'cast', spellId: 'web', effect: 'sustained' })).toMatchObject({ ok: false, problem: { code: 'magick/sustain-limit' } });
  });
});

describe('sustaining (Sustaining Spells)', () => {
  it('no forget check until release; the limit is class level (at the limit and one past)', () => {
    let s = ready(mage({ level: 2 }), { Shield: 1, Light: 1, Web: 2 });
    expect(sustainLimit(s.caster!)).toBe(2);
    const cast = events(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' }, []);
    expect(cast.map((e) => e.kind)).toEqual(['spell-cast']);
    s = run(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' });
    s = run(s, { kind: 'cast', spellId: 'light', effect: 'sustained' });
    expect(s.sustained).toHaveLength(2);
    expect(refused(s, { kind: 'cast', spellId: 'web', effect: 'sustained' })).toBe('magick/sustain-limit');
    // Releasing one makes room.
    s = run(s, { kind: 'release', effectIds: [1] }, [4]);
    expect(run(s, { kind: 'cast', spellId: 'web', effect: 'sustained' }).sustained).toHaveLength(2);
  });

  it('the same spell cannot be sustained twice at once', () => {
    const s = run(ready(mage({ level: 3 }), { Shield: 1 }), { kind: 'cast', spellId: 'shield', effect: 'sustained' });
    expect(refused(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' })).toBe('magick/already-sustained');
  });

  it('a broken concentration Test (stat minus spells sustained) releases all, checked highest level first', () => {
    let s = ready(mage({ level: 5, spellStatScore: 12 }), { Shield: 1, Web: 2, Haste: 3, Light: 1 });
    for (const spellId of ['shield', 'web', 'haste']) s = run(s, { kind: 'cast', spellId, effect: 'sustained' });
    // d20 = 10 against 12 - 3 = 9: failed. Then d6 checks: haste (3) 4 kept, web (2) 1 forgotten, shield (1) 2 kept.
    const log = events(s, { kind: 'concentration', damaged: false }, [10, 4, 1, 2]);
    expect(log[0]).toMatchObject({ kind: 'concentration-tested', target: 12, penalty: 3, total: 10, success: false });
    expect(log.filter((e) => e.kind === 'forget-checked').map((e) => (e.kind === 'forget-checked' ? [e.spellId, e.face, e.kept] : null))).toEqual([
      ['haste', 4, true],
      ['web', 1, false],
      ['shield', 2, true],
    ]);
    const after = foldMagickEvents(log, s);
    expect(after.sustained).toEqual([]);
    expect(isRemembered(after, 'web')).toBe(false);
  });

  it('after damage the Test is against the half-stat; a success keeps every spell', () => {
    let s = ready(mage({ level: 2, spellStatScore: 13 }), { Shield: 1 });
    s = run(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' });
    const log = events(s, { kind: 'concentration', damaged: true }, [6]);
    expect(log).toEqual([expect.objectContaining({ kind: 'concentration-tested', target: 7, halfStat: true, penalty: 1, success: true })]);
    expect(events(s, { kind: 'concentration', damaged: true }, [7, 3])[0]).toMatchObject({ success: false });
  });

  it('exact odds of holding concentration equal brute force over the command', () => {
    let s = ready(mage({ level: 5, spellStatScore: 12 }), { Shield: 1, Web: 2, Haste: 3 });
    for (const spellId of ['shield', 'web', 'haste']) s = run(s, { kind: 'cast', spellId, effect: 'sustained' });
    for (const damaged of [false, true]) {
      const r = concentrationOdds(s, { damaged });
      if (!r.ok) throw new Error(r.problem.code);
      expect(r.odds.success).toBeCloseTo(damaged ? 3 / 20 : 9 / 20, 15);
      const brute = enumeratedChances(
        enumeratePaths((rng) => {
          const e = ok(rollMagickCommand(rng, s, { kind: 'concentration', damaged })).events[0]!;
          return e.kind === 'concentration-tested' && e.success;
        }),
      );
      expect(brute.get(true) ?? 0).toBeCloseTo(r.odds.success!, 12);
    }
    expect(concentrationOdds(ready(mage(), { Shield: 1 }), { damaged: false })).toMatchObject({ ok: false, problem: { code: 'magick/nothing-sustained' } });
  });

  it('exact odds of a sustained spell\'s check on release equal brute force over the release', () => {
    let s = ready(mage({ level: 4 }), { Shield: 4, Web: 2, Light: 1, Haste: 7 }); // d5
    s = run(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' });
    s = run(s, { kind: 'cast', spellId: 'haste', effect: 'sustained' });
    for (const [effectId, spellId] of [[1, 'shield'], [2, 'haste']] as const) {
      for (const onForget of ['forget', 'mana-burn'] as const) {
        const r = sustainedOdds(s, effectId, onForget);
        if (!r.ok) throw new Error(r.problem.code);
        const brute = enumeratedChances(
          enumeratePaths((rng) => {
            const after = ok(rollMagickCommand(rng, s, { kind: 'release', effectIds: [effectId], onForget })).state;
            const extra = s.prepared.filter((p) => p.spellId !== spellId && isRemembered(s, p.spellId) && !isRemembered(after, p.spellId)).length;
            const kept = isRemembered(after, spellId) && !after.burnedOut;
            return `${kept}|${extra}|${after.burnedOut ? 'out' : after.burnSteps}`;
          }),
        );
        const exact = new Map<string, number>();
        for (const o of r.odds.outcomes) {
          const k = `${o.kept}|${o.extraForgotten}|${o.burnedOut ? 'out' : o.burnSteps}`;
          exact.set(k, (exact.get(k) ?? 0) + o.p);
        }
        expect([...exact.keys()].sort()).toEqual([...brute.keys()].sort());
        for (const [k, p] of brute) expect(exact.get(k), k).toBeCloseTo(p, 12);
      }
    }
    expect(sustainedOdds(s, 9)).toMatchObject({ ok: false, problem: { code: 'magick/not-sustained' } });
  });

  it('the penalty as steps is a table setting', () => {
    let s = ready(mage({ level: 2 }), { Shield: 1, Light: 1 });
    s = run(s, { kind: 'cast', spellId: 'shield', effect: 'sustained' });
    s = run(s, { kind: 'cast', spellId: 'light', effect: 'sustained' });
    const r = ok(rollMagickCommand(scriptedRandom([12]), s, { kind: 'concentration', damaged: false }, { ...DEFAULT_MAGICK_SETTINGS, concentrationPenalty: 'steps' }));
    expect(r.events[0]).toMatchObject({ dice: ['d30'], target: 12, penaltyAs: 'steps', success: true });
  });

  it('a lingering effect stays after release and can be cancelled while remembered', () => {
    let s = ready(mage({ level: 2 }), { Fog: 1 });
    s = run(s, { kind: 'cast', spellId: 'fog', effect: 'sustained', lingers: true });
    s = run(s, { kind: 'release' }, [3]);
    expect(s.effects).toEqual([{ effectId: 1, spellId: 'fog', cancellable: true, lingering: true }]);
    expect(run(s, { kind: 'cancel', effectId: 1 }).effects).toEqual([]);
  });
});

describe('replaying a log', () => {
  it('a corrupt log is a MagickReplayError, never a silent state', () => {
    const s = ready(mage(), { Sleep: 1 });
    expect(() => applyMagickEvent(s, { schemaVersion: 1, kind: 'sustain-released', effectId: 7, reason: 'voluntary' })).toThrow(MagickReplayError);
    expect(() => applyMagickEvent(s, { schemaVersion: 2 as 1, kind: 'town-rested', conRestored: true })).toThrow(MagickReplayError);
    expect(() => applyMagickEvent(EMPTY_MAGICK_STATE, { schemaVersion: 1, kind: 'night-rest-rolled', die: 3, face: 3, restored: true })).toThrow(MagickReplayError);
  });

  it('state and events are plain JSON', () => {
    const s = run(ready(mage({ level: 3 }), { Sleep: 1, Web: 2 }), { kind: 'cast', spellId: 'web', effect: 'sustained', lingers: true });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('describeMagickEvent', () => {
  it('reads one line per event', () => {
    expect(describeMagickEvent({ schemaVersion: 1, kind: 'forget-checked', spellId: 'sleep', effectId: 1, die: 3, level: 1, face: 2, kept: true, extraDraws: 0 })).toBe(
      'sleep: d3 rolled 2 against level 1: kept',
    );
    expect(describeMagickEvent({ schemaVersion: 1, kind: 'spell-forgotten', spellId: 'light', cause: 'extra', draw: { face: 2, of: 3 } })).toBe('forgot light (drawn: d3 = 2)');
  });
});

describe('cancelling (Canceling Spells)', () => {
  it('only while the spell is remembered, never a spell that forbids it', () => {
    const base = ready(mage(), { Wall: 1, Curse: 1 });
    const keptState = run(base, { kind: 'cast', spellId: 'wall', effect: 'lasting' }, [3]);
    expect(run(keptState, { kind: 'cancel', effectId: 1 }).effects).toEqual([]);
    const lostState = run(base, { kind: 'cast', spellId: 'wall', effect: 'lasting' }, [1]);
    expect(refused(lostState, { kind: 'cancel', effectId: 1 })).toBe('magick/cancel-forgotten');
    // After a rest and preparation the caster can cancel it again.
    expect(run(run(lostState, { kind: 'prepare' }), { kind: 'cancel', effectId: 1 }).effects).toEqual([]);
    const fixed = run(base, { kind: 'cast', spellId: 'curse', effect: 'lasting', cancellable: false }, [3]);
    expect(refused(fixed, { kind: 'cancel', effectId: 1 })).toBe('magick/not-cancellable');
    expect(run(fixed, { kind: 'end-effect', effectId: 1 }).effects).toEqual([]);
    const sustained = run(base, { kind: 'cast', spellId: 'wall', effect: 'sustained' });
    expect(refused(sustained, { kind: 'cancel', effectId: 1 })).toBe('magick/release-instead');
  });
});

describe('Mana-burn (Special)', () => {
  it('a failed check re-rolled that beats the level keeps the spell with no burn', () => {
    const s = ready(mage({ level: 2 }), { Web: 2 });
    const log = events(s, { kind: 'cast', spellId: 'web', onForget: 'mana-burn' }, [2, 3]);
    expect(log.find((e) => e.kind === 'mana-burn-checked')).toMatchObject({ face: 3, burned: false });
    const after = foldMagickEvents(log, s);
    expect(isRemembered(after, 'web')).toBe(true);
    expect(currentSpellDie(after)).toBe(4);
  });

  it('failing twice burns one step (d4 to d3) and keeps the spell; burning on a d3 burns out', () => {
    let s = ready(mage({ level: 2 }), { Web: 2, Light: 1 });
    s = run(s, { kind: 'cast', spellId: 'web', onForget: 'mana-burn' }, [1, 2]);
    expect(currentSpellDie(s)).toBe(3);
    expect(isRemembered(s, 'web')).toBe(true);
    s = run(s, { kind: 'cast', spellId: 'light', onForget: 'mana-burn' }, [1, 1]);
    expect(s).toMatchObject({ burnedOut: true, afflictionsDue: 1 });
    expect(currentSpellDie(s)).toBeNull();
    expect(refused(s, { kind: 'cast', spellId: 'web' })).toBe('magick/burned-out');
    expect(refused(s, { kind: 'prepare' })).toBe('magick/burned-out');
    s = run(s, { kind: 'record-affliction', text: 'Eyes weep quicksilver' });
    expect(s).toMatchObject({ afflictionsDue: 0, afflictions: ['Eyes weep quicksilver'] });
    expect(refused(s, { kind: 'record-affliction', text: 'again' })).toBe('magick/no-affliction-due');
  });

  it('an automatic failure takes one step, then checks each extra spell in turn', () => {
    const s = ready(mage({ level: 5 }), { Meteor: 8, Sleep: 1, Web: 2 }); // d6; 8 - 6 = 2 extra
    // Auto burn d6 -> d5; draw 2 of [sleep, web] = web, d5 4 beats 2; draw 1 of [sleep], d5 1 fails: burn to d4.
    const log = events(s, { kind: 'cast', spellId: 'meteor', onForget: 'mana-burn' }, [2, 4, 1, 1]);
    expect(log.filter((e) => e.kind === 'mana-burn-checked').map((e) => (e.kind === 'mana-burn-checked' ? [e.spellId, e.die, e.face, e.burned] : null))).toEqual([
      ['meteor', 6, null, true],
      ['web', 5, 4, false],
      ['sleep', 5, 1, true],
    ]);
    const after = foldMagickEvents(log, s);
    expect(currentSpellDie(after)).toBe(4);
    expect(after.prepared.every((p) => p.remembered)).toBe(true);
  });

  it('only a caster with the special may risk it', () => {
    const s = ready(mage({ hasManaBurn: false }), { Sleep: 1 });
    expect(refused(s, { kind: 'cast', spellId: 'sleep', onForget: 'mana-burn' })).toBe('magick/no-mana-burn');
  });

  it('a night of sleep rolls the Spell Die (d3 when burned out): its maximum restores a step', () => {
    let s = ready(mage({ level: 3 }), { Web: 2, Light: 1 }); // d4
    expect(refused(s, { kind: 'night-rest' })).toBe('magick/nothing-to-recover');
    s = run(s, { kind: 'cast', spellId: 'web', onForget: 'mana-burn' }, [1, 2]); // d3
    expect(run(s, { kind: 'night-rest' }, [2]).burnSteps).toBe(1);
    expect(currentSpellDie(run(s, { kind: 'night-rest' }, [3]))).toBe(4);
    s = run(s, { kind: 'cast', spellId: 'light', onForget: 'mana-burn' }, [1, 1]);
    expect(s.burnedOut).toBe(true);
    const back = run(s, { kind: 'night-rest' }, [3]);
    expect(back.burnedOut).toBe(false);
    expect(currentSpellDie(back)).toBe(3);
  });

  it('a town rest restores every lost step', () => {
    let s = ready(mage({ level: 3 }), { Web: 2, Light: 1 });
    s = run(s, { kind: 'cast', spellId: 'web', onForget: 'mana-burn' }, [1, 2]);
    s = run(s, { kind: 'cast', spellId: 'light', onForget: 'mana-burn' }, [1, 1]);
    const t = run(s, { kind: 'town-rest' });
    expect(t).toMatchObject({ burnedOut: false, burnSteps: 0 });
    expect(currentSpellDie(t)).toBe(4);
  });
});

describe('over-casting (True Mage)', () => {
  it('burns CON: each point raises the level checked against by one', () => {
    const s = ready(mage({ level: 2, conScore: 12 }), { Web: 2 });
    const log = events(s, { kind: 'cast', spellId: 'web', overcast: 1 }, [4]);
    expect(log[0]).toMatchObject({ kind: 'con-burned', points: 1 });
    expect(log[1]).toMatchObject({ kind: 'spell-cast', level: 2, effectiveLevel: 3 });
    expect(log[2]).toMatchObject({ kind: 'forget-checked', level: 3, face: 4, kept: true });
    expect(foldMagickEvents(log, s).burntCon).toBe(1);
  });

  it('CON may burn down to 1 and no further (at the limit and one past); a town rest restores it', () => {
    const s = ready(mage({ level: 10, conScore: 12 }), { Web: 2 });
    const burnt = run(s, { kind: 'cast', spellId: 'web', overcast: 11 }, []);
    expect(burnt.burntCon).toBe(11);
    expect(refused(s, { kind: 'cast', spellId: 'web', overcast: 12 })).toBe('magick/not-enough-con');
    expect(run(burnt, { kind: 'town-rest' }).burntCon).toBe(0);
    expect(run(burnt, { kind: 'restore-con', points: 4 }).burntCon).toBe(7);
  });

  it('only with the special; a table may cap the points', () => {
    expect(refused(ready(mage({ canOvercast: false }), { Web: 2 }), { kind: 'cast', spellId: 'web', overcast: 1 })).toBe('magick/cannot-overcast');
    const s = ready(mage({ level: 10 }), { Web: 2 });
    const r = rollMagickCommand(noRolls, s, { kind: 'cast', spellId: 'web', overcast: 3 }, { ...DEFAULT_MAGICK_SETTINGS, maxOvercastPoints: 2 });
    expect(r).toMatchObject({ ok: false, problem: { code: 'magick/overcast-limit' } });
  });
});

describe('the Smith\'s manual steps on the Spell Die', () => {
  it('an armour penalty of one step rolls d3 for a d4 caster; past d30 is refused', () => {
    const s = ready(mage({ level: 2 }), { Web: 2 });
    const log = events(s, { kind: 'cast', spellId: 'web', spellDieSteps: [{ amount: -1, origin: { kind: 'smith', label: 'armour' } }] }, [2]);
    expect(log.find((e) => e.kind === 'forget-checked')).toMatchObject({ die: 3, face: 2, kept: false });
    expect(refused(s, { kind: 'cast', spellId: 'web', spellDieSteps: [{ amount: 20, origin: { kind: 'smith', label: 'x' } }] })).toBe('magick/spell-die-too-large');
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random command sequences

const SPELLS: Record<string, number> = { a: 1, b: 2, c: 3, d: 5, e: 8 };
const commandArb: fc.Arbitrary<MagickCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('cast' as const),
    spellId: fc.constantFrom(...Object.keys(SPELLS)),
    effect: fc.constantFrom('instant' as const, 'lasting' as const, 'sustained' as const),
    lingers: fc.boolean(),
    overcast: fc.integer({ min: 0, max: 2 }),
    onForget: fc.constantFrom('forget' as const, 'mana-burn' as const),
  }),
  fc.record({ kind: fc.constant('release' as const), onForget: fc.constantFrom('forget' as const, 'mana-burn' as const) }),
  fc.record({ kind: fc.constant('concentration' as const), damaged: fc.boolean() }),
  fc.constant<MagickCommand>({ kind: 'prepare' }),
  fc.constant<MagickCommand>({ kind: 'night-rest' }),
  fc.constant<MagickCommand>({ kind: 'town-rest' }),
  fc.record({ kind: fc.constant('cancel' as const), effectId: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('end-effect' as const), effectId: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('record-affliction' as const), text: fc.constant('a twitch') }),
);

describe('properties (fast-check)', () => {
  const casterArb = fc.record({
    level: fc.integer({ min: 1, max: 10 }),
    grade: fc.constantFrom('dedicated' as const, 'dabbler' as const),
    sustainDivisor: fc.constantFrom(1 as const, 2 as const, 3 as const),
    spellStatScore: fc.integer({ min: 5, max: 18 }),
  });

  it('the fold of the events reproduces the state; the sustain limit is never exceeded; no beaten roll forgets', () => {
    const seen = { rolledForget: 0, forgotten: 0, manaBurn: 0 };
    fc.assert(
      fc.property(casterArb, fc.array(commandArb, { maxLength: 30 }), fc.integer({ min: 0, max: 2 ** 31 }), (c, commands, seed) => {
        const caster = mage(c);
        const start = ready(caster, SPELLS);
        const rng = seededRandom(seed);
        let state = start;
        const log: MagickEvent[] = [];
        for (const command of commands) {
          const r = rollMagickCommand(rng, state, command);
          if (!r.ok) {
            expect(r.problem.code).toMatch(/^magick\//);
            continue;
          }
          // No spell is forgotten by a roll that beats its level.
          let lastCheck: Extract<MagickEvent, { kind: 'forget-checked' }> | null = null;
          for (const e of r.events) {
            if (e.kind === 'forget-checked') {
              lastCheck = e;
              if (e.face !== null) {
                seen.rolledForget += 1;
                expect(e.kept).toBe(e.face > e.level);
              } else expect(e.level).toBeGreaterThanOrEqual(e.die);
            }
            if (e.kind === 'spell-forgotten') {
              seen.forgotten += 1;
              expect(lastCheck).not.toBeNull();
              expect(lastCheck!.kept).toBe(false);
            }
            if (e.kind === 'mana-burn-checked') {
              seen.manaBurn += 1;
              expect(e.burned).toBe(e.face === null ? true : e.face <= e.level);
            }
          }
          state = r.state;
          log.push(...r.events);
          expect(state.sustained.length).toBeLessThanOrEqual(sustainLimit(caster));
          expect(new Set(state.sustained.map((s) => s.spellId)).size).toBe(state.sustained.length);
        }
        expect(foldMagickEvents(log, start)).toEqual(state);
        for (const e of log) expect(describeMagickEvent(e).length).toBeGreaterThan(0);
        expect(JSON.parse(JSON.stringify(log))).toEqual(log);
      }),
      { numRuns: 300 },
    );
    // The runs reached every kind of event checked above.
    expect(seen.rolledForget).toBeGreaterThan(0);
    expect(seen.forgotten).toBeGreaterThan(0);
    expect(seen.manaBurn).toBeGreaterThan(0);
  });

  it('the sustain limit holds at the limit and one past, for every level and divisor', () => {
    for (const sustainDivisor of [1, 2, 3] as const) {
      for (let level = 1; level <= 10; level++) {
        const caster = mage({ level, sustainDivisor });
        const limit = sustainLimit(caster);
        const names: Record<string, number> = {};
        for (let i = 0; i <= limit; i++) names[`s${i}`] = 1;
        let s = ready(caster, names);
        for (let i = 0; i < limit; i++) s = run(s, { kind: 'cast', spellId: `s${i}`, effect: 'sustained' });
        expect(s.sustained).toHaveLength(limit);
        expect(refused(s, { kind: 'cast', spellId: `s${limit}`, effect: 'sustained' })).toBe('magick/sustain-limit');
      }
    }
  });

  it('an affliction text has a length limit (at the limit and one past)', () => {
    let s = ready(mage(), { Light: 1 });
    s = run(s, { kind: 'cast', spellId: 'light', onForget: 'mana-burn' }, [1, 1]);
    expect(run(s, { kind: 'record-affliction', text: 'x'.repeat(MAX_AFFLICTION_LENGTH) }).afflictions).toHaveLength(1);
    expect(refused(s, { kind: 'record-affliction', text: 'x'.repeat(MAX_AFFLICTION_LENGTH + 1) })).toBe('magick/bad-affliction');
  });
});
