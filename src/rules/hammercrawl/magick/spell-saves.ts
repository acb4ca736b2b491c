/**
 * Saves against spells: the saver's d20 plus a stat mod against a target the spell sets (often one of the
 * caster's stats), one step worse against a caster of greater level, Spell Penetration (one step worse from
 * a True Mage's level 4, two from level 9), and a psion's grade when the spell is psionic. Rules: HAMMERCRAWL!
 * v4, SAVES (and its EXAMPLE); True Mage, Spell Penetration; PSIONICS, Psionic Grades. Rulings:
 * docs/rulings.md (S-1, S-2, CL-16), docs/rulings.md (MG-17).
 */
import type { StepModifier } from '../../../dice/index.js';
import type { StatId } from '../check-modifiers.js';
import type { PsionicGrade } from '../character.js';
import { CLASS_FEATURES } from '../data/classes.js';
import type { SaveSpec } from '../saves.js';
import { withPsionicSave } from './psionics.js';

const PENETRATION = CLASS_FEATURES.find((f) => f.id === 'spell-penetration');

/**
 * Spell Penetration: the steps (negative, against the saver) on Saves against a True Mage's spells at a
 * class level, from the class data (-1 from level 4, -2 from level 9; CL-16).
 * @example spellPenetrationSteps(9) // [{ amount: -2, origin: { kind: 'power', id: 'spell-penetration', ... } }]
 */
export function spellPenetrationSteps(casterLevel: number): StepModifier[] {
  let amount = 0;
  for (const effect of PENETRATION?.effects ?? []) {
    if (effect.kind !== 'save-steps-against-spells') continue;
    for (const row of effect.byLevel) if (casterLevel >= row.level) amount = row.value;
  }
  if (amount === 0) return [];
  return [{ amount, origin: { kind: 'power', id: 'spell-penetration', label: `Spell Penetration (caster level ${casterLevel})` } }];
}

/**
 * A Save against a spell, as data.
 * @example { stat: 'WIL', statMod: 1, level: 3, casterLevel: 2, target: 14 } // d20 + 1 against 14
 */
export interface SpellSave {
  readonly stat: StatId;
  readonly statMod: number;
  /** The saver's level (or HD). */
  readonly level: number;
  /** The caster's level (or HD); greater than the saver's costs a step (S-2). */
  readonly casterLevel: number;
  /** The Save's target, set by the spell (often a caster's stat score). */
  readonly target: number;
  /** The caster has Spell Penetration (the True Mage). */
  readonly hasSpellPenetration?: boolean;
  /** The spell is psionic, and the saver's grade. */
  readonly psionic?: { readonly saverGrade: PsionicGrade | null };
  readonly allOrNothing?: boolean;
  readonly label?: string;
}

/**
 * The Save a spell calls for (SAVES; Spell Penetration; Psionic Grades): roll it with `rollSave`, its odds
 * with `saveOdds`.
 * @example prepareSave(spellSaveSpec({ stat: 'WIL', statMod: 0, level: 3, casterLevel: 5, target: 14 })).dice // ['d16']
 */
export function spellSaveSpec(save: SpellSave): SaveSpec {
  const steps = save.hasSpellPenetration ? spellPenetrationSteps(save.casterLevel) : [];
  const spec: SaveSpec = {
    stat: save.stat,
    statMod: save.statMod,
    target: save.target,
    level: save.level,
    sourceLevel: save.casterLevel,
    steps,
    ...(save.allOrNothing !== undefined ? { allOrNothing: save.allOrNothing } : {}),
    label: save.label ?? `${save.stat} Save against a spell`,
  };
  return withPsionicSave(spec, save.psionic?.saverGrade ?? null, save.psionic !== undefined);
}
