/**
 * The exact odds of a one-click tracker attack (HAMMERCRAWL!), computed in the browser before the
 * click from the same builder the server rolls with: `trackerAttack` (src/rules/hammercrawl/table/tracker-attack.ts)
 * then `attackOdds`. Loaded with the attack controls (its own chunk), never in the first load.
 */
import type { Character } from '../../../../src/rules/hammercrawl/character.js';
import { attackOdds } from '../../../../src/rules/hammercrawl/combat/attack.js';
import { fighterFromCharacter } from '../../../../src/rules/hammercrawl/combat/fighter.js';
import type { CombatState } from '../../../../src/table/combat.js';
import { combatSettingsOf, trackerAttack, type TrackerAttackOptions } from '../../../../src/rules/hammercrawl/table/tracker-attack.js';
import type { TableSettings } from '../../../../src/table/events.js';
import type { TableCharacter } from '../../lib/protocol.js';

/** One way a character can attack. */
export interface WeaponChoice {
  readonly id: string;
  readonly label: string;
}

/** The weapons of a table character (empty when its document cannot be read as a fighter). */
export function weaponsOf(character: TableCharacter | undefined): readonly WeaponChoice[] {
  if (character === undefined) return [];
  try {
    return fighterFromCharacter(character.document as unknown as Character).weapons.map((w) => ({ id: w.id, label: w.label }));
  } catch {
    return [];
  }
}

/** A die as the tracker writes it: `d6`, or `down` / `none`. */
const die = (sides: number | null, none: string) => (sides === null ? none : `d${sides}`);

/** One possible state of the target after the attack. */
export interface AfterOutcome {
  /** "Health d6, Armour d4", "down", or "unchanged". */
  readonly text: string;
  readonly p: number;
}

/** What the page shows before the click. */
export type AttackPreview =
  | {
      readonly ok: true;
      readonly hit: number;
      readonly crit: number;
      readonly down: number;
      /** The likeliest states of the target after the attack, likeliest first (at most three). */
      readonly likeliest: readonly AfterOutcome[];
      readonly weaponLabel: string;
    }
  | { readonly ok: false; readonly message: string; readonly isHidden?: never }
  /** The target is the Smith's combatant and its numbers are the Smith's (ruling TB-17): the attack can be made, its odds not shown. */
  | { readonly ok: false; readonly message: string; readonly isHidden: true };

/** The exact odds of `attackerId` attacking `targetId` with the tracker as it is now. */
export function previewAttack(
  combat: unknown,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: TrackerAttackOptions = {},
  settings: TableSettings = {},
): AttackPreview {
  if (typeof combat !== 'object' || combat === null || !Array.isArray((combat as { combatants?: unknown }).combatants)) {
    return { ok: false, message: 'No combat tracker yet.' };
  }
  const target = (combat as { combatants: readonly unknown[] }).combatants.find((c) => typeof c === 'object' && c !== null && (c as { id?: unknown }).id === targetId) as
    | { readonly name?: unknown; readonly isHidden?: unknown }
    | undefined;
  if (target?.isHidden === true) {
    const name = typeof target.name === 'string' ? target.name : 'This foe';
    return { ok: false, isHidden: true, message: `${name}'s Health, Armour and Defense are the Smith's: the odds are the Smith's to know. Attack, and the log tells you whether it hit.` };
  }
  try {
    // The table's combat rulings (CB-1, H-1) change the odds as they change the roll.
    const built = trackerAttack(combat as CombatState, characters, attackerId, targetId, options, combatSettingsOf(settings));
    if (!built.ok) return { ok: false, message: built.error.message };
    const odds = attackOdds(built.value.attack.spec);
    const before = built.value.attack.spec.defender;
    const likeliest = odds.outcomes
      .slice()
      .sort((a, b) => b.p - a.p)
      .slice(0, 3)
      .map((o) => ({
        p: o.p,
        text:
          o.healthDie === null
            ? 'down'
            : o.healthDie === before.healthDie && o.armourDie === before.armourDie
              ? 'unchanged'
              : `Health ${die(o.healthDie, 'down')}${o.armourDie !== null || before.armourDie !== null ? `, Armour ${die(o.armourDie, 'none')}` : ''}`,
      }));
    return { ok: true, hit: odds.hit, crit: odds.crit, down: odds.down, likeliest, weaponLabel: built.value.attack.weapon.label };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** A chance as the page writes it: one decimal, `<0.1%` for tiny non-zero chances. */
export function percent(p: number): string {
  if (p > 0 && p < 0.0005) return '<0.1%';
  return `${(p * 100).toFixed(1)}%`;
}
