// Shared by the projection tests: who receives a secret roll whole, as the protocol states it.
import type { Role, Visibility } from '../src/table/events.js';

/**
 * Who receives a roll whole, written out by hand from docs/protocol.md (Roles and tokens; Secret rolls):
 * the Smith sees every roll; a player sees public rolls, and a Smith-only roll only when it is their own;
 * a blind roll reaches the Smith alone, not even its roller; an observer sees public rolls only.
 * Observers cannot roll, so no row has an observer as the roller.
 */
export const ENTITLED: readonly (readonly [Role, Visibility, 'roller' | 'not roller', boolean])[] = [
  ['smith', 'public', 'roller', true],
  ['smith', 'public', 'not roller', true],
  ['smith', 'smith', 'roller', true],
  ['smith', 'smith', 'not roller', true],
  ['smith', 'blind', 'roller', true],
  ['smith', 'blind', 'not roller', true],
  ['player', 'public', 'roller', true],
  ['player', 'public', 'not roller', true],
  ['player', 'smith', 'roller', true],
  ['player', 'smith', 'not roller', false],
  ['player', 'blind', 'roller', false],
  ['player', 'blind', 'not roller', false],
  ['observer', 'public', 'not roller', true],
  ['observer', 'smith', 'not roller', false],
  ['observer', 'blind', 'not roller', false],
];

/** The row of ENTITLED for a viewer of a roll. */
export function entitlementOf(role: Role, visibility: Visibility, isRoller: boolean): boolean {
  const rows = ENTITLED.filter(([r, v, who]) => r === role && v === visibility && who === (isRoller ? 'roller' : 'not roller'));
  if (rows.length !== 1) throw new Error(`ENTITLED has ${rows.length} rows for ${role} ${visibility} ${isRoller ? 'roller' : 'not roller'}`);
  return rows[0]![3];
}
