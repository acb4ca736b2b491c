/** The dice engine: chains, notation, rolling and exact odds. Pure: no I/O, no clock. */
export * from './errors.js';
export * from './limits.js';
export * from './random.js';
export * from './dice-chain.js';
export * from './die-unit.js';
export * from './notation/ast.js';
export { parseNotation, netVantage, dieSpecForSides, TENS_DICE, DIGIT_DICE } from './notation/parse.js';
export { formatNotation, formatTerm, formatDieSpec } from './notation/format.js';
export * from './resolve.js';
export * from './roll.js';
export * from './distribution.js';
