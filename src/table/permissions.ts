/**
 * The permission matrix of a table (docs/protocol.md, Roles and tokens): which role may do what.
 * Ownership (a player's own character, a Smith-only roll's roller) is checked where the action is.
 */
import type { Role } from './events.js';

/** What a member may ask of a table. */
export type TableAction =
  | 'see-events'
  | 'roll'
  | 'check'
  | 'usage'
  | 'character-save-own'
  | 'character-save-any'
  | 'character-remove-own'
  | 'character-remove-any'
  | 'combat'
  | 'venture'
  | 'magick-own'
  | 'magick-any'
  | 'hammer-check'
  | 'hammer-node'
  | 'settings'
  | 'invite';

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
  combat: ['smith'],
  /** HAMMERCRAWL! Ventures: the Smith runs them (TB-1). */
  venture: ['smith'],
  /** Magick of a character the member owns (TB-4). */
  'magick-own': ['smith', 'player'],
  /** Magick of anyone's character. */
  'magick-any': ['smith'],
  /** A hammer dice pool of a Check (H-5 to H-7): whoever rolls checks (TB-6). */
  'hammer-check': ['smith', 'player'],
  /** A node (exploration) pool: the Smith's roll alone (H-12, TB-6). */
  'hammer-node': ['smith'],
  settings: ['smith'],
  invite: ['smith'],
};

/** Every action, for the matrix tests. */
export const TABLE_ACTIONS = Object.keys(PERMISSIONS) as readonly TableAction[];

/** True when `role` may do `action`. */
export function can(role: Role, action: TableAction): boolean {
  return PERMISSIONS[action].includes(role);
}
