import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../dice/index.js';
import { readCharacters } from '../character.js';
import { ruleSystem } from '../rule-system.js';
import type { Caster } from './caster.js';
import { rollMagickCommand, type MagickCommand } from './commands.js';
import { MAX_AFFLICTION_LENGTH, MAX_SPELLBOOK_SPELLS } from './limits.js';
import { MAX_AFFLICTIONS, MAX_EFFECT_ID, MAX_RUNNING_EFFECTS, magickDocumentProblems, readMagickDocument } from './magick-document.js';
import { EMPTY_MAGICK_STATE, type MagickState } from './magick-state.js';

const caster: Caster = {
  level: 3,
  grade: 'dedicated',
  spellStat: 'INT',
  spellStatScore: 14,
  sustainDivisor: 1,
  conScore: 12,
  hasManaBurn: true,
  canOvercast: true,
  profileId: 'true-mage-spellcasting',
};

/** The state after `commands` (each accepted), rolled with a seed. */
function after(commands: readonly MagickCommand[], seed = 1): MagickState {
  const rng = seededRandom(seed);
  let state = EMPTY_MAGICK_STATE;
  for (const c of commands) {
    const r = rollMagickCommand(rng, state, c);
    if (!r.ok) throw new Error(`${c.kind}: ${r.problem.message}`);
    state = r.state;
  }
  return state;
}

const caster3 = after([
  { kind: 'set-caster', caster },
  { kind: 'learn', name: 'Sleep', level: 1 },
  { kind: 'learn', name: 'Shield', level: 2 },
  { kind: 'prepare' },
  { kind: 'cast', spellId: 'shield', effect: 'sustained', lingers: true },
  { kind: 'cast', spellId: 'sleep', effect: 'lasting', overcast: 2 },
]);

const at = (value: unknown) => readMagickDocument(value, '$.magick');

describe("a document's magick (TC-4)", () => {
  it('reads the empty magick and the magick the commands fold to, unchanged', () => {
    expect(at(EMPTY_MAGICK_STATE)).toEqual({ ok: true, value: EMPTY_MAGICK_STATE });
    expect(caster3.sustained).toHaveLength(1);
    expect(caster3.burntCon).toBe(2);
    expect(at(JSON.parse(JSON.stringify(caster3)))).toEqual({ ok: true, value: caster3 });
  });

  it('property: every state a sequence of magick commands reaches reads as a document', () => {
    const command = fc.constantFrom<MagickCommand>(
      { kind: 'learn', name: 'Sleep', level: 1 },
      { kind: 'learn', name: 'Fireball', level: 3 },
      { kind: 'learn', name: 'Wish', level: 9 },
      { kind: 'prepare' },
      { kind: 'cast', spellId: 'sleep', effect: 'lasting' },
      { kind: 'cast', spellId: 'fireball', onForget: 'mana-burn', overcast: 1 },
      { kind: 'cast', spellId: 'wish', effect: 'sustained', onForget: 'mana-burn' },
      { kind: 'release', onForget: 'mana-burn' },
      { kind: 'concentration', damaged: true },
      { kind: 'night-rest' },
      { kind: 'town-rest' },
      { kind: 'record-affliction', text: 'Eyes glow' },
      { kind: 'end-effect', effectId: 1 },
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), fc.nat(1000), (commands, seed) => {
        const rng = seededRandom(seed);
        let state = after([{ kind: 'set-caster', caster }]);
        for (const c of commands) {
          const r = rollMagickCommand(rng, state, c);
          if (r.ok) state = r.state;
        }
        expect(at(JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, value: state });
      }),
      { numRuns: 200 },
    );
  });

  it('names the JSON path of a wrong shape or an unknown field', () => {
    expect(at({ ...caster3, burntCon: -1 })).toMatchObject({ ok: false, error: { path: '$.magick.burntCon' } });
    expect(at({ ...caster3, spellbook: [{ ...caster3.spellbook[0]!, level: 0 }] })).toMatchObject({ ok: false, error: { path: '$.magick.spellbook[0].level' } });
    expect(at({ ...caster3, caster: { ...caster, mood: 'grim' } })).toMatchObject({ ok: false, error: { path: '$.magick.caster.mood' } });
    expect(at({ ...caster3, extra: 1 })).toMatchObject({ ok: false, error: { path: '$.magick.extra' } });
    expect(at({ ...caster3, schemaVersion: 2 })).toMatchObject({ ok: false, error: { path: '$.magick.schemaVersion' } });
    expect(at('spells')).toMatchObject({ ok: false, error: { path: '$.magick' } });
  });

  it('refuses parts that do not agree: a spell prepared, sustained or running that is not known, an effect twice or not below the next id, spells without a caster', () => {
    expect(at({ ...caster3, prepared: [{ spellId: 'fly', remembered: true }] })).toMatchObject({ ok: false, error: { path: '$.magick.prepared[0].spellId' } });
    expect(at({ ...caster3, prepared: [caster3.prepared[0], caster3.prepared[0]] })).toMatchObject({ ok: false, error: { path: '$.magick.prepared[1].spellId' } });
    expect(at({ ...caster3, spellbook: [caster3.spellbook[0], caster3.spellbook[0]], prepared: [], sustained: [], effects: [] })).toMatchObject({ ok: false, error: { path: '$.magick.spellbook[1].id' } });
    expect(at({ ...caster3, sustained: [{ ...caster3.sustained[0]!, spellId: 'fly' }] })).toMatchObject({ ok: false, error: { path: '$.magick.sustained[0].spellId' } });
    expect(at({ ...caster3, effects: [{ ...caster3.effects[0]!, effectId: caster3.sustained[0]!.effectId }] })).toMatchObject({ ok: false, error: { path: '$.magick.effects[0].effectId' } });
    expect(at({ ...caster3, nextEffectId: 1 })).toMatchObject({ ok: false, error: { path: '$.magick.sustained[0].effectId' } });
    expect(at({ ...EMPTY_MAGICK_STATE, spellbook: caster3.spellbook })).toMatchObject({ ok: false, error: { path: '$.magick.spellbook' } });
  });

  it('limits: the most running effects, afflictions and spells accepted, one past refused; the largest effect id', () => {
    const effect = (i: number) => ({ effectId: i + 1, spellId: 'sleep', cancellable: true, lingering: false });
    const effects = (n: number) => ({ ...caster3, sustained: [], effects: Array.from({ length: n }, (_, i) => effect(i)), nextEffectId: n + 1 });
    expect(at(effects(MAX_RUNNING_EFFECTS)).ok).toBe(true);
    expect(at(effects(MAX_RUNNING_EFFECTS + 1))).toMatchObject({ ok: false, error: { path: '$.magick.effects' } });
    const afflictions = (n: number) => ({ ...caster3, afflictions: Array(n).fill('x'.repeat(MAX_AFFLICTION_LENGTH)) });
    expect(at(afflictions(MAX_AFFLICTIONS)).ok).toBe(true);
    expect(at(afflictions(MAX_AFFLICTIONS + 1))).toMatchObject({ ok: false, error: { path: '$.magick.afflictions' } });
    expect(at({ ...caster3, afflictions: ['x'.repeat(MAX_AFFLICTION_LENGTH + 1)] })).toMatchObject({ ok: false, error: { path: '$.magick.afflictions[0]' } });
    const book = (n: number) => ({ ...caster3, spellbook: Array.from({ length: n }, (_, i) => ({ id: i < 2 ? caster3.spellbook[i]!.id : `s-${i}`, name: `S ${i}`, level: 1 })) });
    expect(at(book(MAX_SPELLBOOK_SPELLS)).ok).toBe(true);
    expect(at(book(MAX_SPELLBOOK_SPELLS + 1))).toMatchObject({ ok: false, error: { path: '$.magick.spellbook' } });
    expect(at({ ...caster3, nextEffectId: MAX_EFFECT_ID + 1 }).ok).toBe(true);
    expect(at({ ...caster3, nextEffectId: MAX_EFFECT_ID + 2 })).toMatchObject({ ok: false, error: { path: '$.magick.nextEffectId' } });
  });

  it("the character reader checks a document's magick at its path, and an exported document with magick imports back", () => {
    const made = ruleSystem.rollCharacter(seededRandom(3), {});
    if (!made.ok) throw new Error(made.error.message);
    const doc = { ...made.value, magick: caster3 };
    const back = readCharacters(JSON.parse(JSON.stringify(doc)));
    expect(back).toMatchObject({ ok: true, characters: [{ magick: caster3 }] });
    const bad = readCharacters([doc, { ...doc, magick: { ...caster3, burnSteps: 99 } }]);
    expect(bad).toMatchObject({ ok: false, problems: [{ path: '$[1].magick.burnSteps', message: 'must be from 0 to 12, got 99' }] });
    expect(magickDocumentProblems(caster3, '$.magick')).toEqual([]);
  });
});
