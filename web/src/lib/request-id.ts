/**
 * Request ids for commands (docs/protocol.md: 1..64 characters of [A-Za-z0-9_-], unique per client).
 * `crypto.randomUUID` is refused on plain HTTP (a Smith serving a LAN), `getRandomValues` is not.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A fresh request id: 22 characters of base64url (132 random bits). */
export function newRequestId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(22));
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}

/** True when `id` is a valid request id. */
export function isRequestId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
