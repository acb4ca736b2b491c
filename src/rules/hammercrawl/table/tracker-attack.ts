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
import { buildAttack, canDeclareFeat, DEFAULT_COMBAT_SETTINGS, type AttackOptions, type BuiltAttack, type CombatSettings } from '../combat/build-attack.js';
import { rollAttack } from '../combat/attack.js';
import { fighterFromCharacter, monsterFighters, type Fighter } from '../combat/fighter.js';
import { parseMonsterSpec } from '../combat/monster-spec.js';
import { documentDice, hitSummary, withHealthAfterHit } from './character-writes.js';
import { CONDITION_WORDS, statesOf, without, withStates, wordOf } from './tracker-conditions.js';

/** What the attacker chooses. */
export interface TrackerAttackOptions {
  readonly weaponId?: string;
  readonly calledShot?: number;
  readonly feat?: boolean;
  /** The weapon is thrown (a melee weapon thrown: -1 step to attack and damage; CB-29). */
  readonly thrown?: boolean;
  /** The attacker says the target is hampered, distracted or unaware of the attacker's position: an Opportunist's attack and damage may be Feats (CB-46). */
  readonly opportune?: boolean;
}

/** Whether a character's attacks may be declared Feats: always (a Combatant), only against a foe hampered, distracted or unaware (an Opportunist), or never. */
export type AttackFeatOffer = 'always' | 'opportune' | 'never';

/**
 * What the attack form offers a character (CB-46): its class's Feats decide (`canDeclareFeat`), read
 * from its document; a document that cannot be read as a fighter offers none.
 * @example attackFeatOffer(combatant.document) // 'always'
 */
export function attackFeatOffer(document: unknown): AttackFeatOffer {
  let f: Fighter;
  try {
    f = fighterFromCharacter(document as Character);
  } catch {
    return 'never';
  }
  if (canDeclareFeat(f, 'attack')) return 'always';
  return canDeclareFeat(f, 'attack', true) ? 'opportune' : 'never';
}

/** What a tracker attack did: the lines to show and the target's dice after it. */
export interface TrackerAttackResult {
  readonly combat: CombatState;
  readonly summary: string;
  readonly lines: readonly string[];
  readonly isHit: boolean;
  readonly isCrit: boolean;
  /** Who took the attack: the target, or the Tank who covered it. */
  readonly targetId: string;
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
export function trackerFighter(c: Combatant, characters: readonly TableCharacter[]): RuleResult<Fighter> {
  const read = fighterOf(c, characters);
  // Total Defense, Covering and Tactical effects are the tracker's conditions (tracker-conditions.ts).
  return read.ok ? ok(withStates(read.value, c.conditions)) : read;
}

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
    return problem('combat/no-stats', `${c.name} has neither a character nor a monster line (such as hd=2,attack=+3,defense=12,damage=d6): the tracker cannot roll for them.`);
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
  extra: { readonly tactical?: boolean } = {},
): RuleResult<{ readonly attack: BuiltAttack; readonly attacker: Fighter; readonly target: Fighter; readonly coveredId?: string }> {
  if (attackerId === targetId) return problem('combat/target-is-self', 'Choose a target other than the attacker.');
  const a = combat.combatants.find((c) => c.id === attackerId);
  const t = combat.combatants.find((c) => c.id === targetId);
  if (a === undefined || t === undefined) return problem('combat/no-such-combatant', `No combatant ${a === undefined ? attackerId : targetId} in the tracker.`);
  if (a.isDown) return problem('combat/fighter-down', `${a.name} is down and cannot attack.`);
  if (statesOf(a.conditions).losesAction) {
    return problem('combat/lost-action', `${a.name} lost their standard action this turn (a Tactical Attack): pass the turn, which clears "${CONDITION_WORDS.losesAction}".`);
  }
  const attacker = trackerFighter(a, characters);
  if (!attacker.ok) return attacker;
  // A Tank in Total Defense covering the target's side steps in and defends as a Feat (Covering Defense; CB-9).
  const cover = coverOf(combat, characters, a, t);
  const defender = cover ?? t;
  const target = trackerFighter(defender, characters);
  if (!target.ok) return target;
  const attackOptions: AttackOptions = {
    ...(options.weaponId !== undefined ? { weaponId: options.weaponId } : {}),
    ...(options.calledShot !== undefined ? { calledShot: options.calledShot } : {}),
    ...(options.feat !== undefined ? { feat: options.feat } : {}),
    ...(options.thrown === true ? { thrown: true } : {}),
    ...(options.opportune === true ? { isOpportune: true } : {}),
    ...(extra.tactical === true ? { tactical: true } : {}),
    ...(cover !== undefined ? { defenseFeat: true } : {}),
    // The defender's choice for a Crit's free step (Combat Crits; CB-38): the Armour Die unless they chose Health.
    ...(statesOf(defender.conditions).critsToHealth ? { critStepTo: 'health' as const } : {}),
  };
  if (options.thrown === true) {
    const weapon = options.weaponId === undefined ? attacker.value.weapons[0] : attacker.value.weapons.find((w) => w.id === options.weaponId);
    if (weapon !== undefined && !weapon.canBeThrown && weapon.type !== 'melee-standard' && weapon.type !== 'melee-dueling') {
      return problem('combat/not-throwable', `${weapon.label} cannot be thrown; choose a melee or throwing weapon, or attack without throwing.`);
    }
  }
  const built = buildAttack(attacker.value, target.value, attackOptions, settings);
  if (!built.ok) return problem(built.problem.code, built.problem.message);
  const { ok: _ok, ...attack } = built;
  return ok({ attack, attacker: attacker.value, target: target.value, ...(cover !== undefined ? { coveredId: t.id } : {}) });
}

/** The covering Tank who steps in for `target` against `attacker`: a standing ally of the target in Total Defense and Covering. */
function coverOf(combat: CombatState, characters: readonly TableCharacter[], attacker: Combatant, target: Combatant): Combatant | undefined {
  for (const c of combat.combatants) {
    if (c.id === target.id || c.id === attacker.id || c.side !== target.side || c.isDown) continue;
    const s = statesOf(c.conditions);
    if (!s.totalDefense || !s.covering) continue;
    const f = fighterOf(c, characters);
    if (f.ok && f.value.specials.covering && f.value.healthDie !== null) return c;
  }
  return undefined;
}

/** The tracker's conditions after an attack: what it used up (Exposed, Hampered), and the attacker's Total Defense ended by acting. */
export function conditionsAfter(combat: CombatState, attackerId: string, consumed: BuiltAttack['consumed']): CombatState['combatants'] {
  return combat.combatants.map((c) => {
    let conditions = c.conditions as readonly string[];
    for (const u of consumed) if (u.fighterId === c.id) conditions = without(conditions, wordOf(u.kind));
    if (c.id === attackerId) conditions = without(conditions, CONDITION_WORDS.totalDefense, CONDITION_WORDS.covering);
    return conditions === c.conditions || conditions.join('|') === c.conditions.join('|') ? c : { ...c, conditions: [...conditions] };
  });
}

/** Rolls a tracker attack and writes the target's Health and Armour dice back into the tracker. */
export function rollTrackerAttack(
  rng: RandomSource,
  combat: CombatState,
  characters: readonly TableCharacter[],
  attackerId: string,
  asTargetId: string,
  options: TrackerAttackOptions = {},
  settings: CombatSettings = DEFAULT_COMBAT_SETTINGS,
): RuleResult<TrackerAttackResult> {
  const built = trackerAttack(combat, characters, attackerId, asTargetId, options, settings);
  if (!built.ok) return built;
  let targetId = asTargetId;
  const roll = rollAttack(rng, built.value.attack.spec);
  const after = roll.defender;
  const before = built.value.target;
  // The covering Tank took the attack in the target's place.
  targetId = before.id;
  const combatants = conditionsAfter(combat, attackerId, built.value.attack.consumed).map((c) =>
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
  const covered = built.value.coveredId === undefined ? undefined : combat.combatants.find((c) => c.id === built.value.coveredId)?.name;
  const isUnhurt = after.healthDie === before.healthDie && after.armourDie === before.armourDie;
  const dice = `Health d${after.healthDie}${after.armourDie !== null ? `, Armour d${after.armourDie}` : ''}`;
  const lead = `${covered !== undefined ? `${t} covers ${covered} (Covering Defense, a Feat). ` : ''}${roll.mode === 'competition' ? `${t} is in Total Defense: a Competition. ` : ''}`;
  const outcome = lead + (!roll.isHit
    ? `${a} attacks ${t}: miss.`
    : `${a} ${roll.isCrit ? 'crits' : 'hits'} ${t}: ${after.healthDie === null ? 'down!' : isUnhurt ? `soaked, no damage (${dice})` : dice}.`);
  const result = { combat: { ...combat, combatants }, summary: outcome, lines: roll.lines, isHit: roll.isHit, isCrit: roll.isCrit, targetId };
  const characterId = combat.combatants.find((c) => c.id === targetId)?.characterId;
  const character = characters.find((c) => c.id === characterId);
  if (character === undefined || isUnhurt) return ok(result);
  const document = withHealthAfterHit(character.document, after.healthDie, after.armourDie === before.armourDie ? undefined : after.armourDie);
  return ok({ ...result, target: { character, document, summary: hitSummary(a, t, roll.isCrit, before, after) } });
}
