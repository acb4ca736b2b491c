import { describe, expect, it } from 'vitest';
import { magickMomentOf, magickTimingProblem, TIMED_MAGICK_KINDS } from './timing.js';

const town = magickMomentOf({ isActive: false }, { location: 'town', node: null, campBreaks: 0 });
const fight = magickMomentOf({ isActive: true }, { location: 'town', node: null, campBreaks: 0 });
const room = magickMomentOf({ isActive: false }, { location: 'dungeon', node: { number: 1 }, campBreaks: 1 });
const corridor = magickMomentOf({ isActive: false }, { location: 'dungeon', node: null, campBreaks: 0 });
const camp = magickMomentOf({ isActive: false }, { location: 'dungeon', node: null, campBreaks: 1 });
const code = (kind: string, m: typeof town) => magickTimingProblem(kind, m)?.code ?? null;

describe('when magick commands may be sent (MG-19)', () => {
  it('no table, no Venture: in town and not fighting', () => {
    expect(magickMomentOf(null, null)).toEqual({ inFight: false, location: 'town', inNode: false, campBreaks: 0 });
  });
  it('a fight refuses every timed kind, and nothing else', () => {
    for (const kind of TIMED_MAGICK_KINDS) expect(code(kind, fight)).toBe('magick/not-in-a-fight');
    for (const kind of ['cast', 'concentration', 'cancel', 'release', 'learn', 'record-affliction', 'restore-con']) expect(code(kind, fight)).toBeNull();
  });
  it('town rest only in town', () => {
    expect(code('town-rest', town)).toBeNull();
    expect(code('town-rest', camp)).toBe('magick/not-in-town');
  });
  it('prepare and the night rest: anywhere but in a fight (a room with no fight is a quiet room)', () => {
    for (const kind of ['prepare', 'night-rest']) {
      expect(code(kind, town)).toBeNull();
      expect(code(kind, corridor)).toBeNull();
      expect(code(kind, room)).toBeNull();
    }
  });
  it('remember only in the dungeon, between rooms, after a camp this Venture', () => {
    expect(code('remember', camp)).toBeNull();
    expect(code('remember', corridor)).toBe('magick/not-at-camp');
    expect(code('remember', room)).toBe('magick/not-at-camp');
    expect(code('remember', town)).toBe('magick/not-at-camp');
  });
});
