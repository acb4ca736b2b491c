/**
 * The exact odds of a So Long as Men Die tracker attack, computed in the browser before the click from
 * the same builder the server rolls with (src/rules/so-long-as-men-die/table/tracker-attack.ts:
 * `trackerAttack`, then `trackerAttackOdds`). Loaded with the attack control (its own chunk).
 */
import type { CombatState } from '../../../../src/table/combat.js';
import type { TableSettings } from '../../../../src/table/events.js';
import { attackSettingsOf, trackerAttack, trackerAttackOdds, type SlamdTrackerAttackOptions } from '../../../../src/rules/so-long-as-men-die/table/tracker-attack.js';
import { readCharacter } from '../../../../src/rules/so-long-as-men-die/character.js';
import { BARE_HAND_ID, findWeapon } from '../../../../src/rules/so-long-as-men-die/data/weapons.js';
import type { TableCharacter } from '../../lib/protocol.js';

/** One weapon a character can strike with. */
export interface WeaponChoice {
  readonly id: string;
  readonly label: string;
}

/** The weapons a table character holds in hand, then bare hands (empty when its document cannot be read). */
export function heldWeapons(character: TableCharacter | undefined): readonly WeaponChoice[] {
  if (character === undefined) return [];
  const doc = readCharacter(character.document);
  if (!doc.ok) return [];
  const ids = [...new Set(doc.value.inventory.filter((e) => e.kind === 'weapon' && e.hands.length > 0).map((e) => e.itemId)), BARE_HAND_ID];
  return ids.map((id) => ({ id, label: findWeapon(id)?.label ?? id }));
}

/** What the page shows before the click. */
export type SlamdAttackPreview =
  | {
      readonly ok: true;
      /** Chance any damage gets past Defense. */
      readonly pastDefense: number;
      /** Chance something gets past Toughness too (an injury, or a knock-out). */
      readonly pastToughness: number;
      /** Chance the target ends down (unconscious or dead). */
      readonly down: number;
      readonly dead: number;
      /** Every outcome with a chance, in order of growing harm. */
      readonly outcomes: readonly { readonly label: string; readonly p: number }[];
      /** What the attack rolls against what ("2d6 +2 against d8 +2, 1 Toughness Die, CON 10"). */
      readonly description: string;
    }
  | { readonly ok: false; readonly message: string; readonly isHidden?: true };

/** The exact odds of `attackerId` attacking `targetId` with the tracker as it is now. */
export function previewSlamdAttack(
  combat: unknown,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: SlamdTrackerAttackOptions = {},
  settings: TableSettings = {},
): SlamdAttackPreview {
  if (typeof combat !== 'object' || combat === null || !Array.isArray((combat as { combatants?: unknown }).combatants)) return { ok: false, message: 'No combat tracker yet.' };
  const state = combat as CombatState;
  const target = state.combatants.find((c) => c.id === targetId);
  if (target?.isHidden === true) {
    return { ok: false, isHidden: true, message: `${target.name}'s Defense, Toughness and Wounds are the Smith's: the odds are the Smith's to know. Attack, and the log tells you how it went.` };
  }
  // The table's `explosions` (SL-9) and `mutilation-damage` (SL-10) change the odds as they change the roll.
  const built = trackerAttack(state, characters, attackerId, targetId, options, attackSettingsOf(settings));
  if (!built.ok) return { ok: false, message: built.error.message };
  let odds: ReturnType<typeof trackerAttackOdds>;
  try {
    odds = trackerAttackOdds(built.value);
  } catch (e) {
    // A number out of the rules' limits (a Modifier past 20): the server refuses it the same way.
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const { attack, outcomes } = odds;
  const s = built.value.spec;
  const p = (id: string) => outcomes.find((o) => o.outcome === id)?.p ?? 0;
  const pastDefense = 1 - p('no-damage');
  const pastToughness = pastDefense - p('soaked');
  const down = p('knocked-out') + p('unconscious') + p('unconscious-and-mutilated') + p('dead');
  const roll = s.damage.kind === 'dice' ? `${s.damage.count}d${s.damage.sides}` : String(s.damage.value);
  const description = `${built.value.weapon}: ${roll}${s.modifier !== 0 ? ` ${s.modifier > 0 ? '+' : '-'} ${Math.abs(s.modifier)}` : ''} against Defense d${s.defenseDie}${s.defenseBonus !== 0 ? ` +${s.defenseBonus}` : ''}, ${s.toughnessDice} Toughness ${s.toughnessDice === 1 ? 'Die' : 'Dice'}, CON ${s.conScore}, ${built.value.woundsLeft} Wounds left; mean ${attack.meanRemaining.toFixed(1)} past Toughness`;
  return { ok: true, pastDefense, pastToughness, down, dead: p('dead'), outcomes: outcomes.filter((o) => o.p > 0).map((o) => ({ label: o.label, p: o.p })), description };
}
