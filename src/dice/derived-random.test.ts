// Derived dice: SHA-256 and HMAC against the platform's, the stream's determinism, and a seeded
// chi-square of the derived faces for every die of every chain.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { BARE_BONES_CHAIN, HAMMERCRAWL_CHAIN } from './dice-chain.js';
import { deriveFaces, derivedRandom, recordingRandom, commitmentOf, MAX_DERIVED_SIDES } from './derived-random.js';
import { fromHex, hmacSha256, sha256, toHex, utf8Bytes } from './sha256.js';
import { seededRandom } from './random.js';
import { chiSquareCritical, chiSquareStatistic } from '../../test/chi-square.js';

const key = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 31 + n) & 0xff);

describe('sha256 and hmac', () => {
  test('the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8Bytes('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('agree with node:crypto at every length across two blocks, and for parts', () => {
    const rng = seededRandom(7);
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, () => rng.rollDie(256) - 1);
      expect(toHex(sha256(bytes)), `length ${n}`).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(toHex(sha256(bytes.slice(0, n >> 1), bytes.slice(n >> 1)))).toBe(createHash('sha256').update(bytes).digest('hex'));
      const k = bytes.slice(0, n % 90);
      expect(toHex(hmacSha256(k, bytes)), `hmac length ${n}`).toBe(createHmac('sha256', k).update(bytes).digest('hex'));
    }
  });

  test('hex round trip; bad hex is null', () => {
    expect(toHex(fromHex('00ff10')!)).toBe('00ff10');
    expect(fromHex('abc')).toBeNull();
    expect(fromHex('zz')).toBeNull();
  });
});

describe('derived dice', () => {
  const input = { key: key(1), tableId: 'T1', seq: 5, nonce: 'n-1' };

  test('the same inputs give the same faces; any input changed gives others', () => {
    const sides = Array.from({ length: 40 }, () => 20);
    const faces = deriveFaces(input, sides);
    expect(deriveFaces(input, sides)).toEqual(faces);
    for (const other of [{ ...input, key: key(2) }, { ...input, tableId: 'T2' }, { ...input, seq: 6 }, { ...input, nonce: 'n-2' }, { ...input, nonce: '' }]) {
      expect(deriveFaces(other, sides)).not.toEqual(faces);
    }
  });

  test('a d1 shows 1 and reads no word; a die past the limit or not whole is refused', () => {
    const rng = derivedRandom(input);
    expect(rng.rollDie(1)).toBe(1);
    expect(rng.wordsUsed).toBe(0);
    rng.rollDie(6);
    expect(rng.wordsUsed).toBe(1);
    expect(rng.rollDie(MAX_DERIVED_SIDES)).toBeGreaterThanOrEqual(1);
    expect(() => rng.rollDie(MAX_DERIVED_SIDES + 1)).toThrow(RangeError);
    expect(() => rng.rollDie(2.5)).toThrow(RangeError);
    expect(() => derivedRandom({ ...input, seq: 0 }).rollDie(6)).toThrow(RangeError);
  });

  test('rejection: a die of 2^31 + 1 sides rejects about half the words, and never shows more than its sides', () => {
    const sides = 2 ** 31 + 1;
    const rng = derivedRandom(input);
    for (let i = 0; i < 200; i++) expect(rng.rollDie(sides)).toBeLessThanOrEqual(sides);
    expect(rng.wordsUsed).toBeGreaterThan(300);
    expect(rng.wordsUsed).toBeLessThan(500);
  });

  test('recording keeps every draw in order', () => {
    const rec = recordingRandom(derivedRandom(input));
    const a = rec.rollDie(6);
    const b = rec.rollDie(20);
    expect(rec.draws).toEqual([
      [6, a],
      [20, b],
    ]);
    expect(deriveFaces(input, [6, 20])).toEqual([a, b]);
  });

  test('the commitment is SHA-256 of the key', () => {
    expect(toHex(commitmentOf(key(3)))).toBe(createHash('sha256').update(key(3)).digest('hex'));
  });
});

const ALPHA = 1e-3;
const ROLLS_PER_FACE = 400;
const ALL_SIDES = [...new Set([...HAMMERCRAWL_CHAIN.sides, ...BARE_BONES_CHAIN.sides, 2, 100])].sort((a, b) => a - b);

describe(`derived faces are fair: chi-square, n = ${ROLLS_PER_FACE} x sides, alpha = ${ALPHA}`, () => {
  test.each(ALL_SIDES)('d%i over many seqs (one roll each, as the table rolls)', (sides) => {
    const counts = new Array<number>(sides).fill(0);
    for (let seq = 1; seq <= ROLLS_PER_FACE * sides; seq++) {
      const face = derivedRandom({ key: key(0), tableId: `fair-d${sides}`, seq, nonce: 'x' }).rollDie(sides);
      counts[face - 1]! += 1;
    }
    expect(chiSquareStatistic(counts, ROLLS_PER_FACE)).toBeLessThan(chiSquareCritical(ALPHA, sides - 1));
  });

  test('the same test catches a stream that favours a face', () => {
    const sides = 6;
    const counts = new Array<number>(sides).fill(0);
    for (let seq = 1; seq <= ROLLS_PER_FACE * sides; seq++) {
      const rng = derivedRandom({ key: key(9), tableId: 'biased', seq, nonce: '' });
      let face = rng.rollDie(sides);
      if (face !== 6 && rng.rollDie(5) === 1) face = 6;
      counts[face - 1]! += 1;
    }
    expect(chiSquareStatistic(counts, ROLLS_PER_FACE)).toBeGreaterThan(chiSquareCritical(ALPHA, sides - 1));
  });
});
