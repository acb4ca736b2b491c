/** hammercrawl: the rules engine of the HAMMERCRAWL! role-playing game. */
export * from './dice/index.js';
/** The HAMMERCRAWL! v4 ruleset (`hammercrawl.rollCheck`, `hammercrawl.hitOutcomes`, ...). */
export * as hammercrawl from './rules/hammercrawl/index.js';
