/**
 * A HAMMERCRAWL! caster's magick as the sheet shows it: the fold of the character's `magick-changed`
 * events with the magick module (src/rules/hammercrawl/magick/), and the odds of keeping a spell
 * before casting it (`castOdds`). Loaded with the magick panel (its own chunk).
 */
import type { Character } from '../../../../src/rules/hammercrawl/character.js';
import {
  DEFAULT_MAGICK_SETTINGS,
  castOdds,
  casterFromCharacter,
  concentrationOdds,
  readScrollOdds,
  currentSpellDie,
  describeMagickEvent,
  foldMagickEvents,
  sustainLimit,
  preparationLimit,
  type MagickEvent,
  type MagickSettings,
  type MagickState,
  type SpellEffectKind,
  type ForgetChoice,
} from '../../../../src/rules/hammercrawl/magick/index.js';
import type { Settings } from '../../lib/protocol.js';
import { readMagickDocument } from '../../../../src/rules/hammercrawl/magick/magick-document.js';
import type { RulesetEvent } from '../../lib/protocol.js';
import { readCombat, type AttackNote } from '../../lib/combat-view.js';
import { foldVenture } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { magickMomentOf, magickTimingProblem, type MagickTimingProblem } from '../../../../src/rules/hammercrawl/magick/timing.js';
import { ventureEvents } from './wire.js';

export type { MagickState, SpellEffectKind, ForgetChoice };

/** The folded magick of one character, or why it could not be folded. */
export type MagickView =
  | {
      readonly ok: true;
      readonly state: MagickState;
      /** The document names a spellcasting profile (the server can set the caster from it). */
      readonly canBeCaster: boolean;
      readonly spellDie: number | null;
      readonly prepareLimit: number | null;
      readonly sustainLimit: number | null;
      /** The last events, described, newest first. */
      readonly recent: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/** Whether the character document describes a caster. */
export function isCasterDocument(doc: Readonly<Record<string, unknown>>): boolean {
  try {
    return casterFromCharacter(doc as unknown as Character) !== null;
  } catch {
    return false;
  }
}

/** Folds a character's magick events. */
export function magickView(doc: Readonly<Record<string, unknown>>, events: readonly MagickEvent[]): MagickView {
  try {
    // The document is the one truth of the character's magick once a document with magick was saved (an
    // imported caster, a return to town; TC-4): the table's fold starts from it, as the server's does.
    let state: MagickState;
    if (doc['magick'] !== undefined) {
      const read = readMagickDocument(doc['magick'], '$.magick');
      if (!read.ok) return { ok: false, message: read.error.message };
      state = read.value;
    } else state = foldMagickEvents(events);
    const caster = state.caster;
    return {
      ok: true,
      state,
      canBeCaster: isCasterDocument(doc),
      spellDie: caster ? currentSpellDie(state) : null,
      prepareLimit: caster ? preparationLimit(caster) : null,
      sustainLimit: caster ? sustainLimit(caster) : null,
      recent: events.slice(-6).reverse().map((e) => {
        try {
          return describeMagickEvent(e);
        } catch {
          return e.kind;
        }
      }),
    };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The table's magick settings (the rulings the server reads), defaults for anything else. */
export function magickSettings(settings: Settings): MagickSettings {
  const pen = settings['concentration-penalty'];
  const con = settings['town-rest-restores-con'];
  const max = settings['max-overcast-points'];
  return {
    concentrationPenalty: pen === 'steps' ? 'steps' : DEFAULT_MAGICK_SETTINGS.concentrationPenalty,
    townRestRestoresCon: typeof con === 'boolean' ? con : DEFAULT_MAGICK_SETTINGS.townRestRestoresCon,
    maxOvercastPoints: typeof max === 'number' ? max : DEFAULT_MAGICK_SETTINGS.maxOvercastPoints,
  };
}

/** The odds of keeping the spell when casting it now, or why it cannot be cast. */
export function keepOdds(
  state: MagickState,
  spellId: string,
  effect: SpellEffectKind,
  onForget: ForgetChoice,
  settings: MagickSettings,
  overcast = 0,
): { readonly ok: true; readonly kept: number; readonly die: number; readonly burnedOut: number; readonly extra: number } | { readonly ok: false; readonly message: string } {
  try {
    const r = castOdds(state, { kind: 'cast', spellId, effect, onForget, ...(overcast > 0 ? { overcast } : {}) }, settings);
    if (!r.ok) return { ok: false, message: r.problem.message };
    const extra = r.odds.extraForgotten.reduce((s, x) => s + (x.count > 0 ? x.p : 0), 0);
    return { ok: true, kept: r.odds.kept, die: r.odds.die, burnedOut: r.odds.burnedOut, extra };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Why a player cannot send a magick command of `kind` now (MG-19: not mid-fight, town rest in town,
 * remember at a camp), or `null`; the Smith always can. Read from the tracker and the party's Venture.
 */
export function magickTiming(kind: string, combat: unknown, events: readonly RulesetEvent[], isSmith: boolean): MagickTimingProblem | null {
  if (isSmith) return null;
  let venture: ReturnType<typeof foldVenture> | null = null;
  try {
    venture = foldVenture(ventureEvents(events));
  } catch {
    venture = null;
  }
  return magickTimingProblem(kind, magickMomentOf(readCombat(combat), venture));
}

/**
 * The spells the Prepare form ticks first: today's list when there is one, else every known spell up to
 * the limit (in the spellbook's order).
 */
export function defaultPreparation(state: MagickState, limit: number | null): string[] {
  if (state.prepared.length > 0) return state.prepared.map((p) => p.spellId);
  const ids = state.spellbook.map((s) => s.id);
  return limit === null ? ids : ids.slice(0, limit);
}

/** The odds of holding concentration now (a Test against the caster stat, its half-stat after damage), or why not. */
export function holdOdds(state: MagickState, damaged: boolean, settings: MagickSettings): { readonly ok: true; readonly success: number } | { readonly ok: false; readonly message: string } {
  try {
    const r = concentrationOdds(state, { damaged }, settings);
    if (!r.ok) return { ok: false, message: r.problem.message };
    return { ok: true, success: r.odds.success ?? 0 };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The odds of casting from a scroll for the character of `doc` (its grade, INT and level; MG-10), declared as a Feat or not (MG-11), or why not. */
export function scrollOdds(
  doc: Readonly<Record<string, unknown>>,
  canReadLanguage: boolean,
  feat = false,
):
  | { readonly ok: true; readonly success: number; readonly failures: readonly { readonly id: string; readonly kind: string; readonly p: number }[]; readonly reader: string }
  | { readonly ok: false; readonly message: string } {
  try {
    const c = doc as unknown as Character;
    let reader: 'dedicated' | 'dabbler' | 'non-caster' = 'non-caster';
    try {
      reader = casterFromCharacter(c)?.grade ?? 'non-caster';
    } catch {
      reader = 'non-caster';
    }
    const r = readScrollOdds({ kind: 'read-scroll', spell: 'scroll', reader, intScore: c.stats.INT.score, level: c.level, canReadLanguage, ...(feat ? { feat: true } : {}) });
    if (!r.ok) return { ok: false, message: r.problem.message };
    return { ok: true, success: r.odds.success, failures: r.odds.failures, reader };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The tracker's damage that was not an attack (a trap, a fall, a spell's DV: the `harm` of a
 * `combat-changed`), from the table's log, as hits for `hitWhileSustaining`: such damage breaks
 * concentration as an attack does (Sustaining Spells; MG-8), soaked or not. Oldest first.
 */
export function harmNotes(log: readonly { readonly event: unknown; readonly follows: readonly unknown[] }[]): Pick<AttackNote, 'seq' | 'targetId' | 'isHit' | 'summary'>[] {
  const out: Pick<AttackNote, 'seq' | 'targetId' | 'isHit' | 'summary'>[] = [];
  for (const entry of log) {
    for (const raw of [entry.event, ...entry.follows]) {
      const e = raw as { readonly kind?: unknown; readonly seq?: unknown; readonly summary?: unknown; readonly harm?: { readonly targetId?: unknown } };
      if (e.kind !== 'combat-changed' || typeof e.seq !== 'number' || typeof e.harm?.targetId !== 'string') continue;
      out.push({ seq: e.seq, targetId: e.harm.targetId, isHit: true, summary: typeof e.summary === 'string' ? e.summary : '' });
    }
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/**
 * A hit in the tracker on the character since its last magick command, while it sustains spells: the
 * moment the rules call for a concentration Test against the half-stat (Sustaining Spells; MG-8). The
 * summary of the hit, or null.
 */
export function hitWhileSustaining(
  state: MagickState,
  characterId: string,
  combat: unknown,
  attacks: readonly Pick<AttackNote, 'seq' | 'targetId' | 'isHit' | 'summary'>[],
  events: readonly RulesetEvent[],
): string | null {
  if (state.sustained.length === 0) return null;
  const own = new Set(readCombat(combat).combatants.filter((c) => c.characterId === characterId).map((c) => c.id));
  if (own.size === 0) return null;
  let lastMagick = 0;
  for (const e of events) {
    const body = e as unknown as { readonly kind: string; readonly seq: number; readonly characterId?: unknown };
    if (body.kind === 'magick-changed' && body.characterId === characterId && body.seq > lastMagick) lastMagick = body.seq;
  }
  const hit = [...attacks].sort((a, b) => a.seq - b.seq).reverse().find((a) => a.isHit && own.has(a.targetId) && a.seq > lastMagick);
  return hit === undefined ? null : hit.summary;
}
