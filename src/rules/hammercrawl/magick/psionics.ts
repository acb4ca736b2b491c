/**
 * Psionic grades and what they do to Saves (Major Psions one step better against psionics, Master Psions
 * two), and the exact odds of each grade from the creation check. Powers and ISP defer to Palladium 1E, so
 * they are the Smith's (free text). Rules: HAMMERCRAWL! v4, PSIONICS (PALLADIUM), Psionic Grades;
 * CHARACTER CREATION, Palladium Psionics. Rulings: docs/rulings.md (MG-17), docs/rulings.md (CL-19, ST-6).
 */
import type { StepModifier } from '../../../dice/index.js';
import type { PsionicGrade } from '../character.js';
import { PSIONIC_GRADES } from '../character.js';
import { psionicGrade } from '../derived.js';
import type { SaveSpec } from '../saves.js';

/** The die of the psionics check at creation (Palladium Psionics: "Roll d100 vs 2X WIL stat"). */
export const PSIONICS_CHECK_DIE = 100;

/**
 * Favour steps on Saves against psionics, by grade (Psionic Grades): none for non-psions and Minor Psions,
 * one for a Major Psion, two for a Master Psion.
 * @example PSIONIC_SAVE_STEPS.master // 2
 */
export const PSIONIC_SAVE_STEPS = { none: 0, minor: 0, major: 1, master: 2 } as const satisfies Record<PsionicGrade, number>;

/**
 * The step a grade gives on a Save against psionics, as a step modifier with its origin; none when 0.
 * @example psionicSaveSteps('major') // [{ amount: 1, origin: { kind: 'rule', id: 'psionic-grade', label: 'Major Psion vs psionics' } }]
 */
export function psionicSaveSteps(grade: PsionicGrade | null): StepModifier[] {
  const amount = PSIONIC_SAVE_STEPS[grade ?? 'none'];
  if (amount === 0) return [];
  const name = grade === 'major' ? 'Major' : 'Master';
  return [{ amount, origin: { kind: 'rule', id: 'psionic-grade', label: `${name} Psion vs psionics` } }];
}

/**
 * A Save with the saver's psionic grade applied when the source is psionic (Psionic Grades).
 * @example withPsionicSave({ stat: 'WIL', statMod: 1, target: 14 }, 'master', true).steps // +2 steps
 */
export function withPsionicSave(save: SaveSpec, grade: PsionicGrade | null, sourceIsPsionic: boolean): SaveSpec {
  if (!sourceIsPsionic) return save;
  const extra = psionicSaveSteps(grade);
  return extra.length === 0 ? save : { ...save, steps: [...(save.steps ?? []), ...extra] };
}

/** Non-psions cannot use psionic powers or Psi-Tech; every psion can (Psionic Grades). */
export function canUsePsionics(grade: PsionicGrade | null): boolean {
  return grade !== null && grade !== 'none';
}

/**
 * The exact chance of each grade from the d100 check against twice WIL, counted face by face through
 * the same `psionicGrade` creation uses (Palladium Psionics).
 * @example psionicGradeOdds(14) // { none: 0.72, minor: 0.14, major: 0.07, master: 0.07 }
 */
export function psionicGradeOdds(wilScore: number): Record<PsionicGrade, number> {
  const counts: Record<PsionicGrade, number> = { none: 0, minor: 0, major: 0, master: 0 };
  for (let roll = 1; roll <= PSIONICS_CHECK_DIE; roll++) counts[psionicGrade(roll, wilScore)] += 1;
  const odds = { ...counts };
  for (const g of PSIONIC_GRADES) odds[g] = counts[g] / PSIONICS_CHECK_DIE;
  return odds;
}
