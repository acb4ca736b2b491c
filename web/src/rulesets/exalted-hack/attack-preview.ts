/**
 * The odds an Exalted Hack tracker attack shows before the click, from the very plan the server rolls
 * (src/rules/exalted-hack/table/tracker-attack.ts): for a character's attack the chance to hit, to crit
 * and to down the foe, and the damage expected; for a foe's attack the character's chance to defend,
 * the damage expected and the chance to be downed. A hidden foe's armour, HP and line are the DM's:
 * only the chance to hit (or to defend) is shown, as if the foe were not powerful.
 */
import type { CombatState, TableCharacter } from '../../../../src/rules/rule-system.js';
import { readHp, trackerAttack, trackerAttackOdds, type TrackerAttackOptions } from '../../../../src/rules/exalted-hack/table/tracker-attack.js';

/** What the control shows. */
export type AttackPreview =
  | {
      readonly ok: true;
      readonly mode: 'attack' | 'defence';
      /** Attack: the chance to hit; defence: the chance the character stops it. */
      readonly main: number;
      readonly crit: number;
      /** Mean damage that lands. */
      readonly mean: number;
      /** Chance the target is down after it (null when the foe's HP are hidden). */
      readonly down: number | null;
      readonly description: string;
    }
  | { readonly ok: false; readonly message: string };

/** A percentage as the tracker shows it: "45%", "<1%" and ">99%" at the ends. */
export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** The odds of `attackerId` attacking `targetId` with `options`, read from the server's tracker. */
export function previewAttack(combat: unknown, characters: readonly TableCharacter[], attackerId: string, targetId: string, options: TrackerAttackOptions): AttackPreview {
  const state = combat as CombatState;
  const target = state.combatants.find((c) => c.id === targetId);
  const attacker = state.combatants.find((c) => c.id === attackerId);
  const isHidden = target?.isHidden === true || attacker?.isHidden === true;
  // A hidden foe: a stand-in with no armour and a plain line, for the chance to hit (or defend) alone.
  const hiddenId = target?.isHidden === true ? targetId : attackerId;
  const view = isHidden ? { ...state, combatants: state.combatants.map((c) => (c.id === hiddenId ? { ...c, health: '1', armour: '', monster: '' } : c)) } : state;
  const built = trackerAttack(view, characters, attackerId, targetId, options);
  if (!built.ok) return { ok: false, message: built.error.message };
  const odds = trackerAttackOdds(built.value);
  const p = (id: string) => odds.outcomes.find((o) => o.outcome === id)?.p ?? 0;
  const mode = built.value.mode;
  const hpLeft = mode === 'attack' ? readHp(built.value.target.health)?.hp ?? 0 : built.value.sheet.hp.current;
  const down = isHidden ? null : (odds.values ?? []).filter((v) => v.value >= hpLeft && v.value > 0).reduce((s, v) => s + v.p, 0);
  return {
    ok: true,
    mode,
    main: p('critical') + p('success'),
    crit: p('critical'),
    mean: odds.mean ?? 0,
    down,
    description: odds.description,
  };
}
