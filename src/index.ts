/** hammercrawl: the rules engine of the HAMMERCRAWL! role-playing game. */
export * from './dice/index.js';
