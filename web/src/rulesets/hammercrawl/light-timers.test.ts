import { describe, expect, it } from 'vitest';
import { formatRemaining, nextName } from './light-timers.js';

describe('light timers', () => {
  it('writes the time left and names the next light', () => {
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
    expect(nextName('Torch 1')).toBe('Torch 2');
    expect(nextName('Torch 9')).toBe('Torch 10');
    expect(nextName('Lantern')).toBe('Lantern 2');
  });
});
