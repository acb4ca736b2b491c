/**
 * What So Long as Men Die adds to a shared table (the contract's `TableExtension`): the one-click
 * `attack` of the combat tracker (tracker-attack.ts). It keeps no state of its own: the attack's rolls
 * are in the tracker's `combat-changed` event, and the harm on a character is written on its document
 * (`character-saved`, a consequence of the attack, whoever owns the target). Rulings SL-33, SL-34.
 */
import type { RandomSource } from '../../../dice/random.js';
import { readObject, readOneOf, readString, readTagged, optional } from '../../json-reader.js';
import {
  MAX_REQUEST_ID_LENGTH,
  MAX_TABLE_ID_LENGTH,
  forbidden,
  ok,
  type ExtensionContext,
  type ExtensionEvent,
  type ExtensionExample,
  type RuleResult,
  type TableExtension,
} from '../../rule-system.js';
import { MAX_WEAPON_ID_LENGTH_FOR_TRACKER, attackSettingsOf, rollTrackerAttack, type SlamdTrackerAttackOptions } from './tracker-attack.js';

/** A tracker attack as read: one combatant attacks another. */
export type SlamdTrackerAttackAction = { readonly type: 'attack'; readonly attackerId: string; readonly targetId: string } & SlamdTrackerAttackOptions;

/** A So Long as Men Die table message: a tracker attack. */
export interface SlamdTableCommand {
  readonly kind: 'combat';
  readonly requestId: string;
  readonly action: SlamdTrackerAttackAction;
}

const requestId = readString({ min: 1, max: MAX_REQUEST_ID_LENGTH, pattern: /^[A-Za-z0-9_-]+$/, patternHelp: 'letters, digits, _ and - only' });
const tableId = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const message = readTagged('kind', {
  combat: readObject({
    requestId,
    action: readTagged('type', {
      attack: readObject({
        attackerId: tableId,
        targetId: tableId,
        weaponId: optional(readString({ min: 1, max: MAX_WEAPON_ID_LENGTH_FOR_TRACKER })),
        use: optional(readOneOf(['melee', 'ranged', 'magic'] as const)),
        choice: optional(readOneOf(['unconscious', 'mutilated'] as const)),
      }),
    }),
  }),
});

/** Reads a So Long as Men Die table message (a tracker `attack`); every problem names its JSON path. */
export function readSlamdCommand(json: unknown): RuleResult<SlamdTableCommand> {
  return message(json, '$');
}

/** Decides a tracker attack: a player with their own character, the Smith with anyone. */
export function decideSlamdCommand(rng: RandomSource, command: SlamdTableCommand, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  const action = command.action;
  const attacker = context.combat.combatants.find((c) => c.id === action.attackerId);
  const owner = attacker?.characterId === undefined ? undefined : context.characters.find((c) => c.id === attacker.characterId)?.ownerId;
  if (!context.can('combat') && !(context.can('roll') && owner === context.actor.id)) return forbidden("attack with another's combatant");
  const { type: _type, attackerId, targetId, ...options } = action;
  const r = rollTrackerAttack(rng, context.combat, context.characters, attackerId, targetId, options, attackSettingsOf(context.settings));
  if (!r.ok) return r;
  const v = r.value;
  const tracker: ExtensionEvent = {
    shared: 'combat-changed',
    body: { combat: v.combat, summary: v.summary, attack: { attackerId, targetId, isHit: v.isHit, isCrit: false, lines: v.lines, outcome: v.outcomeWords } },
  };
  if (v.target === undefined) return ok([tracker]);
  // An attack by one of the Smith's hidden foes keeps its rolls in the tracker's event, which players
  // receive without them (TB-17); the character's change carries only what it did.
  const isHiddenAttacker = attacker !== undefined && attacker.characterId === undefined && attacker.isRevealed !== true;
  const { explanation: _e, dice: _d, ...bare } = v.target.change;
  const change = isHiddenAttacker ? bare : v.target.change;
  return ok([tracker, { shared: 'character-saved', body: { character: { id: v.target.character.id, ownerId: v.target.character.ownerId, document: v.target.document }, change }, isConsequence: true }]);
}

const example = (role: ExtensionExample['role'], message: unknown): ExtensionExample => ({ role, message });

/**
 * Messages a fresh table accepts in this order (docs/protocol.md): the Smith adds the player's
 * character and a foe with its monster line, the player attacks it, and the foe strikes back (the
 * harm written on `ch1`'s document).
 */
export const SLAMD_TABLE_EXAMPLES: readonly ExtensionExample[] = [
  example('smith', { kind: 'combat', requestId: 'ex-add-pc', action: { type: 'add', name: 'Hild', side: 'party', characterId: 'ch1' } }),
  example('smith', { kind: 'combat', requestId: 'ex-add-bandit', action: { type: 'add', name: 'Bandit', side: 'foes', health: '10/10', armour: 'd6', monster: 'damage=1d8,mod=+1,toughness=1,con=10' } }),
  example('player', { kind: 'combat', requestId: 'ex-hild-attacks', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }),
  example('smith', { kind: 'combat', requestId: 'ex-bandit-attacks', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', choice: 'unconscious' } }),
];

/** So Long as Men Die's table extension. */
export const slamdTable: TableExtension<null, SlamdTableCommand> = {
  commands: [],
  // An attack rolls the Attack Roll, Defense, Toughness and the save: it counts against the roller's rate.
  combatActions: [{ kind: 'attack', rollsDice: true }],
  eventKinds: [],
  permissions: {},
  examples: SLAMD_TABLE_EXAMPLES,
  initialState: () => null,
  readCommand: readSlamdCommand,
  requestIdOf: (command) => command.requestId,
  decide: (rng, _state, command, context) => decideSlamdCommand(rng, command, context),
  fold: (state) => state,
};
