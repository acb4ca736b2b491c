/**
 * The odds of a Bare Bones exchange before the click, computed in the page from the engine functions
 * the server rolls with (src/rules/bare-bones/table/tracker-attack.ts): the same plan, the same odds.
 */
import type { CombatState, TableCharacter as RulesCharacter } from '../../../../src/rules/rule-system.js';
import { attackOdds, planAttack, type AttackOdds, type BareBonesAttackOptions } from '../../../../src/rules/bare-bones/table/tracker-attack.js';
import type { TableCharacter } from '../../lib/protocol.js';

/** What the control shows: the odds, or why there are none (the message), and whether the Smith keeps the numbers. */
export type AttackPreview = ({ readonly ok: true; readonly description: readonly string[] } & AttackOdds) | { readonly ok: false; readonly message: string; readonly isHidden?: true };

/** The odds of `attackerId`'s exchange on `targetId` with `options`, at a table with `settings`. */
export function previewAttack(
  combat: unknown,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: BareBonesAttackOptions,
  settings: Readonly<Record<string, string | number | boolean>>,
): AttackPreview {
  const state = combat as CombatState;
  const target = state.combatants.find((c) => c.id === targetId);
  if (target?.isHidden === true) return { ok: false, isHidden: true, message: `The Smith keeps ${target.name}'s numbers: the odds are the Smith's to see.` };
  const plan = planAttack(state, characters as unknown as readonly RulesCharacter[], attackerId, targetId, options, settings);
  if (!plan.ok) return { ok: false, message: plan.error.message };
  return { ok: true, description: plan.value.lines, ...attackOdds(plan.value) };
}

/** "37%", "<1%" for a chance that is not zero, "0%" for none. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  return `${Math.round(p * 100)}%`;
}
