/** Limits of the table server, each a named constant tested at and one past the limit (test/server/limits.test.ts). */

/** Largest HTTP request body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest WebSocket message, in bytes (a character document fits). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** Rolls and checks one client may make per second, sustained. */
export const ROLLS_PER_SECOND = 10;
/** Rolls and checks one client may make in a burst. */
export const ROLL_BURST = 40;
/** Commands that roll no dice one member may send per second, sustained (ping aside). */
export const COMMANDS_PER_SECOND = 5;
/** Commands that roll no dice one member may send in a burst. */
export const COMMAND_BURST = 30;
/** Commands a table takes per second from all its members together, rolls included. */
export const TABLE_COMMANDS_PER_SECOND = 40;
/** Commands a table takes in a burst from all its members together. */
export const TABLE_COMMAND_BURST = 200;
/**
 * Bytes of log (event bodies as JSON) one member's commands may write per minute: ten full-size
 * character documents. A command runs while the member has some budget left; what it wrote is then
 * counted, so the next waits while the budget is spent.
 */
export const MEMBER_LOG_BYTES_PER_MINUTE = 2 * 1024 * 1024;
/** Bytes of log a table's commands may write per minute, all members together. */
export const TABLE_LOG_BYTES_PER_MINUTE = 6 * 1024 * 1024;
/** Joins (`POST .../players`) per address per minute. */
export const JOINS_PER_MINUTE = 30;
/** Tables created per address per minute. */
export const TABLES_PER_MINUTE = 10;
/** Other HTTP requests per address per minute. */
export const REQUESTS_PER_MINUTE = 1200;
/** Events sent per page of a replay or a log request. */
export const LOG_PAGE_SIZE = 500;
/** Time a new WebSocket has to send its `hello`. */
export const HELLO_TIMEOUT_MS = 10_000;
/** Open WebSockets per table in one server process. */
export const MAX_SOCKETS_PER_TABLE = 200;
/** Messages a socket may have waiting to be sent before it is closed as too slow. */
export const MAX_SOCKET_BACKLOG_BYTES = 8 * 1024 * 1024;
/**
 * How deep a message or body may nest (objects and arrays): a character document is a few levels
 * deep; a thousand nested arrays is no document and would exhaust the readers' stack.
 */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests objects or arrays deeper than `max` (read without recursion). */
export function isDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
