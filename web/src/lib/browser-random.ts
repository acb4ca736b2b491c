/** A fair RandomSource for the browser (character creation in the wizard), from `crypto.getRandomValues`. */
import type { RandomSource } from '../../../src/dice/index.js';

/** Uniform integers by rejection sampling on 32-bit words (no modulo bias). */
export function cryptoRandom(fill: (a: Uint32Array<ArrayBuffer>) => unknown = (a) => crypto.getRandomValues(a)): RandomSource {
  const buf: Uint32Array<ArrayBuffer> = new Uint32Array(64);
  let i = buf.length;
  const next = (): number => {
    if (i >= buf.length) {
      fill(buf);
      i = 0;
    }
    return buf[i++]!;
  };
  return {
    rollDie(sides: number): number {
      if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`a die needs a whole number of sides, got ${sides}`);
      const limit = 0x1_0000_0000 - (0x1_0000_0000 % sides);
      for (;;) {
        const x = next();
        if (x < limit) return (x % sides) + 1;
      }
    },
  };
}
