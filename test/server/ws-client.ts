// A test client of the table WebSocket: collects every frame and waits for the ones a test expects.
import WebSocket from 'ws';

/** A frame as received (parsed JSON) and its raw text. */
export interface Frame {
  readonly data: { readonly [key: string]: unknown };
  readonly raw: string;
}

/** A connected client. */
export interface TestClient {
  readonly frames: Frame[];
  readonly socket: WebSocket;
  send(message: unknown): void;
  /** The first frame (from `from` on) matching, waiting up to `ms`. */
  waitFor(match: (f: Frame['data']) => boolean, ms?: number, from?: number): Promise<Frame['data']>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens a socket to `url` (ws://...), optionally with an Origin header. */
export async function connect(url: string, origin?: string): Promise<TestClient> {
  const socket = new WebSocket(url, origin === undefined ? {} : { origin });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const raw = data.toString();
    frames.push({ raw, data: JSON.parse(raw) as Frame['data'] });
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    frames,
    socket,
    closed,
    send: (m) => socket.send(typeof m === 'string' ? m : JSON.stringify(m)),
    waitFor(match, ms = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const f = frames.slice(from).find((x) => match(x.data));
          if (f !== undefined) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(f.data);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${frames.map((f) => f.raw.slice(0, 120)).join('\n')}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => socket.close(),
  };
}
