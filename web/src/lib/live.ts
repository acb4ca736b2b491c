/**
 * The one WebSocket of a table (docs/protocol.md, WebSocket): `hello` with the last seq seen, then
 * events; reconnects with backoff and resumes from the last seq; commands wait in an outbox until
 * acknowledged and are sent again, with the same request id, after a reconnect (so none is lost and
 * none applied twice). The socket and the clock are injected for the tests.
 */
import { newRequestId } from './request-id.js';
import { isEventFrame, readFrame, type AckFrame, type Command, type ErrorFrame, type RulesetCommand, type ServerFrame, type TableEvent, type Welcome } from './protocol.js';

/** The part of a WebSocket used here. */
export interface SocketLike {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/** The connection's state, for the status line. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorized' | 'closed';

/**
 * Why the table stopped taking this device's token (status `unauthorized`): the Smith removed the
 * member, the seat was given a new token (a seat link opened elsewhere), or the table never knew it.
 */
export type UnauthorizedReason = 'removed' | 'renewed' | 'unknown';

/** The error codes that end a connection for good, and what each says about the seat. */
const UNAUTHORIZED: Readonly<Record<string, UnauthorizedReason>> = {
  'auth/removed': 'removed',
  'auth/seat-renewed': 'renewed',
  'auth/bad-token': 'unknown',
};

/** The server's frame of who is online (docs/protocol.md, Presence): ids of members with an open socket. */
export interface PresenceFrame {
  readonly kind: 'presence';
  readonly online: readonly string[];
}

/** Reads a presence frame's member ids; null when the frame is not one. */
export function readPresence(frame: { readonly kind: string }): readonly string[] | null {
  if (frame.kind !== 'presence') return null;
  const online = (frame as { readonly online?: unknown }).online;
  return Array.isArray(online) && online.every((id) => typeof id === 'string') ? (online as readonly string[]) : null;
}

/** A command refused by the server. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
  constructor(
    readonly code: string,
    message: string,
    /** JSON path of the value at fault in the command (`$.params.amount`), when the server names one. */
    readonly path?: string,
  ) {
    super(message);
  }
}

/** Options of a connection. */
export interface LiveOptions {
  readonly url: string;
  readonly token: string;
  readonly makeSocket: (url: string) => SocketLike;
  /** The last seq applied (the store's); sent in every `hello`. */
  readonly lastSeq: () => number;
  readonly onWelcome: (w: Welcome) => void;
  readonly onEvent: (e: TableEvent) => void;
  readonly onStatus: (s: LiveStatus) => void;
  /** Errors not tied to a command (a bad token...). */
  readonly onError?: (e: ErrorFrame) => void;
  /** Who is online now (each `presence` frame). */
  readonly onPresence?: (online: readonly string[]) => void;
  /** The seat no longer opens the table: called once, just before the status becomes `unauthorized`. */
  readonly onUnauthorized?: (reason: UnauthorizedReason) => void;
  readonly setTimer?: (f: () => void, ms: number) => unknown;
  readonly clearTimer?: (t: unknown) => void;
  readonly newId?: () => string;
}

interface Pending {
  readonly requestId: string;
  readonly text: string;
  resolve(ack: AckFrame): void;
  reject(e: Error): void;
}

/** Backoff before reconnect attempt `n` (0-based): 0.5 s doubling to 10 s. */
export function backoffMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));
}

/** A live connection to one table. */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private isWelcomed = false;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private readonly outbox = new Map<string, Pending>();
  private readonly setTimer: (f: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;
  private readonly newId: () => string;
  private token: string;
  status: LiveStatus = 'connecting';
  /** Why the status is `unauthorized`; null while the token is good. */
  unauthorizedReason: UnauthorizedReason | null = null;

  constructor(private readonly opts: LiveOptions) {
    this.token = opts.token;
    this.setTimer = opts.setTimer ?? ((f, ms) => setTimeout(f, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.newId = opts.newId ?? (() => newRequestId());
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /**
   * Connects again with another token (this seat's new one): the old socket is dropped without a
   * reconnect of its own; commands not yet acknowledged go again, with their request ids, after the
   * welcome.
   */
  reconnect(token: string): void {
    this.token = token;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    this.isWelcomed = false;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.close(1000, 'new token');
    }
    this.unauthorizedReason = null;
    this.stopped = false;
    this.attempt = 0;
    this.setStatus('connecting');
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, 'bye');
    }
    this.setStatus('closed');
    for (const p of this.outbox.values()) p.reject(new CommandError('client/closed', 'The table was closed before the server answered.'));
    this.outbox.clear();
  }

  /** Sends a command; resolves on its ack, rejects with the server's error. Survives reconnects. */
  send(command: Command | RulesetCommand): Promise<AckFrame> {
    const requestId = this.newId();
    const text = JSON.stringify({ ...command, requestId });
    return new Promise<AckFrame>((resolve, reject) => {
      this.outbox.set(requestId, { requestId, text, resolve, reject });
      if (this.isWelcomed && this.socket) this.socket.send(text);
    });
  }

  /** Commands sent and not yet acknowledged. */
  get pendingCount(): number {
    return this.outbox.size;
  }

  private setStatus(s: LiveStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.opts.onStatus(s);
  }

  private open(): void {
    if (this.stopped) return;
    this.isWelcomed = false;
    let socket: SocketLike;
    try {
      socket = this.opts.makeSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ kind: 'hello', token: this.token, since: this.opts.lastSeq() }));
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket || typeof ev.data !== 'string') return;
      const frame = readFrame(ev.data);
      if (frame) this.handle(frame);
    };
    socket.onerror = () => {
      // A close follows; the reconnect happens there.
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.isWelcomed = false;
      if (ev.code === 4401) {
        this.unauthorize(this.unauthorizedReason ?? 'unknown');
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** The token opens nothing now: no more reconnects. */
  private unauthorize(reason: UnauthorizedReason): void {
    this.stopped = true;
    if (this.status === 'unauthorized') return;
    this.unauthorizedReason = reason;
    this.opts.onUnauthorized?.(reason);
    this.setStatus('unauthorized');
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const delay = backoffMs(this.attempt);
    this.attempt += 1;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  private handle(frame: ServerFrame): void {
    switch (frame.kind) {
      case 'welcome':
        this.isWelcomed = true;
        this.attempt = 0;
        this.opts.onWelcome(frame as Welcome);
        this.setStatus('live');
        // Commands not acknowledged go again with their request ids: the server applies each once.
        for (const p of this.outbox.values()) this.socket?.send(p.text);
        return;
      case 'ack': {
        const ack = frame as AckFrame;
        const p = this.outbox.get(ack.requestId);
        if (p) {
          this.outbox.delete(ack.requestId);
          p.resolve(ack);
        }
        return;
      }
      case 'error': {
        const err = frame as ErrorFrame;
        if (err.requestId !== undefined) {
          const p = this.outbox.get(err.requestId);
          if (p) {
            this.outbox.delete(err.requestId);
            p.reject(new CommandError(err.code, err.message ?? err.code, err.path));
            return;
          }
        }
        const reason = UNAUTHORIZED[err.code];
        if (reason !== undefined) {
          this.unauthorize(reason);
          return;
        }
        this.opts.onError?.(err);
        return;
      }
      case 'pong':
        return;
      default: {
        const online = readPresence(frame);
        if (online !== null) this.opts.onPresence?.(online);
        else if (isEventFrame(frame)) this.opts.onEvent(frame);
      }
    }
  }
}

/** The WebSocket address of a table on the page's own origin. */
export function liveUrl(location: { protocol: string; host: string }, tableId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/live`;
}
