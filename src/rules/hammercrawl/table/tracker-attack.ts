/**
 * One-click attacks in the combat tracker of a HAMMERCRAWL! table: the attacker and the target are
 * tracker combatants, each read as a combat `Fighter`: a character from its document, Health and Armour
 * Dice included (the document is the one truth, TC-2), or the Smith's monster line with the dice the
 * tracker shows. `trackerAttack` builds the attack (the web table computes its exact odds from it before
 * the click); `rollTrackerAttack` rolls it, steps the target's dice in the tracker, and for a character
 * gives its document after the hit (TC-1). Rules: HAMMERCRAWL! v4, COMBAT (ATTACK!, HAMMERSMITH ACTIONS, DAMAGE).
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/dice-chain.js';
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type CombatState, type Combatant, type RuleResult, type TableCharacter, type TableSettings } from '../../rule-system.js';
import type { Character } from '../character.js';
import { buildAttack, DEFAULT_COMBAT_SETTINGS, type AttackOptions, type BuiltAttack, type CombatSettings } from '../combat/build-attack.js';
import { rollAttack } from '../combat/attack.js';
import { fighterFromCharacter, monsterFighters, type Fighter } from '../combat/fighter.js';
import { parseMonsterSpec } from '../combat/monster-spec.js';
import { documentDice, hitSummary, withHealthAfterHit } from './character-writes.js';

/** What the attacker chooses. */
export interface TrackerAttackOptions {
  readonly weaponId?: string;
  readonly calledShot?: number;
  readonly feat?: boolean;
}

/** What a tracker attack did: the lines to show and the target's dice after it. */
export interface TrackerAttackResult {
  readonly combat: CombatState;
  readonly summary: string;
  readonly lines: readonly string[];
  readonly isHit: boolean;
  readonly isCrit: boolean;
  /** A target that is a table character and whose dice the hit changed: its document after the hit, and the history line (TC-1). */
  readonly target?: { readonly character: TableCharacter; readonly document: TableCharacter['document']; readonly summary: string };
}

/** A tracker die: its sides, null for down or none, undefined when left empty; `bad` when no die of the chain. */
function dieOf(text: string): number | null | undefined | 'bad' {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'down' || t === '-' || t === 'none') return null;
  const m = /^d(\d+)$/.exec(t);
  return m === null || !(HAMMERCRAWL_CHAIN.sides as readonly number[]).includes(Number(m[1])) ? 'bad' : Number(m[1]);
}

/** The combat settings of a table: `minion-challenge` (CB-1) and `con-on-armour` (H-1), else the defaults. */
export function combatSettingsOf(settings: TableSettings): CombatSettings {
  return {
    ...DEFAULT_COMBAT_SETTINGS,
    minionChallenge: settings['minion-challenge'] === 'beat' ? 'beat' : 'meet',
    damage: { ...DEFAULT_COMBAT_SETTINGS.damage, conAppliesToArmour: settings['con-on-armour'] === true },
  };
}

/**
 * Reads a combatant as a combat fighter: a character with the Health and Armour Dice its document holds
 * (the one truth, TC-2), a monster with the dice the tracker shows.
 */
function fighterOf(c: Combatant, characters: readonly TableCharacter[]): RuleResult<Fighter> {
  let fighter: Fighter;
  if (c.characterId !== undefined) {
    const ch = characters.find((x) => x.id === c.characterId);
    if (ch === undefined) return problem('combat/no-such-character', `${c.name} names character ${c.characterId}, which is not at the table.`);
    const read = fighterFromCharacter(ch.document as unknown as Character);
    return ok({ ...read, ...documentDice(ch.document), id: c.id, name: c.name, side: c.side });
  } else if (c.monster !== undefined) {
    // The line alone is read (any name the Smith gives the combatant will do).
    const parsed = parseMonsterSpec(`monster:${c.monster}`);
    if (!parsed.ok) return problem(parsed.problem.code, parsed.problem.message.replace(/^monster 'monster': /, `${c.name}'s monster line: `));
    fighter = { ...monsterFighters({ ...parsed.spec, name: c.name }, c.side)[0]!, id: c.id, name: c.name };
  } else {
    return problem('combat/no-stats', `${c.name} has neither a character nor a monster line (hd=2,attack=+3,defense=12,damage=d6): the tracker cannot roll for them.`);
  }
  const health = dieOf(c.health);
  const armour = dieOf(c.armour);
  // A die the tracker cannot read is never replaced by the monster line's: the Smith corrects it.
  if (health === 'bad' || armour === 'bad') {
    const [what, text] = health === 'bad' ? ['Health', c.health] : ['Armour', c.armour];
    return problem(`combat/bad-${what.toLowerCase()}`, `${c.name}'s ${what} ${text.trim().slice(0, 20)} is no die of the chain; correct it in the tracker first.`);
  }
  return ok({
    ...fighter,
    ...(health !== undefined ? { healthDie: c.isDown ? null : health } : c.isDown ? { healthDie: null } : {}),
    ...(armour !== undefined ? { armourDie: armour } : {}),
  });
}

/** Builds the attack of one tracker combatant on another (for its odds, or to roll it). */
export function trackerAttack(
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: TrackerAttackOptions = {},
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<{ readonly attack: BuiltAttack; readonly attacker: Fighter; readonly target: Fighter }> {
  if (attackerId === targetId) return problem('combat/target-is-self', 'Choose a target other than the attacker.');
  const a = combat.combatants.find((c) => c.id === attackerId);
  const t = combat.combatants.find((c) => c.id === targetId);
  if (a === undefined || t === undefined) return problem('combat/no-such-combatant', `No combatant ${a === undefined ? attackerId : targetId} in the tracker.`);
  if (a.isDown) return problem('combat/fighter-down', `${a.name} is down and cannot attack.`);
  const attacker = fighterOf(a, characters);
  if (!attacker.ok) return attacker;
  const target = fighterOf(t, characters);
  if (!target.ok) return target;
  const attackOptions: AttackOptions = {
    ...(options.weaponId !== undefined ? { weaponId: options.weaponId } : {}),
    ...(options.calledShot !== undefined ? { calledShot: options.calledShot } : {}),
    ...(options.feat !== undefined ? { feat: options.feat } : {}),
  };
  const built = buildAttack(attacker.value, target.value, attackOptions, settings);
  if (!built.ok) return problem(built.problem.code, built.problem.message);
  const { ok: _ok, ...attack } = built;
  return ok({ attack, attacker: attacker.value, target: target.value });
}

/** Rolls a tracker attack and writes the target's Health and Armour dice back into the tracker. */
export function rollTrackerAttack(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  targetId: string,
  options: TrackerAttackOptions = {},
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<TrackerAttackResult> {
  const built = trackerAttack(combat, characters, attackerId, targetId, options, settings);
  if (!built.ok) return built;
  const roll = rollAttack(rng, built.value.attack.spec);
  const after = roll.defender;
  const before = built.value.target;
  const combatants = combat.combatants.map((c) =>
    c.id !== targetId
      ? c
      : {
          ...c,
          health: after.healthDie === null ? 'down' : `d${after.healthDie}`,
          // Armour the hit destroyed is marked, so the next attack does not read it afresh.
          armour: after.armourDie !== null ? `d${after.armourDie}` : before.armourDie !== null || c.armour.trim() !== '' ? 'none' : '',
          isDown: after.healthDie === null,
        },
  );
  const a = built.value.attacker.name;
  const t = built.value.target.name;
  const isUnhurt = after.healthDie === before.healthDie && after.armourDie === before.armourDie;
  const dice = `Health d${after.healthDie}${after.armourDie !== null ? `, Armour d${after.armourDie}` : ''}`;
  const outcome = !roll.isHit
    ? `${a} attacks ${t}: miss.`
    : `${a} ${roll.isCrit ? 'crits' : 'hits'} ${t}: ${after.healthDie === null ? 'down!' : isUnhurt ? `soaked, no damage (${dice})` : dice}.`;
  const result = { combat: { ...combat, combatants }, summary: outcome, lines: roll.lines, isHit: roll.isHit, isCrit: roll.isCrit };
  const characterId = combat.combatants.find((c) => c.id === targetId)?.characterId;
  const character = characters.find((c) => c.id === characterId);
  if (character === undefined || isUnhurt) return ok(result);
  const document = withHealthAfterHit(character.document, after.healthDie, after.armourDie === before.armourDie ? undefined : after.armourDie);
  return ok({ ...result, target: { character, document, summary: hitSummary(a, t, roll.isCrit, before, after) } });
}
