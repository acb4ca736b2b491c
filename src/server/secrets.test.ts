import { describe, expect, it } from 'vitest';
import { newId } from './secrets.js';

describe('newId', () => {
  it('is 16 characters of base64url that never start with "-" (an id typed on a command line must not read as an option)', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
