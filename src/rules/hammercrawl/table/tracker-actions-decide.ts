/**
 * The HAMMERCRAWL! extension's decision for the tracker actions of tracker-actions.ts: who may send
 * each (the Smith any; a player for their own character's combatant: its Total Defense, its Tactical
 * Attack and the choice of its effects, its Crit choice, its Lay on Hands; damage that is not an attack is the Smith's),
 * then the tracker's `combat-changed` and, where a character's dice changed, its `character-saved`
 * (TC-1). Rulings CB-37 to CB-41, TB-17.
 */
import type { RandomSource } from '../../../dice/random.js';
import { forbidden, ok, type ExtensionContext, type ExtensionEvent, type RuleResult } from '../../rule-system.js';
import { characterSaved } from './character-writes.js';
import { actingCombatantOf, rollTrackerAction, type TrackerCombatAction } from './tracker-actions.js';
import { combatSettingsOf } from './tracker-attack.js';

/** Decides one tracker action of tracker-actions.ts into its events. */
export function decideTrackerAction(rng: RandomSource, action: TrackerCombatAction, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  const acting = actingCombatantOf(context.combat, action);
  const owner = acting?.characterId === undefined ? undefined : context.characters.find((c) => c.id === acting.characterId)?.ownerId;
  const isOwn = action.type !== 'damage' && context.can('roll') && owner !== undefined && owner === context.actor.id;
  if (!context.can('combat') && !isOwn) {
    return forbidden(action.type === 'damage' ? 'deal damage in the tracker (that is the Smith’s)' : "act with another's combatant");
  }
  if (action.type === 'lay-on-hands' && action.override === true && !context.can('combat')) return forbidden('allow a Lay on Hands past its once a turn (that is the Smith’s)');
  const done = rollTrackerAction(rng, context.combat, context.characters, action, combatSettingsOf(context.settings));
  if (!done.ok) return done;
  const r = done.value;
  const tracker: ExtensionEvent = { shared: 'combat-changed', body: { combat: r.combat, summary: r.summary, ...(r.attack !== undefined ? { attack: r.attack } : {}), ...(r.harm !== undefined ? { harm: r.harm } : {}) } };
  if (r.target === undefined) return ok([tracker]);
  const id = action.type === 'lay-on-hands' ? 'lay-on-hands' : 'damage';
  return ok([tracker, characterSaved(r.target.character, r.target.document, { id, summary: r.target.summary, explanation: r.target.lines }, true)]);
}
