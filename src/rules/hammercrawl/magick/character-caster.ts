/**
 * The caster a HAMMERCRAWL! character document makes: its spellcasting block, its level and stats, and
 * the class specials that give Mana-burn and Over-Casting. Apart from caster.ts (the Spell Die's rules),
 * which knows casters only, so that the magick modules need not import the document.
 * Rules: HAMMERCRAWL! v4, CLASSES (CORE), MAGICK.
 */
import type { Character } from '../character.js';
import { CLASS_FEATURES, SPELLCASTING_PROFILES } from '../data/classes.js';
import { classById, pickEffects } from '../derived.js';
import type { Caster } from './caster.js';

function hasFeature(character: Character, id: string): boolean {
  const cls = classById(character.class);
  const feature = CLASS_FEATURES.find((f) => f.id === id);
  if (!feature) return false;
  return pickEffects(cls, character.classPicks).some((p) => p.source === feature.label);
}

/**
 * The caster of a character document, or null for a character without spellcasting (CLASSES (CORE);
 * the document's `spellcasting` block). Mana-burn and Over-Casting come from the class specials.
 * @example casterFromCharacter(trueMage)?.grade // 'dedicated'
 */
export function casterFromCharacter(character: Character): Caster | null {
  const sc = character.spellcasting;
  if (!sc) return null;
  const profile = SPELLCASTING_PROFILES.find((p) => p.id === sc.profileId);
  if (!profile) throw new RangeError(`no spellcasting profile '${sc.profileId}'`);
  return {
    level: character.level,
    grade: profile.grade,
    spellStat: sc.spellStat,
    spellStatScore: character.stats[sc.spellStat].score,
    sustainDivisor: profile.sustainDivisor,
    conScore: character.stats.CON.score,
    hasManaBurn: hasFeature(character, 'mana-burn'),
    canOvercast: hasFeature(character, 'over-casting'),
    profileId: profile.id,
  };
}
