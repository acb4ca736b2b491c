/**
 * A caster's magick state and the events that change it. The state is a fold of the events
 * (`foldMagickEvents`); `applyMagickEvent` never rolls: every face is already in the event, so a
 * replayed log gives the same state. Rules: HAMMERCRAWL! v4, MAGICK (SPELLCASTING MECHANICS: Preparing,
 * Casting, Sustaining, Canceling, "Remembering" Spells, Mana-burn, Restoring a Mana-burnt Spell Die);
 * Over-Casting (True Mage). Rulings: docs/rulings.md (MG-n).
 */
import { baseSpellDie, chainPosition, dieAtPosition, type Caster } from './caster.js';
import { MAGICK_SCHEMA_VERSION } from './limits.js';

export { MAGICK_SCHEMA_VERSION } from './limits.js';

/**
 * A spell the caster knows (written in their spellbook): the rules list no spells (MAGICK SPELLS LIST:
 * "maintained in a separate document"), so the player names it and gives its level (MG-2).
 * @example { id: 'magic-missile', name: 'Magic Missile', level: 1 }
 */
export interface KnownSpell {
  readonly id: string;
  readonly name: string;
  readonly level: number;
}

/** A spell prepared this morning, and whether it is still remembered or was forgotten since. */
export interface PreparedSpell {
  readonly spellId: string;
  readonly remembered: boolean;
}

/** What a cast spell leaves in the world: nothing lasting, a lasting effect, or a sustained one. */
export type SpellEffectKind = 'instant' | 'lasting' | 'sustained';

/**
 * A spell being sustained (Sustaining Spells): its forget check waits for its release.
 * @example { effectId: 3, spellId: 'shield', level: 2, effectiveLevel: 2, lingers: true, cancellable: true }
 */
export interface SustainedSpell {
  readonly effectId: number;
  readonly spellId: string;
  readonly level: number;
  /** The level checked against: the spell's level plus CON burnt to over-cast it. */
  readonly effectiveLevel: number;
  /** Its effect lingers after release ("Sustained + level minutes"). */
  readonly lingers: boolean;
  readonly cancellable: boolean;
}

/** An effect running in the world that the caster may cancel while they remember the spell (Canceling Spells). */
export interface RunningEffect {
  readonly effectId: number;
  readonly spellId: string;
  readonly cancellable: boolean;
  /** Left over from a released sustained spell. */
  readonly lingering: boolean;
}

/**
 * A caster's magick, as a fold of its events.
 * @example foldMagickEvents(events).sustained.length
 */
export interface MagickState {
  readonly schemaVersion: typeof MAGICK_SCHEMA_VERSION;
  readonly caster: Caster | null;
  readonly spellbook: readonly KnownSpell[];
  readonly prepared: readonly PreparedSpell[];
  readonly sustained: readonly SustainedSpell[];
  readonly effects: readonly RunningEffect[];
  /** Spell Die steps lost to Mana-burn (at burn-out: every step down to d3). */
  readonly burnSteps: number;
  /** Burned out: no spells until the Spell Die is restored (Mana-burn (Special)). */
  readonly burnedOut: boolean;
  /** Burn-outs whose permanent affliction the Smith has not yet recorded. */
  readonly afflictionsDue: number;
  readonly afflictions: readonly string[];
  /** CON points burnt by over-casting and not yet restored. */
  readonly burntCon: number;
  /** The id the next cast spell's effect gets. */
  readonly nextEffectId: number;
}

/** Why sustained spells were released. */
export type ReleaseReason = 'voluntary' | 'concentration-broken' | 'burned-out';

/** A random pick of one spell among `of` candidates: the face of the d`of` thrown. */
export interface SpellDraw {
  readonly face: number;
  readonly of: number;
}

interface Base {
  readonly schemaVersion: typeof MAGICK_SCHEMA_VERSION;
}

/**
 * Everything that happens to a caster's magick, with its dice already thrown. A table server stores
 * these; `applyMagickEvent` folds them.
 * @example { schemaVersion: 1, kind: 'forget-checked', spellId: 'sleep', effectId: 1, die: 4, level: 1, face: 3, kept: true, extraDraws: 0 }
 */
export type MagickEvent = Base &
  (
    | { readonly kind: 'caster-set'; readonly caster: Caster }
    | { readonly kind: 'spell-learned'; readonly spell: KnownSpell }
    | { readonly kind: 'spells-prepared'; readonly spellIds: readonly string[] }
    | { readonly kind: 'spells-remembered'; readonly spellIds: readonly string[] }
    | { readonly kind: 'con-burned'; readonly spellId: string; readonly points: number }
    | {
        readonly kind: 'spell-cast';
        readonly effectId: number;
        readonly spellId: string;
        readonly level: number;
        readonly effectiveLevel: number;
        readonly effect: SpellEffectKind;
        readonly lingers: boolean;
        readonly cancellable: boolean;
      }
    | {
        readonly kind: 'forget-checked';
        readonly spellId: string;
        readonly effectId: number;
        /** The die rolled (the Spell Die after any manual steps). */
        readonly die: number;
        readonly level: number;
        /** The face, or null when the die could not beat the level (not rolled). */
        readonly face: number | null;
        readonly kept: boolean;
        /** Other spells to draw at random: one per point the level exceeds the die's maximum. */
        readonly extraDraws: number;
      }
    | { readonly kind: 'spell-forgotten'; readonly spellId: string; readonly cause: 'forget-check' | 'extra'; readonly draw: SpellDraw | null }
    | {
        readonly kind: 'mana-burn-checked';
        readonly spellId: string;
        readonly die: number;
        readonly level: number;
        /** The re-roll's face, or null when burn was automatic. */
        readonly face: number | null;
        readonly burned: boolean;
        /** For an extra spell checked in sequence: how it was drawn. */
        readonly draw: SpellDraw | null;
      }
    | { readonly kind: 'sustain-released'; readonly effectId: number; readonly reason: ReleaseReason }
    | {
        readonly kind: 'concentration-tested';
        /** The Spellcasting Stat score, or its half-stat after damage. */
        readonly target: number;
        readonly halfStat: boolean;
        /** Spells sustained: the penalty. */
        readonly penalty: number;
        readonly penaltyAs: 'target' | 'steps';
        readonly dice: readonly string[];
        readonly natural: number | null;
        readonly featRoll: number | null;
        readonly total: number | null;
        readonly success: boolean;
        readonly summary: string;
      }
    | { readonly kind: 'effect-cancelled'; readonly effectId: number }
    | { readonly kind: 'effect-ended'; readonly effectId: number }
    | { readonly kind: 'night-rest-rolled'; readonly die: number; readonly face: number; readonly restored: boolean }
    | { readonly kind: 'town-rested'; readonly conRestored: boolean }
    | { readonly kind: 'affliction-recorded'; readonly text: string }
    | {
        /** A spell cast from a scroll (MG-10): the INT Test, and on a failure the d100 and its row; the scroll is spent. */
        readonly kind: 'scroll-read';
        readonly spell: string;
        readonly reader: 'dedicated' | 'dabbler' | 'non-caster';
        readonly dice: readonly string[];
        readonly natural: number | null;
        readonly featRoll: number | null;
        readonly total: number | null;
        readonly target: number;
        readonly success: boolean;
        /** The d100 on the failure table, or null after a success. */
        readonly failureRoll: number | null;
        readonly failureId: string | null;
        readonly summary: string;
      }
    | { readonly kind: 'con-restored'; readonly points: number }
  );

/** The `kind` of a magick event. */
export type MagickEventKind = MagickEvent['kind'];

/** Distributes `Omit` over a union (keeps each member's own fields). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event without its schema version, as the command layer writes it. */
export type MagickEventBody = DistributiveOmit<MagickEvent, 'schemaVersion'>;

/** An event that cannot apply to the state it is folded onto: a corrupt or reordered log (programmer error). */
export class MagickReplayError extends Error {
  override readonly name = 'MagickReplayError';
}

/** The empty state: no caster yet, nothing known. */
export const EMPTY_MAGICK_STATE: MagickState = {
  schemaVersion: MAGICK_SCHEMA_VERSION,
  caster: null,
  spellbook: [],
  prepared: [],
  sustained: [],
  effects: [],
  burnSteps: 0,
  burnedOut: false,
  afflictionsDue: 0,
  afflictions: [],
  burntCon: 0,
  nextEffectId: 1,
};

/** The caster, or a replay error when the log set none. */
export function requireCaster(state: MagickState): Caster {
  if (!state.caster) throw new MagickReplayError('no caster-set event before this one');
  return state.caster;
}

/**
 * The Spell Die now: the base die less the steps lost to Mana-burn; null when burned out (Mana-burn).
 * @example currentSpellDie(state) // 4
 */
export function currentSpellDie(state: MagickState): number | null {
  if (state.burnedOut) return null;
  const base = chainPosition(baseSpellDie(requireCaster(state)));
  return dieAtPosition(Math.max(0, base - state.burnSteps));
}

/** The known spell of an id, or undefined. */
export function knownSpell(state: MagickState, spellId: string): KnownSpell | undefined {
  return state.spellbook.find((s) => s.id === spellId);
}

/** True when the spell is prepared and not forgotten since. */
export function isRemembered(state: MagickState, spellId: string): boolean {
  return state.prepared.some((p) => p.spellId === spellId && p.remembered);
}

/** The prepared spells still remembered, in preparation order: the pool random forgetting draws from. */
export function rememberedSpellIds(state: MagickState, except?: string): string[] {
  return state.prepared.filter((p) => p.remembered && p.spellId !== except).map((p) => p.spellId);
}

function setRemembered(state: MagickState, ids: readonly string[], remembered: boolean): MagickState {
  return { ...state, prepared: state.prepared.map((p) => (ids.includes(p.spellId) ? { ...p, remembered } : p)) };
}

/** Applies one event (never rolls). An event that cannot apply throws `MagickReplayError`. */
export function applyMagickEvent(state: MagickState, event: MagickEvent): MagickState {
  if (event.schemaVersion !== MAGICK_SCHEMA_VERSION) {
    throw new MagickReplayError(`event schema ${String(event.schemaVersion)}; this code reads ${MAGICK_SCHEMA_VERSION}`);
  }
  if (event.kind !== 'caster-set' && event.kind !== 'scroll-read') requireCaster(state);
  switch (event.kind) {
    case 'caster-set':
      return { ...state, caster: event.caster };
    case 'spell-learned':
      return { ...state, spellbook: [...state.spellbook, event.spell] };
    case 'spells-prepared':
      return { ...state, prepared: event.spellIds.map((spellId) => ({ spellId, remembered: true })) };
    case 'spells-remembered':
      return setRemembered(state, event.spellIds, true);
    case 'con-burned':
      return { ...state, burntCon: state.burntCon + event.points };
    case 'spell-cast': {
      const next = { ...state, nextEffectId: event.effectId + 1 };
      if (event.effect === 'sustained') {
        const s: SustainedSpell = {
          effectId: event.effectId,
          spellId: event.spellId,
          level: event.level,
          effectiveLevel: event.effectiveLevel,
          lingers: event.lingers,
          cancellable: event.cancellable,
        };
        return { ...next, sustained: [...state.sustained, s] };
      }
      if (event.effect === 'lasting') {
        const e: RunningEffect = { effectId: event.effectId, spellId: event.spellId, cancellable: event.cancellable, lingering: false };
        return { ...next, effects: [...state.effects, e] };
      }
      return next;
    }
    case 'forget-checked':
      return state;
    case 'spell-forgotten':
      return setRemembered(state, [event.spellId], false);
    case 'mana-burn-checked': {
      if (!event.burned) return state;
      const caster = requireCaster(state);
      const base = chainPosition(baseSpellDie(caster));
      if (base - state.burnSteps <= 0) {
        return { ...state, burnSteps: base, burnedOut: true, afflictionsDue: state.afflictionsDue + 1 };
      }
      return { ...state, burnSteps: state.burnSteps + 1 };
    }
    case 'sustain-released': {
      const s = state.sustained.find((x) => x.effectId === event.effectId);
      if (!s) throw new MagickReplayError(`effect ${event.effectId} is not sustained`);
      const sustained = state.sustained.filter((x) => x.effectId !== event.effectId);
      const effects = s.lingers
        ? [...state.effects, { effectId: s.effectId, spellId: s.spellId, cancellable: s.cancellable, lingering: true }]
        : state.effects;
      return { ...state, sustained, effects };
    }
    case 'concentration-tested':
      return state;
    case 'effect-cancelled':
    case 'effect-ended':
      if (!state.effects.some((e) => e.effectId === event.effectId)) throw new MagickReplayError(`effect ${event.effectId} is not running`);
      return { ...state, effects: state.effects.filter((e) => e.effectId !== event.effectId) };
    case 'night-rest-rolled': {
      if (!event.restored) return state;
      if (state.burnedOut) return { ...state, burnedOut: false, burnSteps: chainPosition(baseSpellDie(requireCaster(state))) };
      return { ...state, burnSteps: Math.max(0, state.burnSteps - 1) };
    }
    case 'town-rested':
      return { ...state, burnSteps: 0, burnedOut: false, burntCon: event.conRestored ? 0 : state.burntCon };
    case 'scroll-read':
      return state; // a scroll never touches the Spell Die nor the spells (MG-10)
    case 'affliction-recorded':
      return { ...state, afflictionsDue: Math.max(0, state.afflictionsDue - 1), afflictions: [...state.afflictions, event.text] };
    case 'con-restored':
      return { ...state, burntCon: Math.max(0, state.burntCon - event.points) };
  }
}

/**
 * The state after a log of events, from the empty state (or `from`).
 * @example foldMagickEvents(result.events, before) // equals result.state
 */
export function foldMagickEvents(events: readonly MagickEvent[], from: MagickState = EMPTY_MAGICK_STATE): MagickState {
  let state = from;
  for (const e of events) state = applyMagickEvent(state, e);
  return state;
}

/**
 * One line for a log reader (the table's event list, the CLI): what happened and the dice that did it.
 * @example describeMagickEvent({ schemaVersion: 1, kind: 'forget-checked', spellId: 'sleep', effectId: 1, die: 3, level: 1, face: 2, kept: true, extraDraws: 0 }) // 'sleep: d3 rolled 2 against level 1: kept'
 */
export function describeMagickEvent(event: MagickEvent): string {
  const draw = (d: SpellDraw | null) => (d ? ` (drawn: d${d.of} = ${d.face})` : '');
  switch (event.kind) {
    case 'caster-set':
      return `caster: level ${event.caster.level} ${event.caster.grade}, ${event.caster.spellStat} ${event.caster.spellStatScore}`;
    case 'spell-learned':
      return `learned ${event.spell.name} (level ${event.spell.level})`;
    case 'spells-prepared':
      return `prepared ${event.spellIds.length === 0 ? 'nothing' : event.spellIds.join(', ')}`;
    case 'spells-remembered':
      return `remembered ${event.spellIds.join(', ')}`;
    case 'con-burned':
      return `burnt ${event.points} CON to over-cast ${event.spellId}`;
    case 'spell-cast':
      return `cast ${event.spellId} (effect ${event.effectId}, level ${event.effectiveLevel}${event.effectiveLevel !== event.level ? ` over-cast from ${event.level}` : ''}${event.effect === 'instant' ? '' : `, ${event.effect}`})`;
    case 'forget-checked':
      return event.face === null
        ? `${event.spellId}: d${event.die} cannot beat level ${event.level}: forgotten${event.extraDraws > 0 ? `, ${event.extraDraws} more to draw` : ''}`
        : `${event.spellId}: d${event.die} rolled ${event.face} against level ${event.level}: ${event.kept ? 'kept' : 'forgotten'}`;
    case 'spell-forgotten':
      return `forgot ${event.spellId}${draw(event.draw)}`;
    case 'mana-burn-checked':
      return `${event.spellId}${draw(event.draw)}: Mana-burn ${event.face === null ? `automatic (d${event.die} cannot beat level ${event.level})` : `d${event.die} rolled ${event.face} against level ${event.level}`}: ${event.burned ? 'one step burnt, spell kept' : 'no burn, spell kept'}`;
    case 'sustain-released':
      return `released effect ${event.effectId} (${event.reason})`;
    case 'concentration-tested':
      return `concentration: ${event.summary}`;
    case 'effect-cancelled':
      return `cancelled effect ${event.effectId}`;
    case 'effect-ended':
      return `effect ${event.effectId} ended`;
    case 'night-rest-rolled':
      return `night's sleep: d${event.die} rolled ${event.face}: ${event.restored ? 'one step restored' : 'no change'}`;
    case 'town-rested':
      return `town rest: Spell Die restored${event.conRestored ? ', burnt CON restored' : ''}`;
    case 'scroll-read':
      return `scroll of ${event.spell}: ${event.summary}`;
    case 'affliction-recorded':
      return `affliction: ${event.text}`;
    case 'con-restored':
      return `${event.points} CON restored`;
  }
}
