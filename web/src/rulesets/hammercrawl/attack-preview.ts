/**
 * The exact odds of a one-click tracker attack (HAMMERCRAWL!), computed in the browser before the
 * click from the same builder the server rolls with: `trackerAttack` (src/rules/hammercrawl/table/tracker-attack.ts)
 * then `attackOdds`. Loaded with the attack controls (its own chunk), never in the first load.
 */
import type { Character } from '../../../../src/rules/hammercrawl/character.js';
import { attackOdds } from '../../../../src/rules/hammercrawl/combat/attack.js';
import { fighterFromCharacter } from '../../../../src/rules/hammercrawl/combat/fighter.js';
import type { CombatState } from '../../../../src/table/combat.js';
import { attackFeatOffer, combatSettingsOf, trackerAttack, type AttackFeatOffer, type TrackerAttackOptions } from '../../../../src/rules/hammercrawl/table/tracker-attack.js';
import type { TableSettings } from '../../../../src/table/events.js';
import type { TableCharacter } from '../../lib/protocol.js';
import type { StatId } from '../../../../src/rules/hammercrawl/check-modifiers.js';
import { trackerDamage, trackerTactical, type TrackerDamageBody, type TrackerDamageValue } from '../../../../src/rules/hammercrawl/table/tracker-actions.js';

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

/**
 * Whether the attack form offers the Feat for a character's attacks (CB-46): as its class allows
 * (`attackFeatOffer`: always, against a foe hampered, distracted or unaware, or never), and never at a
 * table playing THE HAMMER DIE in place of the Feat Die, where an attack asked as a Feat is refused (H-25).
 */
export function featOfferOf(character: TableCharacter | undefined, settings: TableSettings): AttackFeatOffer {
  if (character === undefined || settings['hammer-die'] === 'replace') return 'never';
  return attackFeatOffer(character.document);
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
      /** What changes the attack: the target in Total Defense (a Competition), a Tank covering it. */
      readonly note?: string;
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
    const likeliest = likeliestOf(odds.outcomes, built.value.attack.spec.defender);
    const covered = built.value.coveredId === undefined ? null : built.value.target.name;
    const note = [
      ...(covered !== null ? [`${covered} covers (a Feat).`] : []),
      ...(built.value.attack.spec.mode === 'competition' ? [`${built.value.target.name} is in Total Defense: a Competition.`] : []),
    ].join(' ');
    return { ok: true, hit: odds.hit, crit: odds.crit, down: odds.down, likeliest, weaponLabel: built.value.attack.weapon.label, ...(note !== '' ? { note } : {}) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** A chance as the page writes it: one decimal, `<0.1%` for tiny non-zero chances. */
export function percent(p: number): string {
  if (p > 0 && p < 0.0005) return '<0.1%';
  return `${(p * 100).toFixed(1)}%`;
}

/** The likeliest end states of a defender's dice, as the page writes them. */
function likeliestOf(outcomes: readonly { readonly armourDie: number | null; readonly healthDie: number | null; readonly p: number }[], before: { readonly armourDie: number | null; readonly healthDie: number | null }): AfterOutcome[] {
  return outcomes
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
}

/** What the page shows before a Tactical Attack. */
export type TacticalPreview =
  | { readonly ok: true; readonly connect: number; readonly crit: number; readonly save: number; readonly oneEffect: number; readonly twoEffects: number }
  | { readonly ok: false; readonly message: string; readonly isHidden?: true };

function hiddenTarget(combat: unknown, targetId: string): string | null {
  const t = (combat as { combatants?: readonly { id?: unknown; name?: unknown; isHidden?: unknown }[] }).combatants?.find((c) => c.id === targetId);
  return t?.isHidden === true ? (typeof t.name === 'string' ? t.name : 'This foe') : null;
}

/** The exact odds of a Tactical Attack with the tracker as it is now (the builder the server rolls with). */
export function previewTactical(
  combat: unknown,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  stat: StatId,
  options: Omit<TrackerAttackOptions, 'thrown'> = {},
  settings: TableSettings = {},
): TacticalPreview {
  if (typeof combat !== 'object' || combat === null) return { ok: false, message: 'No combat tracker yet.' };
  const hidden = hiddenTarget(combat, targetId);
  if (hidden !== null) return { ok: false, isHidden: true, message: `${hidden}'s numbers are the Smith's: the odds are the Smith's to know.` };
  try {
    const t = trackerTactical(combat as CombatState, characters, attackerId, targetId, stat, options, combatSettingsOf(settings));
    if (!t.ok) return { ok: false, message: t.error.message };
    return { ok: true, connect: t.value.connect, crit: t.value.crit, save: t.value.save, oneEffect: t.value.oneEffect, twoEffects: t.value.twoEffects };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** What the page shows before damage that is not an attack. */
export type DamagePreview = { readonly ok: true; readonly down: number; readonly likeliest: readonly AfterOutcome[] } | { readonly ok: false; readonly message: string };

/** A DV as the Smith writes it: a number ("5") or dice ("2d6+1", "d8"); null when it is neither. */
export function readDamageValue(text: string): TrackerDamageValue | null {
  const t = text.trim().toLowerCase();
  if (/^\d{1,4}$/.test(t)) return { dv: Number(t) };
  const m = /^(\d{0,2})d(\d{1,3})\s*(?:([+-])\s*(\d{1,4}))?$/.exec(t);
  if (m === null) return null;
  const count = m[1] === '' ? 1 : Number(m[1]);
  const mod = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  return { dice: { count, sides: Number(m[2]), ...(mod !== 0 ? { mod } : {}) } };
}

/** The exact odds of damage that is not an attack on a combatant (the builder the server rolls with). */
export function previewDamage(combat: unknown, characters: readonly TableCharacter[], body: TrackerDamageBody, settings: TableSettings = {}): DamagePreview {
  if (typeof combat !== 'object' || combat === null) return { ok: false, message: 'No combat tracker yet.' };
  try {
    const d = trackerDamage(combat as CombatState, characters, { type: 'damage', ...body }, combatSettingsOf(settings));
    if (!d.ok) return { ok: false, message: d.error.message };
    return { ok: true, down: d.value.down, likeliest: likeliestOf(d.value.outcomes, d.value.defender) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Whether a character can cover allies (a Tank's Covering Defense). */
export function canCover(character: TableCharacter | undefined): boolean {
  if (character === undefined) return false;
  try {
    return fighterFromCharacter(character.document as unknown as Character).specials.covering;
  } catch {
    return false;
  }
}
