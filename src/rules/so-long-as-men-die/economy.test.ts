import { describe, expect, it } from 'vitest';
import { MAX_PLANNED_ACTIONS, attacksPerAction, spendRound } from './economy.js';

describe('the action economy (Actions)', () => {
  it('one action, one reaction, one movement; talking is free', () => {
    const r = spendRound([{ actionId: 'move' }, { actionId: 'attack' }, { actionId: 'talk' }, { actionId: 'punish' }], []);
    expect(r).toMatchObject({ ok: true, value: { left: { action: 0, reaction: 0, movement: 0 } } });
    expect(spendRound([{ actionId: 'attack' }, { actionId: 'sprint' }], [])).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/out-of-economy', path: '$[1]' } });
  });

  it('an object interaction uses the action or the movement; with Fast Hands it is free', () => {
    const r = spendRound([{ actionId: 'attack' }, { actionId: 'object-interaction' }], []);
    expect(r.ok && r.value.payments).toEqual([['action'], ['movement']]);
    expect(spendRound([{ actionId: 'object-interaction', pay: 'reaction' }], [])).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/wrong-payment' } });
    const fast = spendRound([{ actionId: 'attack' }, { actionId: 'move' }, { actionId: 'object-interaction' }], ['fast-hands']);
    expect(fast.ok && fast.value.payments[2]).toEqual(['free']);
  });

  it('Dodge takes action, reaction and movement at once', () => {
    expect(spendRound([{ actionId: 'dodge' }], []).ok).toBe(true);
    expect(spendRound([{ actionId: 'move' }, { actionId: 'dodge' }], []).ok).toBe(false);
  });

  it(`unknown actions and more than ${MAX_PLANNED_ACTIONS} steps are problems`, () => {
    expect(spendRound([{ actionId: 'parry' }], [])).toMatchObject({ ok: false, error: { code: 'so-long-as-men-die/unknown-action', path: '$[0].actionId' } });
    const talk = (n: number) => Array.from({ length: n }, () => ({ actionId: 'talk' }));
    expect(spendRound(talk(MAX_PLANNED_ACTIONS), []).ok).toBe(true);
    expect(spendRound(talk(MAX_PLANNED_ACTIONS + 1), []).ok).toBe(false);
  });
});

describe('Light weapons (Weapons, Light)', () => {
  it('two held Light weapons attack twice for one action; a Pugilist\'s fists count', () => {
    expect(attacksPerAction(['dagger', 'claws'], [])).toBe(2);
    expect(attacksPerAction(['dagger', 'falchion'], [])).toBe(1);
    expect(attacksPerAction(['bare-hand', 'bare-hand'], [])).toBe(1);
    expect(attacksPerAction(['bare-hand', 'bare-hand'], ['pugilist'])).toBe(2);
  });
});
