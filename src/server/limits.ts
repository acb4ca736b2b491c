/** Limits of the table server, each a named constant tested at and one past the limit (test/server/limits.test.ts). */

/** Largest HTTP request body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest WebSocket message, in bytes (a character document fits). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** Rolls and checks one client may make per second, sustained. */
export const ROLLS_PER_SECOND = 10;
/** Rolls and checks one client may make in a burst. */
export const ROLL_BURST = 40;
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
