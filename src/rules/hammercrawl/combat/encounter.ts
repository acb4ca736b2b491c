/**
 * An encounter as state in, events out: `takeTurn(rng, encounter, actorId, action)` resolves one turn's
 * action (Attack with Momentum, Two-Fisted, specialization and Hack and Slash; a Thrower's barrage; a
 * Tactical Attack; Total Defense and Covering; Adjust Inventory; Lay on Hands; a Commander's order; a
 * spell's Saves; the Smith's manual changes) and returns the new encounter and what happened.
 * Rules: HAMMERCRAWL! v4, COMBAT (Taking Turns, STANDARD COMBAT ACTIONS, HAMMERSMITH ACTIONS, EXTENDED
 * COMBAT OPTIONS, DAMAGE), CLASSES, STOCKS. Rulings: docs/rulings.md (CB-n).
 */
import type { RandomSource, StepModifier } from '../../../dice/index.js';
import { halfStat, type StatId, type StaticModifier, type VantageSource } from '../check-modifiers.js';
import { rollCheck, type CheckResult } from '../checks.js';
import { resourceStepDown } from '../resource-die.js';
import { rollSave, type SaveResult, type SaveSpec } from '../saves.js';
import { HAMMERCRAWL_CHAIN, stepDie } from '../../../dice/index.js';
import { rollAttack, rollAttackChecks, rollHitWithRerolls, leftoverDvOf, type AttackChecks, type AttackRoll } from './attack.js';
import { DEFAULT_COMBAT_SETTINGS, buildAttack, canDeclareFeat, type AttackOptions, type CombatSettings } from './build-attack.js';
import type { Condition, Fighter } from './fighter.js';
import { prepareHarm } from './harm.js';
import { MAX_FIGHTERS, MONSTER_SAVE_FLOOR, combatProblem, type CombatResult } from './problems.js';
import { MONSTER_TAKE_VALUE } from './fighter.js';

/** An encounter: the round, every fighter's state, the table's settings. */
export interface Encounter {
  readonly round: number;
  readonly fighters: readonly Fighter[];
  readonly settings: CombatSettings;
}

/** A Tactical Attack's effect (Tactical ATTACK!): one, or two on a crit (the same one twice doubles it). */
export type TacticalEffect =
  | { readonly kind: 'exposed' }
  | { readonly kind: 'hampered' }
  | { readonly kind: 'loses-action' }
  | { readonly kind: 'smith'; readonly text: string };

/** One more attack within an Attack action: a Momentum Attack, the Two-Fisted off hand, or Specialization tier 3. */
export interface ExtraAttack {
  readonly targetId: string;
  readonly options?: AttackOptions;
}

/** What a fighter does on their turn (Taking Turns: one Dice-Action, or one full-round action). */
export type CombatAction =
  | {
      readonly kind: 'attack';
      readonly targetId: string;
      readonly options?: AttackOptions;
      /** Combatant Momentum Attacks, each with another weapon. */
      readonly momentum?: readonly ExtraAttack[];
      /** Two-Fisted: the secondary weapon's attack (the main attack is the primary). */
      readonly offHand?: ExtraAttack;
      /** Weapon Specialization tier 3: a second attack with the same weapon. */
      readonly specializationAttack?: ExtraAttack;
      /** Hack and Slash: carry leftover damage to the weakest foe (default true when the fighter has it). */
      readonly hackAndSlash?: boolean;
      /** Sharpshooter's choice when its second die triggers; `damage-step` is applied, others are recorded for the Smith. */
      readonly sharpshooter?: string;
    }
  | { readonly kind: 'barrage'; readonly targetIds: readonly string[]; readonly options?: AttackOptions }
  | {
      readonly kind: 'tactical-attack';
      readonly targetId: string;
      /** The attacker's stat the target's Save must beat (its score); a monster's attack value stands in. */
      readonly stat: StatId;
      readonly effects: readonly TacticalEffect[];
      readonly options?: AttackOptions;
    }
  | { readonly kind: 'total-defense'; readonly covering?: boolean }
  | { readonly kind: 'adjust-inventory'; readonly text?: string }
  | { readonly kind: 'lay-on-hands'; readonly targetId: string; readonly isOfFaith?: boolean }
  | { readonly kind: 'command'; readonly allyId: string; readonly action: CombatAction }
  | {
      readonly kind: 'cast-spell';
      readonly text: string;
      readonly targetIds?: readonly string[];
      readonly save?: { readonly stat: StatId; readonly target: number; readonly allOrNothing?: boolean };
    }
  | { readonly kind: 'smith'; readonly text: string; readonly changes?: readonly SmithChange[] }
  | { readonly kind: 'pass' };

/** A change the Smith makes by hand (the manual path where the rules are WIP or TBD). */
export interface SmithChange {
  readonly fighterId: string;
  readonly healthDie?: number | null;
  readonly armourDie?: number | null;
  readonly addCondition?: Condition;
  readonly clearConditions?: boolean;
  readonly rage?: Fighter['rage'];
}

/** What happened, one event per step; `text` is one line for people. */
export type CombatEvent =
  | { readonly kind: 'turn'; readonly actorId: string; readonly text: string }
  | { readonly kind: 'attack'; readonly actorId: string; readonly targetId: string; readonly weaponId: string; readonly roll: AttackRoll; readonly text: string }
  | { readonly kind: 'tactical'; readonly actorId: string; readonly targetId: string; readonly weaponId: string; readonly checks: AttackChecks; readonly text: string }
  | { readonly kind: 'carry-over'; readonly actorId: string; readonly targetId: string; readonly dv: number; readonly text: string }
  | { readonly kind: 'down'; readonly fighterId: string; readonly text: string }
  | { readonly kind: 'save'; readonly fighterId: string; readonly save: SaveResult; readonly text: string }
  | { readonly kind: 'condition'; readonly fighterId: string; readonly condition: Condition; readonly text: string }
  | { readonly kind: 'total-defense'; readonly actorId: string; readonly covering: boolean; readonly text: string }
  | { readonly kind: 'cover'; readonly actorId: string; readonly allyId: string; readonly text: string }
  | { readonly kind: 'heal'; readonly actorId: string; readonly targetId: string; readonly check: CheckResult; readonly from: number | null; readonly to: number | null; readonly text: string }
  | { readonly kind: 'resource'; readonly fighterId: string; readonly resource: 'hd-rerolls' | 'armour-rerolls' | 'fist-uses'; readonly left: number; readonly text: string }
  | { readonly kind: 'manual'; readonly actorId: string; readonly text: string }
  | { readonly kind: 'note'; readonly text: string };

/** One turn resolved: the encounter after it and the events. */
export interface TurnResult {
  readonly encounter: Encounter;
  readonly events: readonly CombatEvent[];
}

/**
 * Starts an encounter at round 1 (COMBAT). Ids must be unique; at most MAX_FIGHTERS fighters.
 * @example startEncounter([...party, ...monsterFighters(goblins)])
 */
export function startEncounter(fighters: readonly Fighter[], settings: CombatSettings = DEFAULT_COMBAT_SETTINGS): CombatResult<{ readonly encounter: Encounter }> {
  if (fighters.length > MAX_FIGHTERS) return combatProblem('combat/too-many-fighters', `at most ${MAX_FIGHTERS} fighters in one encounter; got ${fighters.length}`);
  const seen = new Set<string>();
  for (const f of fighters) {
    if (seen.has(f.id)) return combatProblem('combat/unknown-fighter', `two fighters share the id '${f.id}'; give each a unique id`);
    seen.add(f.id);
  }
  return { ok: true, encounter: { round: 1, fighters: [...fighters], settings } };
}

/** The next round (New Rounds). */
export function nextRound(encounter: Encounter): Encounter {
  return { ...encounter, round: encounter.round + 1 };
}

/** True when one side has nobody standing. */
export function isFightOver(encounter: Encounter): boolean {
  let party = false;
  let foes = false;
  for (const f of encounter.fighters) {
    if (f.healthDie === null) continue;
    if (f.side === 'party') party = true;
    else foes = true;
  }
  return !party || !foes;
}

/** The fighter with an id, or undefined. */
export function fighterById(encounter: Encounter, id: string): Fighter | undefined {
  return encounter.fighters.find((f) => f.id === id);
}

/** Mutable working copy of the fighters during one turn. */
class Work {
  readonly byId = new Map<string, Fighter>();
  readonly order: string[] = [];
  readonly events: CombatEvent[] = [];
  constructor(readonly encounter: Encounter) {
    for (const f of encounter.fighters) {
      this.byId.set(f.id, f);
      this.order.push(f.id);
    }
  }
  get(id: string): Fighter {
    return this.byId.get(id)!;
  }
  set(f: Fighter): void {
    this.byId.set(f.id, f);
  }
  patch(id: string, p: Partial<Fighter>): void {
    this.byId.set(id, { ...this.get(id), ...p });
  }
  done(): TurnResult {
    return { encounter: { ...this.encounter, fighters: this.order.map((id) => this.byId.get(id)!) }, events: this.events };
  }
}

function standing(f: Fighter | undefined): f is Fighter {
  return f !== undefined && f.healthDie !== null;
}

function findTarget(w: Work, actor: Fighter, id: string): CombatResult<{ readonly target: Fighter }> {
  const target = w.byId.get(id);
  if (!target) return combatProblem('combat/unknown-fighter', `no fighter '${id}' in this encounter`);
  if (target.id === actor.id) return combatProblem('combat/target-is-self', `${actor.name} cannot target themself with this action`);
  if (target.healthDie === null) return combatProblem('combat/fighter-down', `${target.name} is already down; choose a target still standing`);
  return { ok: true, target };
}

/** The Tank who covers an attacked ally: a covering fighter of the ally's side in Total Defense (Covering Defense, ruling CB-9). */
function coverFor(w: Work, target: Fighter, attacker: Fighter): Fighter | null {
  for (const id of w.order) {
    const f = w.get(id);
    if (f.id === target.id || f.id === attacker.id || f.side !== target.side || !standing(f)) continue;
    if (f.isInTotalDefense && f.isCovering) return f;
  }
  return null;
}

function packBonus(w: Work, actor: Fighter, targetId: string): boolean {
  if (!actor.specials.canidPack) return false;
  for (const id of w.order) {
    const f = w.get(id);
    if (f.id !== actor.id && f.side === actor.side && f.specials.canidPack && f.lastTargetId === targetId) return true;
  }
  return false;
}

function removeConditions(f: Fighter, kind: Condition['kind']): Fighter {
  return { ...f, conditions: f.conditions.filter((c) => c.kind !== kind) };
}

/** Resolves one attack and its Hack and Slash carry-over; `coverable` lets a covering Tank step in. */
function resolveAttack(
  rng: RandomSource,
  w: Work,
  actorId: string,
  targetId: string,
  options: AttackOptions,
  extra: { hackAndSlash: boolean; sharpshooter: string | undefined },
): CombatResult<object> {
  let actor = w.get(actorId);
  let target = w.byId.get(targetId);
  if (!standing(target)) {
    w.events.push({ kind: 'note', text: `${actor.name}'s attack on ${w.byId.get(targetId)?.name ?? targetId} is lost: the target is already down` });
    return { ok: true };
  }
  let opts = options;
  const tank = coverFor(w, target, actor);
  if (tank) {
    w.events.push({ kind: 'cover', actorId: tank.id, allyId: target.id, text: `${tank.name} covers ${target.name} and becomes the target (a Feat)` });
    target = tank;
    opts = { ...opts, defenseFeat: true };
  }
  if (opts.fistOfAngryGod && actor.resources.fistUses <= 0) {
    return combatProblem('combat/no-uses-left', `${actor.name} has no uses of Fist of an Angry God left this Venture`);
  }
  const built = buildAttack(actor, target, { ...opts, ...(packBonus(w, actor, target.id) ? { packBonus: true } : {}) }, w.encounter.settings);
  if (!built.ok) return built;
  const hooks =
    actor.specials.sharpshooter && (built.weapon.type === 'ranged-missile' || built.weapon.type === 'ranged-mechanical')
      ? {
          beforeDamage: (r: RandomSource, a: { natural: number | null; sides: number; isCrit: boolean }) => {
            if (a.natural === null || a.sides === 0) return { lines: [] };
            const second = r.rollDie(a.sides);
            if (second < a.natural) return { lines: [`Sharpshooter: second die ${second} < ${a.natural}: no effect`] };
            const choice = extra.sharpshooter ?? 'damage-step';
            const bothCrit = a.isCrit && second === a.sides;
            const lines = [`Sharpshooter: second die ${second} >= ${a.natural}: ${choice}${bothCrit ? ' (both dice crit: one more choice, for the Smith)' : ''}`];
            if (choice !== 'damage-step') return { lines: [...lines, `the Smith applies '${choice}'`] };
            const boosted = prepareHarm({ ...built.spec.harm.spec, steps: [...built.spec.harm.spec.steps, { amount: 1, origin: { kind: 'rule', id: 'sharpshooter', label: 'Sharpshooter' } }] });
            return boosted.ok ? { harm: boosted.harm, lines } : { lines };
          },
        }
      : {};
  const harmReroll = opts.hdRerollHarmAtMost !== undefined && actor.resources.hdRerolls > 0 ? { harmRerollAtMost: opts.hdRerollHarmAtMost } : {};
  const roll = rollAttack(
    rng,
    built.spec,
    { revenant: target.specials.revenant, hdRerolls: target.resources.hdRerolls, armourRerolls: target.resources.armourRerolls, ...harmReroll },
    hooks,
  );
  for (const c of built.consumed) w.set(removeConditions(w.get(c.fighterId), c.kind));
  actor = w.get(actorId);
  target = w.get(target.id);
  const res = target.resources;
  w.set({
    ...target,
    healthDie: roll.defender.healthDie,
    armourDie: roll.defender.armourDie,
    resources: { ...res, hdRerolls: res.hdRerolls - roll.rerollsUsed.hd, armourRerolls: res.armourRerolls - roll.rerollsUsed.armour },
  });
  w.patch(actor.id, {
    lastTargetId: target.id,
    resources: {
      ...actor.resources,
      hdRerolls: actor.resources.hdRerolls - roll.rerollsUsed.harm,
      fistUses: actor.resources.fistUses - (built.usesFist ? 1 : 0),
    },
  });
  if (roll.rerollsUsed.harm > 0) w.events.push({ kind: 'resource', fighterId: actor.id, resource: 'hd-rerolls', left: actor.resources.hdRerolls - 1, text: `${actor.name} spends an HD Re-roll on the Harm roll (${actor.resources.hdRerolls - 1} left)` });
  const verdict = roll.isHit ? (roll.isCrit ? 'crit' : 'hit') : 'miss';
  w.events.push({ kind: 'attack', actorId, targetId: target.id, weaponId: built.weapon.id, roll, text: `${actor.name} attacks ${target.name} with ${built.weapon.label}: ${verdict}` });
  if (built.usesFist) w.events.push({ kind: 'resource', fighterId: actor.id, resource: 'fist-uses', left: actor.resources.fistUses - 1, text: `${actor.name}: Fist of an Angry God (${actor.resources.fistUses - 1} left)` });
  if (roll.rerollsUsed.hd > 0) w.events.push({ kind: 'resource', fighterId: target.id, resource: 'hd-rerolls', left: res.hdRerolls - 1, text: `${target.name} spends an HD Re-roll (${res.hdRerolls - 1} left)` });
  if (roll.rerollsUsed.armour > 0) w.events.push({ kind: 'resource', fighterId: target.id, resource: 'armour-rerolls', left: res.armourRerolls - 1, text: `${target.name} spends an Armour Die re-roll (${res.armourRerolls - 1} left)` });
  if (roll.defender.healthDie === null) w.events.push({ kind: 'down', fighterId: target.id, text: `${target.name} is down, unconscious and dying` });
  // Hack and Slash: leftover Overwhelming damage goes on to the weakest foe still standing (CB-10).
  const isMelee = built.weapon.type === 'melee-standard' || built.weapon.type === 'melee-dueling' || built.weapon.type === 'natural';
  let dv = roll.leftoverDv;
  let guard = w.order.length;
  while (extra.hackAndSlash && actor.specials.hackAndSlash && isMelee && !opts.thrown && dv > 0 && guard-- > 0) {
    let weakest: Fighter | null = null;
    for (const id of w.order) {
      const f = w.get(id);
      if (f.side === actor.side || !standing(f)) continue;
      if (!weakest || f.healthDie! < weakest.healthDie!) weakest = f;
    }
    if (!weakest) break;
    const carried = rollHitWithRerolls(
      rng,
      { healthDie: weakest.healthDie, armourDie: weakest.armourDie, conMod: weakest.conMod, armourCoverage: weakest.armourCoverage, isArmourMagickal: weakest.isArmourMagickal },
      { dv, ...built.spec.hit },
      { revenant: weakest.specials.revenant, hdRerolls: weakest.resources.hdRerolls, armourRerolls: weakest.resources.armourRerolls },
      w.encounter.settings.damage,
    );
    const r = weakest.resources;
    w.set({
      ...weakest,
      healthDie: carried.result.defender.healthDie,
      armourDie: carried.result.defender.armourDie,
      resources: { ...r, hdRerolls: r.hdRerolls - carried.used.hd, armourRerolls: r.armourRerolls - carried.used.armour },
    });
    w.events.push({ kind: 'carry-over', actorId, targetId: weakest.id, dv, text: `Hack and Slash: DV ${dv} carries to ${weakest.name}: ${carried.result.events.map((e) => e.text).join('; ')}` });
    if (carried.result.isDown) w.events.push({ kind: 'down', fighterId: weakest.id, text: `${weakest.name} is down, unconscious and dying` });
    dv = leftoverDvOf(carried.result);
  }
  return { ok: true };
}

function weaponOf(actor: Fighter, options: AttackOptions | undefined): string | undefined {
  return options?.weaponId ?? actor.weapons[0]?.id;
}

/** Checks an Attack action's extra attacks before any die is rolled (Combat Momentum, Two-Fisted, Specialization tier 3). */
function checkExtraAttacks(actor: Fighter, action: Extract<CombatAction, { kind: 'attack' }>): CombatResult<object> {
  const main = weaponOf(actor, action.options);
  const momentum = action.momentum ?? [];
  if (momentum.length > 0 && actor.specials.momentumAttacks === 0) {
    return combatProblem('combat/momentum-not-allowed', `${actor.name} has no Momentum Attacks (a Combatant special)`);
  }
  if (momentum.length > actor.specials.momentumAttacks) {
    return combatProblem('combat/extra-attacks-count', `${actor.name} has ${actor.specials.momentumAttacks} Momentum Attack(s) at level ${actor.level}; got ${momentum.length}`);
  }
  const used = new Set<string>(main === undefined ? [] : [main]);
  if (action.offHand) used.add(weaponOf(actor, action.offHand.options) ?? '');
  for (const m of momentum) {
    const wid = weaponOf(actor, m.options);
    if (wid === undefined || used.has(wid)) {
      return combatProblem('combat/momentum-same-weapon', `a Momentum Attack needs a weapon not yet used this turn (${[...used].join(', ')}); choose another with options.weaponId`);
    }
    used.add(wid);
  }
  if (action.offHand) {
    if (!actor.specials.dualWield) return combatProblem('combat/not-a-special', `${actor.name} is not Two-Fisted`);
    if (weaponOf(actor, action.offHand.options) === main) return combatProblem('combat/momentum-same-weapon', 'Two-Fisted needs two different one-handed weapons');
  }
  const fists = [action.options, action.offHand?.options, action.specializationAttack?.options, ...momentum.map((m) => m.options)].filter((o) => o?.fistOfAngryGod).length;
  if (fists > actor.resources.fistUses) {
    return combatProblem('combat/no-uses-left', `${actor.name} declares Fist of an Angry God ${fists} times with ${actor.resources.fistUses} use(s) left this Venture`);
  }
  if (action.specializationAttack) {
    const w = actor.weapons.find((x) => x.id === main);
    if (!w || w.specializationTier < 3) return combatProblem('combat/not-a-special', `${actor.name} needs Weapon Specialization tier 3 with ${main ?? 'the weapon'} for a second attack`);
  }
  return { ok: true };
}

const stepOf = (amount: number, id: string, label: string): StepModifier => ({ amount, origin: { kind: 'rule', id, label } });

function withSteps(options: AttackOptions | undefined, attack: number, harm: number, id: string, label: string): AttackOptions {
  const o = options ?? {};
  return {
    ...o,
    attackSteps: [...(o.attackSteps ?? []), ...(attack !== 0 ? [stepOf(attack, id, label)] : [])],
    harmSteps: [...(o.harmSteps ?? []), ...(harm !== 0 ? [stepOf(harm, id, label)] : [])],
  };
}

function doAttack(rng: RandomSource, w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'attack' }>): CombatResult<object> {
  const t = findTarget(w, actor, action.targetId);
  if (!t.ok) return t;
  const checked = checkExtraAttacks(actor, action);
  if (!checked.ok) return checked;
  const extra = { hackAndSlash: action.hackAndSlash ?? true, sharpshooter: action.sharpshooter };
  const dual = action.offHand ? actor.specials.dualWield : null;
  const first = dual ? withSteps(action.options, dual.primarySteps, dual.primarySteps, 'two-fisted-primary', 'Two-Fisted primary') : action.options ?? {};
  const r = resolveAttack(rng, w, actor.id, action.targetId, first, extra);
  if (!r.ok) return r;
  if (action.offHand && dual) {
    const o = withSteps(action.offHand.options, dual.secondarySteps, dual.secondarySteps, 'two-fisted-secondary', 'Two-Fisted secondary');
    const r2 = resolveAttack(rng, w, actor.id, action.offHand.targetId, o, extra);
    if (!r2.ok) return r2;
  }
  if (action.specializationAttack) {
    const r3 = resolveAttack(rng, w, actor.id, action.specializationAttack.targetId, { ...action.specializationAttack.options, ...(weaponOf(actor, action.options) ? { weaponId: weaponOf(actor, action.options)! } : {}) }, extra);
    if (!r3.ok) return r3;
  }
  for (const m of action.momentum ?? []) {
    const r4 = resolveAttack(rng, w, actor.id, m.targetId, m.options ?? {}, extra);
    if (!r4.ok) return r4;
  }
  return { ok: true };
}

function doBarrage(rng: RandomSource, w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'barrage' }>): CombatResult<object> {
  const b = actor.specials.barrage;
  if (!b) return combatProblem('combat/not-a-special', `${actor.name} is not a Thrower`);
  const max = 1 + b.extraAttacks;
  if (action.targetIds.length < 1 || action.targetIds.length > max) {
    return combatProblem('combat/extra-attacks-count', `a barrage at level ${actor.level} makes 1 to ${max} thrown attacks; got ${action.targetIds.length}`);
  }
  const wid = weaponOf(actor, action.options);
  const weapon = actor.weapons.find((x) => x.id === wid);
  if (!weapon || !weapon.canBeThrown) return combatProblem('combat/unknown-weapon', `a barrage needs a thrown weapon; ${wid ?? 'none'} is not one`);
  for (const id of action.targetIds) {
    const t = findTarget(w, actor, id);
    if (!t.ok) return t;
  }
  for (let i = 0; i < action.targetIds.length; i++) {
    const o = withSteps({ ...action.options, thrown: true }, -i * b.attackStepPerExtra, b.damageSteps, 'barrage', 'Thrower barrage');
    const r = resolveAttack(rng, w, actor.id, action.targetIds[i]!, o, { hackAndSlash: false, sharpshooter: undefined });
    if (!r.ok) return r;
  }
  return { ok: true };
}

function doTactical(rng: RandomSource, w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'tactical-attack' }>): CombatResult<object> {
  const t = findTarget(w, actor, action.targetId);
  if (!t.ok) return t;
  if (action.effects.length < 1 || action.effects.length > 2) {
    return combatProblem('combat/tactical-effects', 'name one Tactical effect, and a second for a crit (the same one twice doubles it); got ' + action.effects.length);
  }
  const target = t.target;
  const built = buildAttack(actor, target, { ...action.options, tactical: true }, w.encounter.settings);
  if (!built.ok) return built;
  // Only the roll matters: no damage (ruling CB-11).
  const roll = rollAttackChecks(rng, built.spec);
  for (const c of built.consumed) w.set(removeConditions(w.get(c.fighterId), c.kind));
  const connected = roll.isHit;
  const isCrit = roll.critBy !== null;
  const text = `${actor.name} makes a Tactical Attack on ${target.name}: ${connected ? (isCrit ? 'crit' : 'success') : 'miss'}`;
  w.events.push({ kind: 'tactical', actorId: actor.id, targetId: target.id, weaponId: built.weapon.id, checks: roll, text });
  w.patch(actor.id, { lastTargetId: target.id });
  if (!connected) return { ok: true };
  const t2 = w.get(target.id);
  // A Hampered the target's own Defense roll did not use makes the Save its next check: -1 step each,
  // used up by it (ruling CB-43, as the table's tracker does).
  const hampered = t2.conditions.filter((c) => c.kind === 'hampered').length;
  const plain = tacticalSaveSpec(actor, t2, action.stat, w.encounter.settings);
  const spec: SaveSpec = hampered === 0 ? plain : { ...plain, steps: [...(plain.steps ?? []), { amount: -hampered, origin: { kind: 'rule', id: 'hampered', label: `${t2.name} hampered (Tactical Attack)` } }] };
  const save = rollSave(rng, spec);
  if (hampered > 0) w.set(removeConditions(w.get(t2.id), 'hampered'));
  w.events.push({ kind: 'save', fighterId: t2.id, save, text: `${t2.name}: ${save.summary}` });
  if (save.saved) return { ok: true };
  const effects = isCrit ? action.effects : action.effects.slice(0, 1);
  let f = w.get(target.id);
  for (const e of effects) {
    const condition: Condition = e.kind === 'smith' ? { kind: 'smith', source: actor.id, text: e.text } : { kind: e.kind, source: actor.id };
    f = { ...f, conditions: [...f.conditions, condition] };
    const what = e.kind === 'exposed' ? 'the next check against them is +1 step' : e.kind === 'hampered' ? 'their next check is -1 step' : e.kind === 'loses-action' ? 'they lose their standard action next turn' : `the Smith applies: ${e.text}`;
    w.events.push({ kind: 'condition', fighterId: f.id, condition, text: `${f.name}: ${what}` });
  }
  w.set(f);
  return { ok: true };
}

/**
 * The target's Save against a Tactical Attack that connected (Tactical ATTACK!: a Save against the
 * attacker's stat; ruling CB-11): the attacker's score in the stat, a monster's attack
 * value standing in; all or nothing; the level step against a greater source; the stock's Save bonuses.
 */
export function tacticalSaveSpec(actor: Fighter, target: Fighter, stat: StatId, settings: CombatSettings): SaveSpec {
  const saveTarget = actor.statScores ? actor.statScores[stat] : (actor.attackValue ?? MONSTER_TAKE_VALUE + (actor.weapons[0]?.attackMod ?? 0));
  const { mods, vantage, steps } = stockSaveBonuses(target, stat, settings);
  return {
    stat,
    statMod: target.saveMods[stat],
    target: saveTarget,
    level: Math.max(MONSTER_SAVE_FLOOR, target.level),
    sourceLevel: Math.max(0, actor.level),
    allOrNothing: true,
    mods,
    vantage,
    ...(steps.length > 0 ? { steps } : {}),
    label: `${stat} Save against ${actor.name}'s Tactical Attack`,
  };
}

/**
 * A stock's bonuses on a Save: Droffen Strength of the Earth (STR, CON on stone or earth), Elfin Blessed
 * Intellect (INT at full Health), Ogre and Troll Monstrous Endurance and Strength (a step on CON and STR Saves, ST-14).
 */
function stockSaveBonuses(f: Fighter, stat: StatId, settings: CombatSettings): { mods: StaticModifier[]; vantage: VantageSource[]; steps: StepModifier[] } {
  const mods: StaticModifier[] = [];
  const vantage: VantageSource[] = [];
  const steps: StepModifier[] = f.specials.stockStatSteps.filter((x) => x.stat === stat).map((x) => x.step);
  if (f.specials.strengthOfTheEarth && settings.onEarth && (stat === 'STR' || stat === 'CON')) {
    mods.push({ amount: f.level, origin: { kind: 'rule', id: 'strength-of-the-earth', label: 'Strength of the Earth' } });
  }
  if (f.specials.elfinIntAdvantage && stat === 'INT' && f.healthDie === f.baseHealthDie) {
    vantage.push({ mark: 'adv', origin: { kind: 'rule', id: 'blessed-intellect', label: 'Blessed Intellect' } });
  }
  return { mods, vantage, steps };
}

function doLayOnHands(rng: RandomSource, w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'lay-on-hands' }>): CombatResult<object> {
  if (actor.specials.layOnHands !== 'advanced') {
    return combatProblem('combat/not-a-special', `${actor.name} cannot Lay on Hands in combat (the advanced power allows it)`);
  }
  const target = w.byId.get(action.targetId);
  if (!target) return combatProblem('combat/unknown-fighter', `no fighter '${action.targetId}' in this encounter`);
  if (target.id === actor.id) return combatProblem('combat/target-is-self', 'Lay on Hands heals someone else, never the healer');
  const last = actor.lastLayOnHandsRound;
  if (last !== null && w.encounter.round - last < 2) {
    return combatProblem('combat/lay-on-hands-rest', `Lay on Hands in combat works once every other round; next in round ${last + 2}`);
  }
  const wil = actor.statScores?.WIL ?? 10;
  const check = rollCheck(rng, {
    kind: 'test',
    target: action.isOfFaith === false ? halfStat(wil) : wil,
    critMin: 16,
    label: `Lay on Hands on ${target.name}`,
  });
  const from = target.healthDie;
  let to = from;
  if (check.success) {
    const steps = check.crit ? 3 : 1;
    for (let i = 0; i < steps; i++) {
      if (to === null) to = HAMMERCRAWL_CHAIN.sides[0]!;
      else if (to < target.baseHealthDie) to = stepDie(HAMMERCRAWL_CHAIN, to, 1).dice[0]!;
    }
  }
  w.patch(target.id, { healthDie: to });
  w.patch(actor.id, { lastLayOnHandsRound: w.encounter.round });
  const text = `${actor.name} lays hands on ${target.name}: ${check.summary}${from !== to ? `; Health Die ${from === null ? 'down' : `d${from}`} -> d${to}` : ''}`;
  w.events.push({ kind: 'heal', actorId: actor.id, targetId: target.id, check, from, to, text });
  return { ok: true };
}

function doCastSpell(rng: RandomSource, w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'cast-spell' }>): CombatResult<object> {
  w.events.push({ kind: 'manual', actorId: actor.id, text: `${actor.name} casts: ${action.text} (the Smith resolves the spell's effect)` });
  if (!action.save) return { ok: true };
  const pen = actor.specials.spellPenetrationSteps;
  for (const id of action.targetIds ?? []) {
    const target = w.byId.get(id);
    if (!standing(target)) return combatProblem('combat/unknown-fighter', `no standing fighter '${id}' to make the Save`);
    const bonuses = stockSaveBonuses(target, action.save.stat, w.encounter.settings);
    const { mods, vantage } = bonuses;
    const steps: StepModifier[] = [...(pen !== 0 ? [{ amount: pen, origin: { kind: 'rule' as const, id: 'spell-penetration', label: 'Spell Penetration' } }] : []), ...bonuses.steps];
    const save = rollSave(rng, {
      mods,
      vantage,
      stat: action.save.stat,
      statMod: target.saveMods[action.save.stat],
      target: action.save.target,
      level: Math.max(MONSTER_SAVE_FLOOR, target.level),
      sourceLevel: actor.level,
      allOrNothing: action.save.allOrNothing ?? false,
      steps,
      label: `${action.save.stat} Save against ${actor.name}'s spell`,
    });
    w.events.push({ kind: 'save', fighterId: id, save, text: `${target.name}: ${save.summary}` });
  }
  return { ok: true };
}

function doSmith(w: Work, actor: Fighter, action: Extract<CombatAction, { kind: 'smith' }>): CombatResult<object> {
  for (const c of action.changes ?? []) if (!w.byId.has(c.fighterId)) return combatProblem('combat/unknown-fighter', `no fighter '${c.fighterId}' in this encounter`);
  w.events.push({ kind: 'manual', actorId: actor.id, text: action.text });
  for (const c of action.changes ?? []) {
    let f = w.get(c.fighterId);
    if (c.healthDie !== undefined) f = { ...f, healthDie: c.healthDie };
    if (c.armourDie !== undefined) f = { ...f, armourDie: c.armourDie };
    if (c.clearConditions) f = { ...f, conditions: [] };
    if (c.addCondition) f = { ...f, conditions: [...f.conditions, c.addCondition] };
    if (c.rage !== undefined) f = { ...f, rage: c.rage };
    w.set(f);
  }
  return { ok: true };
}

function act(rng: RandomSource, w: Work, actor: Fighter, action: CombatAction, depth: number): CombatResult<object> {
  switch (action.kind) {
    case 'attack':
      return doAttack(rng, w, actor, action);
    case 'barrage':
      return doBarrage(rng, w, actor, action);
    case 'tactical-attack':
      return doTactical(rng, w, actor, action);
    case 'total-defense': {
      const covering = action.covering === true;
      if (covering && !actor.specials.covering) return combatProblem('combat/not-covering', `${actor.name} cannot cover allies (the Tank's Covering Defense)`);
      w.patch(actor.id, { isInTotalDefense: true, isCovering: covering });
      const feat = canDeclareFeat(actor, 'total-defense') ? ' (its Defense rolls are Feats)' : '';
      w.events.push({ kind: 'total-defense', actorId: actor.id, covering, text: `${actor.name} takes Total Defense${covering ? ', covering allies' : ''}${feat}` });
      return { ok: true };
    }
    case 'adjust-inventory':
      w.events.push({ kind: 'manual', actorId: actor.id, text: `${actor.name} adjusts inventory (full round)${action.text ? `: ${action.text}` : ''}` });
      return { ok: true };
    case 'lay-on-hands':
      return doLayOnHands(rng, w, actor, action);
    case 'command': {
      if (!actor.specials.commander) return combatProblem('combat/not-a-special', `${actor.name} is not a Commander`);
      const ally = w.byId.get(action.allyId);
      if (!standing(ally) || ally.side !== actor.side || ally.role !== 'pc' || ally.id === actor.id) {
        return combatProblem('combat/unknown-fighter', `a Commander orders another standing party member; '${action.allyId}' is not one`);
      }
      if (depth > 0 || action.action.kind === 'command') return combatProblem('combat/not-a-special', 'a commanded action cannot be another command');
      w.events.push({ kind: 'turn', actorId: ally.id, text: `${actor.name} gives up their action and commands ${ally.name}` });
      return act(rng, w, ally, action.action, depth + 1);
    }
    case 'cast-spell':
      return doCastSpell(rng, w, actor, action);
    case 'smith':
      return doSmith(w, actor, action);
    case 'pass':
      w.events.push({ kind: 'note', text: `${actor.name} passes` });
      return { ok: true };
  }
}

/**
 * Resolves one fighter's turn (Taking Turns): Total Defense from their last turn ends, a lost action
 * (Tactical Attack) is spent, then the action is resolved. A mistake leaves the encounter unchanged and
 * returns the problem; the dice already rolled are then not applied.
 * @example takeTurn(rng, encounter, 'brakka', { kind: 'attack', targetId: 'goblin-1' })
 */
export function takeTurn(rng: RandomSource, encounter: Encounter, actorId: string, action: CombatAction): CombatResult<TurnResult> {
  const w = new Work(encounter);
  const start = w.byId.get(actorId);
  if (!start) return combatProblem('combat/unknown-fighter', `no fighter '${actorId}' in this encounter`);
  if (start.healthDie === null) return combatProblem('combat/fighter-down', `${start.name} is down and cannot act`);
  if (isFightOver(encounter) && action.kind !== 'smith' && action.kind !== 'pass') return combatProblem('combat/fight-over', 'the fight is over: one side has nobody standing');
  let actor: Fighter = { ...start, isInTotalDefense: false, isCovering: false };
  const lost = actor.conditions.some((c) => c.kind === 'loses-action');
  if (lost) {
    if (action.kind !== 'pass' && action.kind !== 'smith') {
      return combatProblem('combat/lost-action', `${actor.name} lost their standard action this turn (Tactical Attack): pass`);
    }
    actor = removeConditions(actor, 'loses-action');
  }
  w.set(actor);
  w.events.push({ kind: 'turn', actorId, text: `round ${encounter.round}: ${actor.name}'s turn${lost ? ' (action lost)' : ''}` });
  const r = act(rng, w, actor, action, 0);
  if (!r.ok) return r;
  return { ok: true, ...w.done() };
}

/** Steps a die down as damage does, for tests and the Smith's manual path (RESOURCES; DAMAGE). */
export function stepDownDie(die: number | null): number | null {
  return die === null ? null : resourceStepDown(die);
}
