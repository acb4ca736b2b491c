/**
 * The page's addresses. `/` is the start page; `/t/<tableId>` is a table. An invite link carries the
 * code in the fragment (`/t/<id>#invite=<code>`), a seat link a member's token (`/t/<id>#seat=<token>`),
 * so neither ever reaches a server log or a Referer header.
 */

/** What an address shows. */
export type Route = { readonly page: 'start' } | { readonly page: 'table'; readonly tableId: string; readonly inviteCode: string | null; readonly seatToken: string | null };

const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads a route from a path and a fragment (`location.pathname`, `location.hash`). */
export function parseRoute(pathname: string, hash: string): Route {
  const m = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!m) return { page: 'start' };
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return { page: 'start' };
  }
  if (!TABLE_ID.test(id)) return { page: 'start' };
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const code = params.get('invite');
  const seat = params.get('seat');
  return { page: 'table', tableId: id, inviteCode: code !== null && code.length > 0 ? code : null, seatToken: seat !== null && seat.length > 0 ? seat : null };
}

/** The path of a table. */
export function tablePath(tableId: string): string {
  return `/t/${encodeURIComponent(tableId)}`;
}

/** The invite link to share: origin, table path and the code in the fragment. */
export function inviteLink(origin: string, tableId: string, inviteCode: string): string {
  return `${origin}${tablePath(tableId)}#invite=${encodeURIComponent(inviteCode)}`;
}
