import { describe, expect, it } from 'vitest';
import { formatRemaining, nextLightName, nextName } from './light-timers.js';

describe('light timers', () => {
  it('writes the time left and names the next light', () => {
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
    expect(nextName('Torch 1')).toBe('Torch 2');
    expect(nextName('Torch 9')).toBe('Torch 10');
    expect(nextName('Lantern')).toBe('Lantern 2');
  });
});

describe('the next light\'s name', () => {
  it('comes from the lights the table has, so a reload never offers a name taken', () => {
    expect(nextLightName([], 'torch')).toBe('Torch 1');
    expect(nextLightName(['Torch 1', 'Torch 2'], 'torch')).toBe('Torch 3');
    expect(nextLightName(['torch 7', 'Torch 2', 'Lantern 1'], 'torch')).toBe('Torch 8');
    expect(nextLightName(['Torch 1', 'Lantern 1'], 'lantern')).toBe('Lantern 2');
    expect(nextLightName(['The big torch', 'Torch'], 'torch')).toBe('Torch 1');
  });
});
