/**
 * Dice derived from a committed key (docs/protocol.md, Verifiable rolls). A roll's source is fixed by
 * inputs the server cannot choose after committing to the key: the key itself, the table id, the seq
 * of the roll's event and the nonce its client sent. Anyone who learns the key later recomputes the
 * faces with `derivedRandom` and compares them with the log.
 *
 * The stream: seed = HMAC-SHA-256(key, "hammercrawl-dice/1" 0 tableId 0 seq 0 nonce), then block i is
 * SHA-256(seed || i as 4 bytes big-endian), read as 32-bit big-endian words. A die of n sides takes
 * the next word w below the largest multiple of n under 2^32 (rejection sampling: no face is favoured)
 * and shows (w mod n) + 1; a d1 shows 1 and takes no word.
 */
import { hmacSha256, sha256, utf8Bytes } from './sha256.js';
import type { RandomSource } from './random.js';

/** Version tag of the derivation, the first bytes of every seed's message. */
export const DERIVATION_TAG = 'hammercrawl-dice/1';

/** Bytes of an epoch key. */
export const EPOCH_KEY_BYTES = 32;

/** Largest die the derived stream rolls (a word is 32 bits). */
export const MAX_DERIVED_SIDES = 0xffff_ffff;

/** What a roll's dice are derived from. */
export interface DerivationInput {
  readonly key: Uint8Array;
  readonly tableId: string;
  readonly seq: number;
  /** The rolling client's nonce; '' when it sent none. */
  readonly nonce: string;
}

/** A source of dice derived from a key, which counts the words it has read. */
export interface DerivedRandom extends RandomSource {
  /** 32-bit words read so far (rejected ones included). */
  readonly wordsUsed: number;
}

/** The stream's seed for one roll. */
export function derivationSeed(input: DerivationInput): Uint8Array {
  if (!Number.isSafeInteger(input.seq) || input.seq < 1) throw new RangeError(`seq must be a positive integer, got ${input.seq}`);
  return hmacSha256(input.key, utf8Bytes(`${DERIVATION_TAG}\u0000${input.tableId}\u0000${input.seq}\u0000${input.nonce}`));
}

/** The dice of one roll, derived from its inputs: the same faces wherever it is computed. */
export function derivedRandom(input: DerivationInput): DerivedRandom {
  const seed = derivationSeed(input);
  const message = new Uint8Array(seed.length + 4);
  message.set(seed);
  const counter = new DataView(message.buffer, seed.length, 4);
  let block: DataView = new DataView(new ArrayBuffer(0));
  let blockIndex = 0;
  let wordInBlock = 8;
  let words = 0;
  const nextWord = (): number => {
    if (wordInBlock === 8) {
      counter.setUint32(0, blockIndex);
      blockIndex += 1;
      const bytes = sha256(message);
      block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      wordInBlock = 0;
    }
    const w = block.getUint32(wordInBlock * 4);
    wordInBlock += 1;
    words += 1;
    return w;
  };
  return {
    get wordsUsed() {
      return words;
    },
    rollDie(sides: number): number {
      if (!Number.isInteger(sides) || sides < 1 || sides > MAX_DERIVED_SIDES) throw new RangeError(`a derived die has 1 to ${MAX_DERIVED_SIDES} sides, got ${sides}`);
      if (sides === 1) return 1;
      const limit = Math.floor(0x1_0000_0000 / sides) * sides;
      for (;;) {
        const w = nextWord();
        if (w < limit) return (w % sides) + 1;
      }
    },
  };
}

/** A die asked for and the face it showed: [sides, face]. */
export type Draw = readonly [sides: number, face: number];

/** A source that hands out `inner`'s faces and keeps each draw, in order. */
export interface RecordingRandom extends RandomSource {
  readonly draws: readonly Draw[];
}

/** Wraps a source to keep the dice it rolls (what a roll's event records of its derivation). */
export function recordingRandom(inner: RandomSource): RecordingRandom {
  const draws: Draw[] = [];
  return {
    draws,
    rollDie(sides: number): number {
      const face = inner.rollDie(sides);
      draws.push([sides, face]);
      return face;
    },
  };
}

/** The faces `input` derives for the dice `sides`, in order. */
export function deriveFaces(input: DerivationInput, sides: readonly number[]): number[] {
  const rng = derivedRandom(input);
  return sides.map((s) => rng.rollDie(s));
}

/** SHA-256 of a key: the commitment published before the key's epoch rolls anything. */
export function commitmentOf(key: Uint8Array): Uint8Array {
  return sha256(key);
}
