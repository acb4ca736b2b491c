// Pre-made text frames are the bytes `ws` itself frames a server's text message as, at every
// length boundary of the header; a client reads frames written directly, in order, with `ws` sends between.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as ws from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import { sendTextFrames, textFrame } from './ws-frames.js';

/** How `ws` frames a server's (unmasked, final) text message. */
function wsFrame(payload: Buffer): Buffer {
  const sender = (ws as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } }).Sender;
  return Buffer.concat(sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('frames %i bytes as ws does', (n) => {
    const payload = Buffer.alloc(n, 'x');
    expect(textFrame(payload).equals(wsFrame(payload))).toBe(true);
  });

  it('makes the frame of a payload once', () => {
    const payload = Buffer.from('{"kind":"rolled"}');
    expect(textFrame(payload)).toBe(textFrame(payload));
    expect(textFrame(Buffer.from('{"kind":"rolled"}'))).not.toBe(textFrame(payload));
  });
});

describe('sendTextFrames', () => {
  let server: WebSocketServer | null = null;
  afterEach(async () => {
    server?.close();
    server = null;
  });

  it('a client gets frames written directly and frames sent through ws in the order sent', async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const serverSide = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const got: string[] = [];
    client.on('message', (data) => got.push(data.toString()));
    const [socket] = (await serverSide) as [WebSocket];
    const big = 'y'.repeat(70_000);
    sendTextFrames(socket, [Buffer.from('one')]);
    socket.send('two');
    sendTextFrames(socket, [Buffer.from('three'), Buffer.from(big), Buffer.from('')]);
    socket.send('four');
    while (got.length < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['one', 'two', 'three', big, '', 'four']);
    client.close();
  });
});
