/**
 * What the members line, the members manager and a seat link show, worked out from the table's
 * members, who is online and the seat this device holds. Pure: the components only render it.
 */
import type { Member, Role } from './protocol.js';
import type { SavedSeat } from './tokens.js';

/** A member as the members line shows them. */
export interface MemberRow {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly isOnline: boolean;
  readonly isYou: boolean;
}

const ROLE_ORDER: Readonly<Record<Role, number>> = { smith: 0, player: 1, observer: 2 };

/** The role as a badge says it: the Smith's title capitalised, like the rulebook's. */
export const ROLE_LABEL: Readonly<Record<Role, string>> = { smith: 'Smith', player: 'Player', observer: 'Observer' };

/** The members in the order they are listed: the Smith first, then players, then observers, each in joining order. */
export function memberRows(members: readonly Member[], online: ReadonlySet<string>, youId: string | null): MemberRow[] {
  return members
    .map((m, i) => ({ m, i }))
    .sort((a, b) => ROLE_ORDER[a.m.role] - ROLE_ORDER[b.m.role] || a.i - b.i)
    .map(({ m }) => ({ id: m.id, name: m.name, role: m.role, isOnline: online.has(m.id), isYou: m.id === youId }));
}

/** Who may hold a character (the `character-owner` command's rule): the Smith and the players, never an observer. */
export function ownerChoices(members: readonly Member[]): Member[] {
  return members.filter((m) => m.role !== 'observer').sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

/** Who holds a character, for a manager that lists it: a current member, a removed one, or nobody known. */
export type Holder = { readonly kind: 'member'; readonly member: Member } | { readonly kind: 'former'; readonly name: string } | { readonly kind: 'unknown' };

/** Finds a character's holder among the members, then among those removed. */
export function holderOf(ownerId: string, members: readonly Member[], formerMembers: readonly Member[]): Holder {
  const m = members.find((x) => x.id === ownerId);
  if (m) return { kind: 'member', member: m };
  const f = formerMembers.find((x) => x.id === ownerId);
  return f ? { kind: 'former', name: f.name } : { kind: 'unknown' };
}

/**
 * What opening a seat link does on a device that may already hold a seat at that table: save it
 * (no seat here, or a newer token of the same member's seat), nothing to do (the same token), or ask
 * which seat to keep (another member's seat is already here).
 */
export type SeatLinkChoice = 'save' | 'same' | 'ask';

/** Decides `SeatLinkChoice` from the seat this device holds and the member the link's token belongs to. */
export function seatLinkChoice(held: Pick<SavedSeat, 'token' | 'memberId'> | null, token: string, memberId: string): SeatLinkChoice {
  if (held === null) return 'save';
  if (held.token === token) return 'same';
  return held.memberId === memberId ? 'save' : 'ask';
}
