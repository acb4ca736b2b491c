/** HAMMERCRAWL! initiative, both flows (COMBAT; COMBAT FLOW 2024-09): the rolls with exact odds, and state + commands -> events. */
export * from './contest.js';
export * from './initiative.js';
export * from './simultaneous.js';
