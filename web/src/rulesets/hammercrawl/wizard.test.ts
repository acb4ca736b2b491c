import { describe, expect, it } from 'vitest';
import type { ParamDef } from '../../../../src/rules/rule-system.js';
import { hammercrawlCreationDefs, hammercrawlValues } from './wizard.js';

const DEFS: ParamDef[] = [
  { name: 'method', kind: 'choice', label: 'Method', help: '', choices: [{ id: 'random', label: 'A' }, { id: 'semi', label: 'B' }, { id: 'palladium', label: 'P' }], default: 'random' },
  { name: 'name', kind: 'text', label: 'Name', help: '', maxLength: 60 },
  { name: 'stock', kind: 'text', label: 'Stock', help: '', maxLength: 40 },
  { name: 'class', kind: 'choice', label: 'Class', help: '', choices: [{ id: 'fighter', label: 'Fighter' }] },
];

describe('HAMMERCRAWL! creation choices', () => {
  it('hides stock and class under Option A', () => {
    expect(hammercrawlCreationDefs(DEFS, { method: 'random' }).map((d) => d.name)).toEqual(['method', 'name']);
    expect(hammercrawlValues({ method: 'random', stock: 'x', class: 'y', name: 'N' })).toEqual({ method: 'random', name: 'N' });
  });
  it('lists the stocks of the method\'s setting', () => {
    const semi = hammercrawlCreationDefs(DEFS, { method: 'semi' }).find((d) => d.name === 'stock');
    const pal = hammercrawlCreationDefs(DEFS, { method: 'palladium' }).find((d) => d.name === 'stock');
    expect(semi?.kind).toBe('choice');
    expect(pal?.kind).toBe('choice');
    if (semi?.kind !== 'choice' || pal?.kind !== 'choice') return;
    expect(semi.choices.length).toBeGreaterThan(1);
    expect(semi.choices.map((c) => c.id)).toContain('human');
    expect(pal.choices.map((c) => c.id)).not.toEqual(semi.choices.map((c) => c.id));
  });
});
