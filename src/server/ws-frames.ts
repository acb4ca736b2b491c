/**
 * Broadcast frames made once: a table event's JSON is projected and serialised once per class of
 * viewer (live-table.ts), and here its WebSocket frame (header and payload in one buffer) is made
 * once per payload too, then written as is to every socket that gets it. Several frames for one
 * socket go out in one write.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The framed bytes of each payload buffer, for as long as the payload is referenced. */
const framed = new WeakMap<Buffer, Buffer>();

/** A final, unmasked text frame (RFC 6455 section 5.2) carrying `payload`, as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const known = framed.get(payload);
  if (known !== undefined) return known;
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  framed.set(payload, frame);
  return frame;
}

/**
 * The TCP socket under a `ws` WebSocket when pre-made frames may be written to it directly: the
 * connection is open and has no extension (no per-message compression, so `ws` never holds frames
 * back in a queue of its own). Null otherwise: send through `ws`.
 */
function rawSocket(socket: WebSocket): Socket | null {
  if (socket.readyState !== socket.OPEN || socket.extensions !== '') return null;
  const raw = (socket as unknown as { readonly _socket?: Socket })._socket;
  return raw !== undefined && raw.writable ? raw : null;
}

/**
 * Sends text frames to a socket in order: pre-made and in one write where `rawSocket` allows (the
 * bytes count in `socket.bufferedAmount` as any send does), else one `ws` send each.
 */
export function sendTextFrames(socket: WebSocket, payloads: readonly Buffer[]): void {
  const raw = rawSocket(socket);
  if (raw === null) {
    for (const p of payloads) socket.send(p, { binary: false });
    return;
  }
  if (payloads.length === 1) {
    raw.write(textFrame(payloads[0]!));
    return;
  }
  raw.cork();
  for (const p of payloads) raw.write(textFrame(p));
  raw.uncork();
}
