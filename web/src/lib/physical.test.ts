import { describe, expect, it } from 'vitest';
import { HAMMERCRAWL_CHAIN } from '../../../src/dice/index.js';
import { faceProblem, physicalStep, readFace } from './physical.js';

describe('physical dice', () => {
  it('asks for each die in turn and totals the faces', () => {
    expect(physicalStep('2d6+1', [], HAMMERCRAWL_CHAIN)).toEqual({ kind: 'need', sides: 6, index: 0 });
    expect(physicalStep('2d6+1', [4], HAMMERCRAWL_CHAIN)).toEqual({ kind: 'need', sides: 6, index: 1 });
    const done = physicalStep('2d6+1', [4, 5], HAMMERCRAWL_CHAIN);
    expect(done.kind === 'done' && done.record.total).toBe(10);
  });
  it('asks for more dice when one explodes', () => {
    expect(physicalStep('1d6!', [6], HAMMERCRAWL_CHAIN)).toEqual({ kind: 'need', sides: 6, index: 1 });
    const done = physicalStep('1d6!', [6, 2], HAMMERCRAWL_CHAIN);
    expect(done.kind === 'done' && done.record.total).toBe(8);
  });
  it('asks for the stepped die and keeps the better of advantage', () => {
    expect(physicalStep('1d20^+1adv', [], HAMMERCRAWL_CHAIN)).toMatchObject({ kind: 'need', sides: 24 });
    const done = physicalStep('1d20^+1adv', [3, 17], HAMMERCRAWL_CHAIN);
    expect(done.kind === 'done' && done.record.total).toBe(17);
  });
  it('refuses a face the die cannot show', () => {
    expect(physicalStep('1d6', [7], HAMMERCRAWL_CHAIN)).toMatchObject({ kind: 'invalid', index: 0 });
    expect(physicalStep('1d6', [3, 4], HAMMERCRAWL_CHAIN)).toMatchObject({ kind: 'invalid', index: 1 });
    expect(faceProblem(0, 6)).toMatch(/1 to 6/);
    expect(faceProblem(2.5, 6)).toMatch(/whole/);
    expect(faceProblem(6, 6)).toBeNull();
  });
  it('reads typed faces', () => {
    expect(readFace(' 12 ', 20)).toEqual({ ok: true, face: 12 });
    expect(readFace('21', 20).ok).toBe(false);
    expect(readFace('abc', 20).ok).toBe(false);
    expect(readFace('', 20).ok).toBe(false);
  });
});
