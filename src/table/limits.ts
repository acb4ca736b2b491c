/** Limits of a shared table, each tested at and one past the limit (src/table/limits.test.ts). */

/** Longest table name. */
export const MAX_TABLE_NAME_LENGTH = 60;
/** Longest member (player, observer, Smith) name. */
export const MAX_MEMBER_NAME_LENGTH = 40;
/** Members a table may have, the Smith included. */
export const MAX_MEMBERS = 50;
/** Longest label on a roll ("Sneak past the guard"): the contract's, which rulesets' commands read too. */
export { MAX_LABEL_LENGTH, MAX_REQUEST_ID_LENGTH } from '../rules/rule-system.js';
/** Characters a table may hold. */
export const MAX_CHARACTERS = 200;
/** Largest character document, in characters of its JSON text, its history aside (that is bounded by MAX_HISTORY_ENTRIES). */
export const MAX_CHARACTER_JSON_LENGTH = 200_000;
/** Combatants in the combat tracker. */
export const MAX_COMBATANTS = 100;

/** Largest score, either way, the Smith may give a combatant for initiative (a monster's INT or DEX). */
export const MAX_COMBATANT_SCORE = 1000;
/** Conditions on one combatant. */
export const MAX_CONDITIONS = 20;
/** Longest condition or note text. */
export const MAX_CONDITION_LENGTH = 40;
/** Largest settings object, in characters of its JSON text. */
export const MAX_SETTINGS_JSON_LENGTH = 10_000;
/** Largest parameters of a character change, in characters of their JSON text. */
export const MAX_CHANGE_PARAMS_JSON_LENGTH = 10_000;
/** Longest chat message, in characters (UTF-16 code units, as the page counts them). */
export const MAX_CHAT_LENGTH = 1000;
