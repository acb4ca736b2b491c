/**
 * What The Exalted Hack adds to a shared table (the contract's `TableExtension`): one-click attacks in
 * the combat tracker (tracker-attack.ts). An attack's damage on a character is written on its document
 * (`character-saved`, a consequence of the attack), so the sheet shows it. No events of its own.
 * Rules: The Exalted Hack, Attacking, Defending and Damage. Rulings: docs/rulings.md (EH-35, EH-36).
 */
import { forbidden, MAX_REQUEST_ID_LENGTH, MAX_TABLE_ID_LENGTH, ok, type ExtensionContext, type ExtensionEvent, type ExtensionExample, type RuleResult, type TableExtension } from '../../rule-system.js';
import { optional, readBoolean, readInteger, readLiteral, readObject, readOneOf, readString } from '../../json-reader.js';
import { ATTRIBUTE_IDS, MAX_TARGET_MODIFIER } from '../attributes.js';
import { DAMAGE_DICE } from '../data/weapons.js';
import { DEFENCES, rollTrackerAttack, type TrackerAttackOptions } from './tracker-attack.js';

/** A tracker attack: one combatant attacks another (docs/protocol.md, The Exalted Hack's tracker attacks). */
export type ExaltedHackAttackAction = { readonly type: 'attack'; readonly attackerId: string; readonly targetId: string } & TrackerAttackOptions;

/** An Exalted Hack table command: a tracker action. */
export interface ExaltedHackTableCommand {
  readonly kind: 'combat';
  readonly requestId: string;
  readonly action: ExaltedHackAttackAction;
}

const id = readString({ min: 1, max: MAX_TABLE_ID_LENGTH });
const readAttack = readObject({
  kind: readLiteral('combat'),
  requestId: readString({ min: 1, max: MAX_REQUEST_ID_LENGTH }),
  action: readObject({
    type: readLiteral('attack'),
    attackerId: id,
    targetId: id,
    attribute: optional(readOneOf(ATTRIBUTE_IDS)),
    die: optional(readInteger(Math.min(...DAMAGE_DICE), Math.max(...DAMAGE_DICE))),
    weapon: optional(readOneOf(['light', 'martial', 'heavy'] as const)),
    untrained: optional(readBoolean),
    magical: optional(readBoolean),
    defence: optional(readOneOf(DEFENCES)),
    modifier: optional(readInteger(-MAX_TARGET_MODIFIER, MAX_TARGET_MODIFIER)),
    advantage: optional(readBoolean),
    disadvantage: optional(readBoolean),
  }),
});

/** Reads a tracker attack message; every problem names its JSON path. */
export function readExaltedHackCommand(json: unknown): RuleResult<ExaltedHackTableCommand> {
  return readAttack(json, '$') as RuleResult<ExaltedHackTableCommand>;
}

/**
 * Decides a tracker attack. Who rolls is the protagonist (EH-35): a player sends the attack of their own
 * character, and the attack of a foe on their own character (they roll its defence); the Smith sends any.
 */
export function decideExaltedHackCommand(rng: Parameters<TableExtension['decide']>[0], command: ExaltedHackTableCommand, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  const action = command.action;
  const combat = context.combat;
  const attacker = combat.combatants.find((c) => c.id === action.attackerId);
  const target = combat.combatants.find((c) => c.id === action.targetId);
  const ownerOf = (characterId: string | undefined) => (characterId === undefined ? undefined : context.characters.find((c) => c.id === characterId)?.ownerId);
  const roller = attacker?.characterId !== undefined ? ownerOf(attacker.characterId) : ownerOf(target?.characterId);
  if (!context.can('combat') && !(context.can('roll') && roller === context.actor.id)) return forbidden("roll another player's character's attack or defence");
  const { type: _type, attackerId, targetId, ...options } = action;
  void _type;
  const r = rollTrackerAttack(rng, combat, context.characters, attackerId, targetId, options);
  if (!r.ok) return r;
  const result = r.value;
  const tracker: ExtensionEvent = {
    shared: 'combat-changed',
    body: { combat: result.combat, summary: result.summary, attack: { attackerId, targetId, isHit: result.isHit, isCrit: result.isCrit, lines: result.roll.explanation, outcome: result.outcome } },
  };
  if (result.target === undefined) return ok([tracker]);
  // A hidden foe's rolls stay in the tracker's event, which players receive without them (TB-17); the
  // character's change says what landed and what it did.
  const isHiddenAttacker = attacker !== undefined && attacker.characterId === undefined && attacker.isRevealed !== true;
  const explanation = isHiddenAttacker ? result.target.explanation.slice(result.roll.explanation.length) : result.target.explanation;
  return ok([
    tracker,
    {
      shared: 'character-saved',
      body: {
        character: { id: result.target.character.id, ownerId: result.target.character.ownerId, document: result.target.document as unknown as { readonly [key: string]: unknown } },
        change: { id: 'damage', summary: result.target.summary, params: { amount: result.damage, to: 'hp' }, explanation, ...(isHiddenAttacker ? {} : { dice: result.roll.dice, outcome: result.roll.outcome }) },
      },
      isConsequence: true,
    },
  ]);
}

/** Messages a fresh table accepts in order (docs/protocol.md): a foe added, the player's character attacking it, the foe attacking back. */
export const EXALTED_HACK_TABLE_EXAMPLES: readonly ExtensionExample[] = [
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-add-ada', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-add-orc', action: { type: 'add', name: 'Orc', side: 'foes', health: '9/9', armour: '1', monster: 'damage=d8' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-ada-attacks', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', attribute: 'str', die: 8, weapon: 'martial' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-orc-attacks', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', defence: 'dex' } } },
];

/** The Exalted Hack's table extension. */
export const exaltedHackTable: TableExtension<Record<string, never>, ExaltedHackTableCommand> = {
  commands: [],
  // An attack rolls the d20 and the damage: it counts against the roller's rate.
  combatActions: [{ kind: 'attack', rollsDice: true }],
  eventKinds: [],
  permissions: {},
  examples: EXALTED_HACK_TABLE_EXAMPLES,
  initialState: () => ({}),
  readCommand: readExaltedHackCommand,
  requestIdOf: (command) => command.requestId,
  decide: (rng, _state, command, context) => decideExaltedHackCommand(rng, command, context),
  fold: (state) => state,
};
