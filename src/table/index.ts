/** A shared game table: commands -> events -> state, and what each viewer may see. Pure. */
export * from './limits.js';
export * from './result.js';
export * from './events.js';
export * from './permissions.js';
export * from './combat.js';
export * from './state.js';
export * from './commands.js';
export * from './project.js';
export * from './epochs.js';
