/** The HAMMERCRAWL! v4 ruleset: checks, saves, the Feat Die, resource dice, damage and hammer dice. Pure. */
export * from './check-modifiers.js';
export * from './checks.js';
export * from './feat-die.js';
export * from './saves.js';
export * from './resource-die.js';
export * from './damage.js';
export * from './hammer-dice.js';
export * from './hammer-pools.js';
