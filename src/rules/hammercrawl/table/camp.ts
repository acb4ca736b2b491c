/**
 * A camp at the table, written on each party character's document: a camp break or a night's camp
 * restores the limits of its scopes (VE-2, VE-8), the Health and Armour Die steps the Smith gives (the
 * text gives none: PL-6), and after a night each Mana-burned caster rolls to recover one step of the
 * Spell Die (MAGICK, Mana-burn; VE-9), through the magick module's own `night-rest`. Spells are then
 * prepared (after a night) or remembered (after a break) by their casters, as MG-19 allows. Each party
 * character gets one `character-saved` with a history line of what came back; a caster's roll is also a
 * `magick-changed`, so the magick panel folds it. No camp is made while a fight runs (VE-17).
 * Rules: HAMMERCRAWL! v4, VENTURES AND SESSION STRUCTURE; CAMPING AND RESTING; MAGICK (Preparing Spells;
 * "Remembering" Spells; Mana-burn). Rulings VE-17, TC-7 in docs/rulings.md.
 */
import type { RandomSource } from '../../../dice/random.js';
import type { CheckDie, ExtensionEvent, TableCharacter } from '../../rule-system.js';
import type { Character } from '../character.js';
import { DEFAULT_MAGICK_SETTINGS, rollMagickCommand, type MagickSettings } from '../magick/commands.js';
import { currentSpellDie, describeMagickEvent, EMPTY_MAGICK_STATE, type MagickEvent, type MagickState } from '../magick/magick-state.js';
import { armourText, healthText, restoreSteps, sidesOf, textOf } from '../play/dice.js';
import { BURNED_OUT_RECOVERY_DIE, CAMP_EFFECTS, type CampKind } from '../venture/camping.js';
import type { LimitCounter, LimitScope } from '../venture/limits.js';
import type { VentureCommand, VentureEvent, VentureState } from '../venture/venture.js';
import { characterSaved, withMagick } from './character-writes.js';

/** The Mana-burn recovery a night's camp rolls for a caster: the die, and the exact chance it restores a step. */
export interface NightRecoveryOdds {
  readonly die: number;
  readonly chance: number;
}

/**
 * The roll a night's camp makes for this magick, or null when there is nothing to recover (no caster, or
 * no Mana-burn): the current Spell Die, a d3 when burned out; only its highest face restores a step
 * (MAGICK, Mana-burn; VE-9). The same die the magick module's `night-rest` throws.
 * @example nightRecoveryOdds(state) // { die: 6, chance: 1 / 6 }
 */
export function nightRecoveryOdds(magick: MagickState): NightRecoveryOdds | null {
  if (magick.caster === null || (magick.burnSteps === 0 && !magick.burnedOut)) return null;
  const die = currentSpellDie(magick) ?? BURNED_OUT_RECOVERY_DIE;
  return { die, chance: 1 / die };
}

/** What a camp did to one character, before it is written. */
export interface CampResult {
  readonly characterId: string;
  readonly document: TableCharacter['document'];
  readonly summary: string;
  readonly explanation: readonly string[];
  readonly dice: readonly CheckDie[];
  /** The magick events of the night's Mana-burn roll (none when nothing was rolled). */
  readonly magickEvents: readonly MagickEvent[];
}

function usedLimitsRestored(limits: readonly LimitCounter[], holder: string, scopes: readonly LimitScope[]): LimitCounter[] {
  return limits.filter((l) => l.holder === holder && scopes.includes(l.scope) && l.used > 0);
}

/**
 * What a camp does to one party character (pure but for `rng`, which only a Mana-burned caster's night
 * uses): the document after and its history line.
 */
export function rollCampFor(
  rng: RandomSource,
  camp: CampKind,
  character: TableCharacter,
  magick: MagickState,
  limits: readonly LimitCounter[],
  scopes: readonly LimitScope[],
  steps: { readonly health: number; readonly armour: number },
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): CampResult {
  const effect = CAMP_EFFECTS[camp];
  const c = character.document as unknown as Character;
  const parts: string[] = [];
  const explanation: string[] = [];
  const dice: CheckDie[] = [];
  let document: TableCharacter['document'] = character.document;

  // Health and Armour: the Smith's steps, never past the base die (PL-5, PL-6).
  const base = sidesOf(c.baseHealthDie);
  if (base !== null && steps.health > 0) {
    const r = restoreSteps(sidesOf(c.healthDie), base, steps.health);
    if (r.restored > 0) {
      parts.push(`Health ${healthText(sidesOf(c.healthDie))} -> ${healthText(r.after)}`);
      document = { ...document, healthDie: textOf(r.after) };
    }
  }
  const armourBase = sidesOf(c.baseArmourDie);
  if (armourBase !== null && steps.armour > 0) {
    const r = restoreSteps(sidesOf(c.armourDie), armourBase, steps.armour);
    if (r.restored > 0) {
      parts.push(`Armour ${armourText(sidesOf(c.armourDie), armourBase)} -> ${armourText(r.after, armourBase)}`);
      document = { ...document, armourDie: textOf(r.after) };
    }
  }
  explanation.push(
    `${effect.label}: Health Die ${steps.health} step${steps.health === 1 ? '' : 's'}, Armour Die ${steps.armour} step${steps.armour === 1 ? '' : 's'}, as the Smith gives (the text names none: PL-6)`,
  );

  // Limits of the camp's scopes come back (VE-2, VE-8).
  const back = usedLimitsRestored(limits, character.id, scopes);
  if (back.length > 0) parts.push(`uses back: ${back.map((l) => `${l.ability} ${l.max}/${l.max}`).join(', ')}`);
  explanation.push(`Uses restored: those counted per ${scopes.join(' and per ')}`);

  // Magick: a night's Mana-burn roll, then preparing or remembering is the caster's (MG-19).
  let magickEvents: readonly MagickEvent[] = [];
  if (magick.caster !== null) {
    const odds = camp === 'night' ? nightRecoveryOdds(magick) : null;
    if (odds !== null) {
      const r = rollMagickCommand(rng, magick, { kind: 'night-rest' }, settings);
      if (r.ok) {
        magickEvents = r.events;
        const rolled = r.events.find((e): e is Extract<MagickEvent, { kind: 'night-rest-rolled' }> => e.kind === 'night-rest-rolled');
        if (rolled !== undefined) {
          dice.push({ sides: rolled.die, face: rolled.face, isKept: true, role: "night's sleep (Mana-burn)" });
          const after = r.state.burnedOut ? 'burned out' : `d${currentSpellDie(r.state) ?? BURNED_OUT_RECOVERY_DIE}`;
          parts.push(`Mana-burn: d${rolled.die} rolled ${rolled.face}, ${rolled.restored ? `Spell Die now ${after}` : 'no change'}`);
          explanation.push(`${describeMagickEvent(rolled)} (chance 1 in ${odds.die}: only the highest face restores a step; VE-9)`);
        }
        const written = withMagick(document, r.state);
        if (written !== null) document = written;
      }
    }
    explanation.push(camp === 'night' ? 'Spells: prepare them in the morning (Magick: Prepare)' : 'Spells: forgotten ones may be remembered in smaller amounts (Magick: Remember)');
  }

  return {
    characterId: character.id,
    document,
    summary: `${effect.label}: ${parts.length > 0 ? parts.join('; ') : 'nothing to restore'}`,
    explanation,
    dice,
    magickEvents,
  };
}

/**
 * The documents a camp writes (VE-17, TC-7): for each party member that is a table character, its camp
 * result as a `character-saved` (and a `magick-changed` before it when a caster rolled). `events` are the
 * camp's Venture events (their `limits-restored` names the scopes).
 */
export function campWrites(
  rng: RandomSource,
  requestId: string,
  venture: VentureState,
  magickOf: (characterId: string) => MagickState | undefined,
  characters: readonly TableCharacter[],
  command: Extract<VentureCommand, { readonly kind: 'camp' }>,
  events: readonly VentureEvent[],
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): ExtensionEvent[] {
  const restored = events.find((e): e is Extract<VentureEvent, { kind: 'limits-restored' }> => e.kind === 'limits-restored');
  const scopes = restored?.scopes ?? [];
  const out: ExtensionEvent[] = [];
  for (const member of venture.party) {
    const character = characters.find((c) => c.id === member.id);
    if (character === undefined) continue;
    const magick = magickOf(character.id) ?? EMPTY_MAGICK_STATE;
    const r = rollCampFor(rng, command.camp, character, magick, venture.limits, scopes, { health: command.healthSteps ?? 0, armour: command.armourSteps ?? 0 }, settings);
    if (r.magickEvents.length > 0) {
      out.push({ own: 'magick-changed', body: { requestId, characterId: character.id, command: { kind: 'night-rest' }, events: r.magickEvents } });
    }
    out.push(characterSaved(character, r.document, { id: 'camp', summary: r.summary, explanation: r.explanation, ...(r.dice.length > 0 ? { dice: r.dice } : {}) }));
  }
  return out;
}

/**
 * The documents the return to town writes (VE-19): each party member that is a table character rests in
 * town. Its Health Die and armour go back to their bases (the `rest` change of kind `town`, PL-6); a
 * caster's Mana-burn is removed and, as the table's `town-rest-restores-con` says, its burnt CON comes back
 * (MAGICK, Mana-burn: time at rest in a town clears it; MG-9). The
 * counted uses come back in the Venture's own `limits-restored` (VE-10). Nothing rolls: `rng` is passed on
 * for the contract only. A character whose document does not read is left as it is.
 */
export function townWrites(
  rng: RandomSource,
  requestId: string,
  venture: VentureState,
  magickOf: (characterId: string) => MagickState | undefined,
  characters: readonly TableCharacter[],
  rest: (document: TableCharacter['document']) => { readonly document: TableCharacter['document']; readonly summary: string; readonly explanation: readonly string[] } | null,
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): ExtensionEvent[] {
  const out: ExtensionEvent[] = [];
  for (const member of venture.party) {
    const character = characters.find((c) => c.id === member.id);
    if (character === undefined) continue;
    const rested = rest(character.document);
    if (rested === null) continue;
    let document = rested.document;
    const parts = [rested.summary];
    const explanation = [...rested.explanation];
    const magick = magickOf(character.id) ?? EMPTY_MAGICK_STATE;
    if (magick.caster !== null) {
      const r = rollMagickCommand(rng, magick, { kind: 'town-rest' }, settings);
      if (r.ok) {
        const written = withMagick(document, r.state);
        if (written !== null) document = written;
        out.push({ own: 'magick-changed', body: { requestId, characterId: character.id, command: { kind: 'town-rest' }, events: r.events } });
        const burnt = magick.burnSteps > 0 || magick.burnedOut;
        parts.push(burnt ? 'Mana-burn removed' : 'no Mana-burn');
        if (magick.burntCon > 0) parts.push(settings.townRestRestoresCon ? `CON +${magick.burntCon} back` : 'burnt CON stays (table setting)');
        explanation.push(...r.events.map(describeMagickEvent));
      }
    }
    explanation.push('Uses counted per Venture, dungeon, camp and night come back (VE-2, VE-10)');
    out.push(characterSaved(character, document, { id: 'town', summary: `Return to town: ${parts.join('; ')}`, explanation }));
  }
  return out;
}
