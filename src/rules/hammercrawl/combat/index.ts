/** HAMMERCRAWL! combat: attacks with exact odds, Total Defense, Tactical Attacks, specials, encounters and the simulator. Pure. */
export * from './problems.js';
export * from './fighter.js';
export * from './harm.js';
export * from './attack.js';
export * from './build-attack.js';
export * from './encounter.js';
export * from './monster-spec.js';
export * from './simulate.js';
