/** HAMMERCRAWL! magick and psionics: casters, spells prepared, cast, forgotten, sustained; Mana-burn, over-casting, scrolls, psionic grades. Pure. */
export * from './caster.js';
export * from './character-caster.js';
export * from './forget-odds.js';
export * from './magick-state.js';
export * from './commands.js';
export * from './scrolls.js';
export * from './psionics.js';
export * from './spell-saves.js';
