/**
 * A character's magick as its document keeps it (the document's optional `magick` field): the magick
 * state the table's magick commands fold to (spells known, prepared and forgotten, sustained spells and
 * running effects, Mana-burn and burn-out, afflictions, CON burnt by over-casting), read back on import
 * with every problem at its JSON path. Readers of a caster and of a state, shared by the document and the
 * table's wire reader. Rules: HAMMERCRAWL! v4, MAGICK (SPELLCASTING MECHANICS, Mana-burn (Special));
 * Over-Casting (True Mage). Rulings MG-n, TC-n (docs/rulings.md).
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/dice-chain.js';
import { childPath, readArray, readBoolean, readEither, readInteger, readLiteral, readNullable, readObject, readOneOf, readString, type Field, type ObjectOf, type Reader } from '../../json-reader.js';
import { ok, problem } from '../../rule-system.js';
import { STAT_IDS } from '../check-modifiers.js';
import { SPELLCASTING_PROFILES, type SpellcastingProfileId } from '../data/classes.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL } from '../feat-die.js';
import type { Caster } from './caster.js';
import {
  MAGICK_SCHEMA_VERSION,
  MAX_AFFLICTION_LENGTH,
  MAX_SPELLBOOK_SPELLS,
  MAX_SPELL_LEVEL,
  MAX_SPELL_NAME_LENGTH,
  MAX_STAT_SCORE,
  MIN_SPELL_LEVEL,
  MIN_STAT_SCORE,
} from './limits.js';
import type { KnownSpell, MagickState, PreparedSpell, RunningEffect, SustainedSpell } from './magick-state.js';

/** Largest effect id a cast spell may get (an effect id names a sustained spell or a running effect). */
export const MAX_EFFECT_ID = 1_000_000;
/** Most effects a document may keep running at once (lasting spells not yet ended or cancelled). */
export const MAX_RUNNING_EFFECTS = 1000;
/** Most Mana-burn afflictions a document may keep (one per burn-out). */
export const MAX_AFFLICTIONS = 100;

/** An object with exactly the fields of `shape`: a key it does not name is a problem, not dropped (a document keeps what it reads). */
function readExact<const S extends Readonly<Record<string, Field>>>(shape: S): Reader<ObjectOf<S>> {
  const read = readObject(shape);
  return (value, path) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const extra = Object.keys(value).find((k) => !Object.hasOwn(shape, k));
      if (extra !== undefined) return problem('json/invalid', `${childPath(path, extra).replace(/^\$\.?/, '')}: unknown field`, childPath(path, extra));
    }
    return read(value, path);
  };
}

const whole = readInteger;
const PROFILE_IDS = SPELLCASTING_PROFILES.map((p) => p.id) as readonly SpellcastingProfileId[];
const statScore = whole(MIN_STAT_SCORE, MAX_STAT_SCORE);
const casterShape = {
  level: whole(MIN_CHARACTER_LEVEL, MAX_CHARACTER_LEVEL),
  grade: readOneOf(['dedicated', 'dabbler'] as const),
  spellStat: readOneOf(STAT_IDS),
  spellStatScore: statScore,
  sustainDivisor: readEither(readEither(readLiteral(1), readLiteral(2), '1 or 2'), readLiteral(3), '1, 2 or 3'),
  conScore: statScore,
  hasManaBurn: readBoolean,
  canOvercast: readBoolean,
  profileId: readNullable(readOneOf(PROFILE_IDS)),
} as const;

/** A caster as a client sends it (unknown keys dropped: TB-5). */
export const readCaster: Reader<Caster> = readObject(casterShape);

const spellId = readString({ min: 1, max: MAX_SPELL_NAME_LENGTH, pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, patternHelp: 'a kebab-case spell id' });
const effectId = whole(1, MAX_EFFECT_ID);
const knownSpell: Reader<KnownSpell> = readExact({ id: spellId, name: readString({ min: 1, max: MAX_SPELL_NAME_LENGTH }), level: whole(MIN_SPELL_LEVEL, MAX_SPELL_LEVEL) });
const preparedSpell: Reader<PreparedSpell> = readExact({ spellId, remembered: readBoolean });
const sustainedSpell: Reader<SustainedSpell> = readExact({
  effectId,
  spellId,
  level: whole(MIN_SPELL_LEVEL, MAX_SPELL_LEVEL),
  // The spell's level and the CON burnt to over-cast it (MG-9).
  effectiveLevel: whole(MIN_SPELL_LEVEL, MAX_SPELL_LEVEL + MAX_STAT_SCORE),
  lingers: readBoolean,
  cancellable: readBoolean,
});
const runningEffect: Reader<RunningEffect> = readExact({ effectId, spellId, cancellable: readBoolean, lingering: readBoolean });

const readShape: Reader<MagickState> = readExact({
  schemaVersion: readLiteral(MAGICK_SCHEMA_VERSION),
  caster: readNullable(readExact(casterShape)),
  spellbook: readArray(knownSpell, { max: MAX_SPELLBOOK_SPELLS }),
  prepared: readArray(preparedSpell, { max: MAX_SPELLBOOK_SPELLS }),
  // A caster sustains at most one spell per class level (Sustaining Spells).
  sustained: readArray(sustainedSpell, { max: MAX_CHARACTER_LEVEL }),
  effects: readArray(runningEffect, { max: MAX_RUNNING_EFFECTS }),
  burnSteps: whole(0, HAMMERCRAWL_CHAIN.sides.length - 1),
  burnedOut: readBoolean,
  afflictionsDue: whole(0, MAX_AFFLICTIONS),
  afflictions: readArray(readString({ min: 1, max: MAX_AFFLICTION_LENGTH }), { max: MAX_AFFLICTIONS }),
  burntCon: whole(0, MAX_STAT_SCORE - MIN_STAT_SCORE),
  nextEffectId: whole(1, MAX_EFFECT_ID + 1),
});

/** A problem of the magick's parts with one another, at `where` (a path below the magick's). */
function inconsistent(path: string, where: string, message: string) {
  const at = `${path}${where}`;
  return problem<MagickState>('json/invalid', `${at.replace(/^\$\.?/, '')}: ${message}`, at);
}

/**
 * Reads a document's magick: the shape of a magick state, and its parts agreeing with one another (what
 * is prepared, sustained or running is a spell of the spellbook; effect ids are distinct and below the
 * next one; nothing without a caster). A state the magick commands fold to always reads.
 * @example readMagickDocument(EMPTY_MAGICK_STATE, '$.magick') // { ok: true, value: EMPTY_MAGICK_STATE }
 */
export const readMagickDocument: Reader<MagickState> = (value, path) => {
  const read = readShape(value, path);
  if (!read.ok) return read;
  const m = read.value;
  if (m.caster === null) {
    const part = (['spellbook', 'prepared', 'sustained', 'effects'] as const).find((k) => m[k].length > 0);
    if (part !== undefined) return inconsistent(path, `.${part}`, 'magick without a caster has no spells or effects; give the caster (set-caster)');
  }
  const known = new Set<string>();
  for (const [i, s] of m.spellbook.entries()) {
    if (known.has(s.id)) return inconsistent(path, `.spellbook[${i}].id`, `${s.id} is in the spellbook twice`);
    known.add(s.id);
  }
  const prepared = new Set<string>();
  for (const [i, p] of m.prepared.entries()) {
    if (!known.has(p.spellId)) return inconsistent(path, `.prepared[${i}].spellId`, `${p.spellId} is not in the spellbook`);
    if (prepared.has(p.spellId)) return inconsistent(path, `.prepared[${i}].spellId`, `${p.spellId} is prepared twice`);
    prepared.add(p.spellId);
  }
  const ids = new Set<number>();
  for (const [list, items] of [['sustained', m.sustained], ['effects', m.effects]] as const) {
    for (const [i, e] of items.entries()) {
      if (!known.has(e.spellId)) return inconsistent(path, `.${list}[${i}].spellId`, `${e.spellId} is not in the spellbook`);
      if (ids.has(e.effectId)) return inconsistent(path, `.${list}[${i}].effectId`, `effect ${e.effectId} is listed twice`);
      if (e.effectId >= m.nextEffectId) return inconsistent(path, `.${list}[${i}].effectId`, `effect ${e.effectId} is not below nextEffectId ${m.nextEffectId}`);
      ids.add(e.effectId);
    }
  }
  return ok(m);
};

/**
 * What is wrong with a document's `magick` at `path`, for the character reader (character.ts): at most one
 * problem, `{ path, message }`, the message without the path it names.
 */
export function magickDocumentProblems(value: unknown, path: string): readonly { readonly path: string; readonly message: string }[] {
  const r = readMagickDocument(value, path);
  if (r.ok) return [];
  const at = r.error.path ?? path;
  const prefix = `${at.replace(/^\$\.?/, '')}: `;
  return [{ path: at, message: r.error.message.startsWith(prefix) ? r.error.message.slice(prefix.length) : r.error.message }];
}
