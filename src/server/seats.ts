/**
 * Seats (docs/protocol.md, Seats): one bearer token per member, stored as its hash. Renewing a seat
 * gives it a new token in the same commit as its `seat-renewed` event, so the old token opens nothing
 * from then on, on any device. The server does it for `POST .../seat`; the command line (`hammercrawl
 * seat`) does it on the store for a host whose Smith lost every device.
 */
import type { RuleSystem } from '../rules/rule-system.js';
import { nameKey } from '../table/commands.js';
import { EVENT_SCHEMA_VERSION, type MemberView } from '../table/events.js';
import { foldEvents, type TableState } from '../table/state.js';
import { LOG_PAGE_SIZE } from './limits.js';
import { asTableEvent } from './live-table.js';
import { hashToken, newToken } from './secrets.js';
import type { Commit, TableStore } from './storage/types.js';

/** The commit that gives `memberId`'s seat the token hashing to `tokenHash`; `actorId` null: the host's command line. */
export function seatRenewal(memberId: string, tokenHash: string, actorId: string | null, at: number): Omit<Commit, 'tableId'> {
  return {
    actorId,
    renewSeats: [{ memberId, tokenHash }],
    events: [{ kind: 'seat-renewed', schemaVersion: EVENT_SCHEMA_VERSION, at, actorId, body: { memberId } }],
  };
}

/** The link that opens a seat on another device: the token in the fragment, which no server log or Referer sees. */
export function seatLink(origin: string, tableId: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/t/${encodeURIComponent(tableId)}#seat=${encodeURIComponent(token)}`;
}

/** A seat that cannot be renewed from the command line, with what to do about it. */
export class SeatProblem extends Error {
  override readonly name = 'SeatProblem';
  constructor(
    readonly code: 'table/not-found' | 'member/no-such-member' | 'member/removed' | 'member/ambiguous',
    message: string,
  ) {
    super(message);
  }
}

/** The table's state, folded from its stored log with its ruleset. */
async function storedState(store: TableStore, tableId: string, rules: (id: string) => Promise<RuleSystem>): Promise<TableState> {
  const record = await store.getTable(tableId);
  if (record === null) throw new SeatProblem('table/not-found', `No table ${tableId} in this database; check the id (the part of the table's address after /t/) and --db.`);
  const ruleSystem = await rules(record.ruleset);
  const events = [];
  for (let after = 0; ; ) {
    const page = await store.readEvents(tableId, after, LOG_PAGE_SIZE);
    events.push(...page.map(asTableEvent));
    if (page.length < LOG_PAGE_SIZE) break;
    after = page[page.length - 1]!.seq;
  }
  const state = foldEvents(events, ruleSystem.table);
  if (state === null) throw new SeatProblem('table/not-found', `Table ${tableId} has no log to read.`);
  return state;
}

/** The member `who` names (an id, or a name as the table compares names); the Smith when `who` is absent. */
function memberNamed(state: TableState, who: string | undefined): MemberView {
  if (who === undefined) {
    const smith = state.members.find((m) => m.role === 'smith');
    if (smith === undefined) throw new SeatProblem('member/no-such-member', 'This table has no Smith.');
    return smith;
  }
  const byId = state.members.find((m) => m.id === who);
  if (byId !== undefined) return byId;
  const key = nameKey(who);
  const named = state.members.filter((m) => nameKey(m.name) === key);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw new SeatProblem('member/ambiguous', `${named.length} members are called ${who}: name one by id (${named.map((m) => m.id).join(', ')}).`);
  const former = state.formerMembers.find((m) => m.id === who || nameKey(m.name) === key);
  if (former !== undefined) throw new SeatProblem('member/removed', `${former.name} was removed from the table; they join again with an invite link.`);
  const list = state.members.map((m) => `${m.name} (${m.role}, ${m.id})`).join(', ');
  throw new SeatProblem('member/no-such-member', `No member ${who} at this table; its members are ${list}.`);
}

/**
 * Renews a seat in the store, outside any server: the Smith's, or the member `who` names. A server
 * serving the table learns of it from the store (at its next read of the table, within its poll when
 * anyone is connected) and closes that member's sockets then.
 */
export async function renewSeatInStore(
  store: TableStore,
  tableId: string,
  who: string | undefined,
  options: { readonly rules: (id: string) => Promise<RuleSystem>; readonly now: number },
): Promise<{ readonly member: MemberView; readonly token: string }> {
  const state = await storedState(store, tableId, options.rules);
  const member = memberNamed(state, who);
  const token = newToken();
  await store.commit({ tableId, ...seatRenewal(member.id, hashToken(token), null, options.now) });
  return { member, token };
}
