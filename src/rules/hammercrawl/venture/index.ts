/** HAMMERCRAWL! Ventures and time (VENTURES AND SESSION STRUCTURE; LIGHT SOURCES; THE SMITH'S RULES; CAMPING AND RESTING): state + commands -> events. */
export * from './light.js';
export * from './limits.js';
export * from './camping.js';
export * from './venture.js';
