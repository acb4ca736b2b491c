/**
 * The permission matrix of a table (docs/protocol.md, Roles and tokens): which role may do what.
 * Ownership (a player's own character, a Smith-only roll's roller) is checked where the action is.
 * A ruleset's table extension brings the rows of its own actions (`TableExtension.permissions`).
 */
import type { TableExtension } from '../rules/rule-system.js';
import type { Role } from './events.js';

/** What a member may ask of any table. */
export type TableAction =
  | 'see-events'
  | 'roll'
  | 'check'
  | 'usage'
  | 'character-save-own'
  | 'character-save-any'
  | 'character-remove-own'
  | 'character-remove-any'
  /** A change of the ruleset's that only the Smith makes (`CharacterChangeDef.by: 'smith'`: an XP award). */
  | 'character-award'
  /** Restore a character's document from before its last change. */
  | 'character-undo'
  | 'combat'
  | 'settings'
  | 'invite'
  /** Say something in the table's chat (a whisper to the Smith included). */
  | 'chat'
  /** Whisper to any one member (a player whispers to the Smith only). */
  | 'whisper-any'
  /** Rename oneself. */
  | 'member-rename-self'
  /** Rename, remove, or give a new seat link to any member; hand a character to another member. */
  | 'members';

/** The roles allowed each action. */
export const PERMISSIONS: { readonly [A in TableAction]: readonly Role[] } = {
  'see-events': ['smith', 'player', 'observer'],
  roll: ['smith', 'player'],
  check: ['smith', 'player'],
  usage: ['smith', 'player'],
  'character-save-own': ['smith', 'player'],
  'character-save-any': ['smith'],
  'character-remove-own': ['smith', 'player'],
  'character-remove-any': ['smith'],
  'character-award': ['smith'],
  'character-undo': ['smith'],
  combat: ['smith'],
  settings: ['smith'],
  invite: ['smith'],
  chat: ['smith', 'player', 'observer'],
  'whisper-any': ['smith'],
  'member-rename-self': ['smith', 'player', 'observer'],
  members: ['smith'],
};

/** Every action, for the matrix tests. */
export const TABLE_ACTIONS = Object.keys(PERMISSIONS) as readonly TableAction[];

/** True when `role` may do `action`. */
export function can(role: Role, action: TableAction): boolean {
  return PERMISSIONS[action].includes(role);
}

/**
 * True when `role` may do `action` at a table whose ruleset has `extension`: the table's own rows,
 * then the extension's. An action neither names is refused.
 */
export function canAt(extension: TableExtension | undefined, role: Role, action: string): boolean {
  if (Object.hasOwn(PERMISSIONS, action)) return PERMISSIONS[action as TableAction].includes(role);
  const roles = extension !== undefined && Object.hasOwn(extension.permissions, action) ? extension.permissions[action] : undefined;
  return roles !== undefined && roles.includes(role);
}
