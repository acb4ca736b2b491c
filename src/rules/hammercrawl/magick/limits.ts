/**
 * The limits of magick, in a module that imports nothing, so that the character document's reader
 * (character.ts) can check a document's `magick` without loading the magick rules. Re-exported by the
 * modules that own each limit (caster.ts, commands.ts, magick-state.ts). Rules: HAMMERCRAWL! v4, MAGICK.
 */

/** The schema version of magick events and state; older logs are migrated up to it. */
export const MAGICK_SCHEMA_VERSION = 1;

/** Lowest stat score a caster's stats may have (the stat table starts at 1; STATS). */
export const MIN_STAT_SCORE = 1;
/** Highest stat score a caster's stats may have (the stat table ends at 20; STATS). */
export const MAX_STAT_SCORE = 20;

/** Lowest spell level. */
export const MIN_SPELL_LEVEL = 1;
/** Highest spell level accepted (MG-2): past any die the Spell Die reaches, so every level behaves by the rules. */
export const MAX_SPELL_LEVEL = 20;
/** Longest spell name. */
export const MAX_SPELL_NAME_LENGTH = 60;
/** Most spells one spellbook may hold. */
export const MAX_SPELLBOOK_SPELLS = 200;
/** Longest affliction text the Smith may record. */
export const MAX_AFFLICTION_LENGTH = 500;
