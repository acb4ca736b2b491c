/**
 * Migrations of the character document, one pure numbered function each (conventions: Saved data).
 * Version 1 was written at creation and only read; version 2 is changed by play (ruling EH-28).
 */
import { NO_PLAY } from '../character-play.js';
import type { CharacterHistoryEntry } from '../rule-system.js';
import { ATTRIBUTE_IDS, type AttributeId } from './attributes.js';
import type { AttributeScore, ExaltedHackCharacter, InventoryEntry, KnownLanguage, WeaponTraining } from './document.js';

/** A version-1 document as it was written: attributes as `{ score }`, no play fields (a table may have appended them). */
export interface CharacterV1 {
  readonly ruleset: 'exalted-hack';
  readonly schemaVersion: 1;
  readonly name: string;
  readonly level: number;
  readonly stats: { readonly [K in AttributeId]: { readonly score: number } };
  readonly hitDie: number;
  readonly hp: { readonly current: number; readonly max: number };
  readonly attributeDamage: { readonly [K in AttributeId]: number };
  readonly weaponTraining: readonly WeaponTraining[];
  readonly languages: readonly KnownLanguage[];
  readonly inventory: readonly InventoryEntry[];
  readonly silver: number;
  readonly notes?: string;
  readonly conditions?: readonly string[];
  readonly history?: readonly CharacterHistoryEntry[];
}

/**
 * Version 1 to 2: each attribute's current score (its score less its damage), `isDying` where the
 * document shows it (0 HP with CON damage and CON left, as version 1's summary read it), no armour,
 * no projects, and empty notes, conditions and history where the document had none (ruling EH-28).
 * @example migrateV1ToV2(v1).stats.con // { score: 12, current: 10 } when attributeDamage.con is 2
 */
export function migrateV1ToV2(v1: CharacterV1): ExaltedHackCharacter {
  const stats = {} as Record<AttributeId, AttributeScore>;
  for (const id of ATTRIBUTE_IDS) stats[id] = { score: v1.stats[id].score, current: v1.stats[id].score - v1.attributeDamage[id] };
  return {
    ruleset: 'exalted-hack',
    schemaVersion: 2,
    name: v1.name,
    level: v1.level,
    stats,
    hitDie: v1.hitDie,
    hp: v1.hp,
    attributeDamage: v1.attributeDamage,
    isDying: v1.hp.current === 0 && v1.attributeDamage.con > 0 && stats.con.current > 0,
    armour: { value: 0, kind: 'regular' },
    weaponTraining: v1.weaponTraining,
    languages: v1.languages,
    inventory: v1.inventory,
    silver: v1.silver,
    projects: [],
    notes: v1.notes ?? NO_PLAY.notes,
    conditions: v1.conditions ?? NO_PLAY.conditions,
    history: v1.history ?? NO_PLAY.history,
  };
}
