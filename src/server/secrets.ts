/**
 * Tokens, ids and the server's dice: everything that needs a cryptographic source lives here.
 * Tokens carry 256 bits and are stored only as SHA-256 hashes; invite codes carry 128 bits.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { RandomSource } from '../dice/random.js';

/** Bits of randomness in a bearer token. */
export const TOKEN_BITS = 256;
/** Bits of randomness in an invite code. */
export const INVITE_CODE_BITS = 128;

/** A new bearer token (base64url). */
export function newToken(): string {
  return randomBytes(TOKEN_BITS / 8).toString('base64url');
}

/** A new invite code (base64url). */
export function newInviteCode(): string {
  return randomBytes(INVITE_CODE_BITS / 8).toString('base64url');
}

/** A new table or member id: 96 random bits, base64url (not a secret, but not guessable either). */
export function newId(): string {
  // Never a leading '-': an id is typed on command lines (`hammercrawl seat <tableId>`), where it would read as an option.
  for (;;) {
    const id = randomBytes(12).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** SHA-256 of a token, hex: what the store keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Dice from the operating system's cryptographic source (uniform, unbiased). */
export function cryptoRandom(): RandomSource {
  return {
    rollDie(sides: number): number {
      return sides === 1 ? 1 : randomInt(1, sides + 1);
    },
  };
}
