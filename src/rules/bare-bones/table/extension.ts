/**
 * What The Bare Bones adds to a shared table (the contract's `TableExtension`): two tracker actions.
 * `attack` rolls a melee or missile exchange between two combatants and writes what it did on the
 * characters' documents (Blood and Sweat through the `damage` change, notches, arrows) and on the
 * tracker; `initiative` rolls the round's WIS saves with an ambushing side named, whose members act
 * first every round and whose first-round damage goes to Blood (the tracker's `Ambusher` condition). Rules: The Bare Bones, Live by the
 * Sword, Die by the Sword; rulings BB-12, BB-38, BB-39, BB-40.
 */
import type { RandomSource } from '../../../dice/random.js';
import { clip, MAX_HISTORY_SUMMARY_LENGTH } from '../../character-play.js';
import {
  forbidden,
  ok,
  problem,
  statScoresOf,
  type CharacterChangeRecord,
  type CombatSide,
  type CombatState,
  type Combatant,
  type ExtensionContext,
  type ExtensionEvent,
  type ExtensionExample,
  type RuleResult,
  type TableCharacter,
  type TableExtension,
} from '../../rule-system.js';
import { takeHarm } from '../blood-and-sweat.js';
import type { BareBonesCharacter } from '../character.js';
import { vitalsChange } from '../play-kit.js';
import { rollInitiative } from '../initiative.js';
import { rollChange } from '../play.js';
import { readBareBonesCommand, type BareBonesAttackAction, type BareBonesInitiativeAction, type BareBonesTableCommand } from './read-command.js';
import { AMBUSHER, DEAD, isHitOutcome, notchedArmourClass, planAttack, rollAttackPlan, type AttackPlan, type AttackRoll } from './tracker-attack.js';
import { healthText } from './tracker-health.js';

/** The Bare Bones slice of a table's state: nothing of its own (the ambush is the tracker's `Ambusher` condition). */
export type BareBonesTableState = Readonly<Record<string, never>>;

const SIDE_LABEL: Readonly<Record<CombatSide, string>> = { party: 'the party', foes: 'the foes' };

/** The event that saves a document with the change that made it, as a consequence of the attack where it is the target's. */
function saved(character: TableCharacter, document: BareBonesCharacter, change: CharacterChangeRecord, isConsequence: boolean): ExtensionEvent {
  return {
    shared: 'character-saved',
    body: { character: { id: character.id, ownerId: character.ownerId, document: document as unknown as TableCharacter['document'] }, change: { ...change, summary: clip(change.summary, MAX_HISTORY_SUMMARY_LENGTH) } },
    ...(isConsequence ? { isConsequence: true as const } : {}),
  };
}

/** One change of play on a document, which the rules accept (a refusal is a programmer's error here: the plan checked it). */
function changed(rng: RandomSource, doc: BareBonesCharacter, change: string, params: Record<string, string | number | boolean>): { doc: BareBonesCharacter; summary: string; lines: readonly string[] } {
  const r = rollChange(rng, doc, { change, params });
  if (!r.ok) throw new Error(`the ${change} change refused the tracker's attack: ${r.error.message}`);
  return { doc: r.value.character, summary: r.value.summary, lines: r.value.explanation };
}

interface Written {
  readonly combatants: readonly Combatant[];
  readonly events: ExtensionEvent[];
  readonly notes: string[];
}

/** What one exchange does: the target's Blood and Sweat (and armour notch), the attacker's weapon notch and arrow. */
function writeExchange(rng: RandomSource, combat: CombatState, plan: AttackPlan, roll: AttackRoll, isHiddenAttacker: boolean): Written {
  const events: ExtensionEvent[] = [];
  const notes: string[] = [];
  let combatants = combat.combatants;
  const patch = (id: string, f: (c: Combatant) => Combatant) => {
    combatants = combatants.map((c) => (c.id === id ? f(c) : c));
  };
  const explanation = isHiddenAttacker ? {} : { explanation: roll.lines };
  const T = plan.target;
  const defenderNotched = roll.defence !== null && roll.defence.kept === 20;
  // The target: damage through the rules of Blood and Sweat, then the notch of a defender's natural 20.
  if (T.character !== undefined) {
    let doc = T.character.document;
    const summaries: string[] = [];
    const lines: string[] = [];
    if (roll.damage !== null) {
      const reason = roll.outcome === 'critical-hit' ? 'critical-hit' : plan.damage.isToBlood ? 'crossbow' : plan.isAmbush ? 'ambush' : 'none';
      const r = changed(rng, doc, 'damage', { amount: roll.damage.total, 'straight-to-blood': reason, source: 'attack' });
      doc = r.doc;
      summaries.push(`${plan.attacker.name}: ${r.summary}`);
      lines.push(...r.lines);
    }
    // A notch at the floor of 8 changes nothing (BB-21): no write for it.
    const notched = defenderNotched ? changed(rng, doc, 'notch', { part: 'armour' }) : null;
    if (notched !== null && notched.doc.armourNotches !== doc.armourNotches) {
      doc = notched.doc;
      summaries.push(notched.summary);
      lines.push(...notched.lines);
    }
    if (summaries.length > 0) {
      events.push(saved(T.character.table, doc, { id: 'attack', summary: summaries.join('; '), ...(isHiddenAttacker ? {} : { explanation: [...roll.lines, ...lines] }) }, true));
      const after = doc;
      patch(T.id, (c) => ({ ...c, health: healthText({ blood: after.blood.current, bloodMax: after.blood.max, sweat: after.sweat.current, sweatMax: after.sweat.max }), isDown: after.blood.current === 0 }));
      // The tracker's line says the damage once: here what it did to Blood and Sweat, and the notch.
      const vitals = vitalsChange(T.character.document, after);
      notes.push(...(vitals === 'no change' ? [] : [vitals]), ...summaries.filter((x) => !x.startsWith(`${plan.attacker.name}: `)));
    }
  } else {
    if (roll.damage !== null) {
      const r = takeHarm(T.vitals, { amount: roll.damage.total, isToBlood: roll.damage.isToBlood, source: 'attack' });
      if (!r.ok) throw new Error(r.error.message);
      const v = r.value.vitals;
      patch(T.id, (c) => ({ ...c, health: healthText(v), isDown: v.blood === 0, conditions: v.status === 'dead' && !c.conditions.includes(DEAD) ? [...c.conditions, DEAD] : c.conditions }));
      notes.push(v.status === 'dead' ? 'dead (a coup de grâce)' : v.blood === 0 ? 'down at 0 Blood' : `Blood ${v.blood}/${v.bloodMax}${v.sweatMax > 0 ? `, Sweat ${v.sweat}/${v.sweatMax}` : ''}`);
    }
    if (defenderNotched) {
      patch(T.id, (c) => {
        const m = /^(\d+)(?: \((\d+) notch(?:es)?\))?$/.exec(c.armour.trim());
        const ac = m !== null ? Number(m[1]) : T.ac;
        const n = (m?.[2] === undefined ? 0 : Number(m[2])) + (notchedArmourClass(ac) < ac ? 1 : 0);
        return { ...c, armour: `${notchedArmourClass(ac)}${n > 0 ? ` (${n} notch${n === 1 ? '' : 'es'})` : ''}` };
      });
      notes.push(`${T.name}'s armour is notched`);
    }
  }
  // The attacker: a melee natural 20 notches the weapon named; a bow's arrow is lost on a hit and lies about on a miss.
  const A = plan.attacker;
  if (A.character !== undefined) {
    let doc = A.character.document;
    const summaries: string[] = [];
    const lines: string[] = [];
    if (plan.mode === 'melee' && roll.attack.kept === 20 && plan.weaponIndex !== null && doc.inventory[plan.weaponIndex]!.notches < 5) {
      const r = changed(rng, doc, 'notch', { part: 'item', item: doc.inventory[plan.weaponIndex]!.id });
      doc = r.doc;
      summaries.push(r.summary);
      lines.push(...r.lines);
    }
    if (plan.mode === 'missile' && plan.damage.kind === 'bow' && doc.arrows > 0) {
      const isHit = isHitOutcome(roll.outcome);
      const r = changed(rng, doc, 'arrows-shot', isHit ? { hits: 1 } : { misses: 1 });
      doc = r.doc;
      summaries.push(r.summary);
      lines.push(...r.lines);
    }
    if (summaries.length > 0) {
      events.push(saved(A.character.table, doc, { id: 'attack', summary: `Attacks ${T.name}: ${summaries.join('; ')}`, ...explanation }, false));
      notes.push(...summaries);
    }
  }
  if (plan.mode === 'melee' && roll.attack.kept === 20 && (A.character === undefined || plan.weaponIndex === null)) notes.push(`${A.name}'s weapon is notched (a natural 20)`);
  if (plan.mode === 'missile' && roll.attack.kept === 20) notes.push(`${A.name}'s bowstring breaks: a turn to restring it`);
  return { combatants, events, notes };
}

function decideAttack(rng: RandomSource, command: BareBonesAttackAction & { readonly requestId: string }, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  const attacker = context.combat.combatants.find((c) => c.id === command.attackerId);
  const owner = attacker?.characterId === undefined ? undefined : context.characters.find((c) => c.id === attacker.characterId)?.ownerId;
  // A player attacks with their own character; the Smith with anyone.
  if (!context.can('combat') && !(context.can('roll') && owner === context.actor.id)) return forbidden("attack with another's combatant");
  const { type: _type, attackerId, targetId, ...options } = command;
  void _type;
  const plan = planAttack(context.combat, context.characters, attackerId, targetId, options, context.settings);
  if (!plan.ok) return plan;
  if (plan.value.mode === 'missile' && plan.value.damage.kind === 'bow' && plan.value.attacker.character !== undefined && plan.value.attacker.character.document.arrows === 0) {
    return problem('bare-bones/no-arrows', `${plan.value.attacker.name}'s quiver is empty: recover arrows after the fight, or shoot a crossbow.`, '$.action.mode');
  }
  const roll = rollAttackPlan(rng, plan.value);
  const isHiddenAttacker = attacker !== undefined && attacker.characterId === undefined && attacker.isRevealed !== true;
  const written = writeExchange(rng, context.combat, plan.value, roll, isHiddenAttacker);
  const a = plan.value.attacker.name;
  const t = plan.value.target.name;
  const verb = roll.outcome === 'critical-hit' ? 'crits' : isHitOutcome(roll.outcome) ? 'hits' : 'attacks';
  const outcomeWords: Record<string, string> = {
    'attacker-maneuver': 'both fail, the attacker may maneuver',
    'defender-maneuver': 'defended, the defender may maneuver',
    'stand-off': 'both succeed, no effect',
    miss: 'miss',
    'string-breaks': 'miss, the bowstring snaps',
  };
  const result = isHitOutcome(roll.outcome) ? `${roll.damage!.total} damage${roll.damage!.isToBlood ? ' to Blood' : ''}` : outcomeWords[roll.outcome]!;
  const summary = `${a} ${verb} ${t}${plan.value.mode === 'missile' ? ' (missile)' : ''}: ${result}${written.notes.length > 0 ? `. ${written.notes.join('; ')}` : ''}.`;
  const tracker: ExtensionEvent = {
    shared: 'combat-changed',
    body: {
      combat: { ...context.combat, combatants: [...written.combatants] },
      summary,
      attack: { attackerId, targetId, isHit: isHitOutcome(roll.outcome), isCrit: roll.outcome === 'critical-hit', lines: roll.lines, outcome: isHitOutcome(roll.outcome) ? (roll.outcome === 'critical-hit' ? 'a critical hit' : 'a hit') : outcomeWords[roll.outcome]! },
    },
  };
  return ok([tracker, ...written.events]);
}

function decideInitiative(rng: RandomSource, command: BareBonesInitiativeAction & { readonly requestId: string }, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  if (!context.can('combat')) return forbidden('roll initiative');
  const combat = context.combat;
  if (combat.combatants.length === 0) return problem('combat/no-combatants', 'Add combatants before rolling initiative.');
  const ambushers = command.ambushers ?? null;
  const rolled = rollInitiative(
    rng,
    combat.combatants.map((c) => ({ id: c.id, side: c.side, stats: { ...statScoresOf(context.characters.find((x) => x.id === c.characterId)), ...c.stats }, isLeader: c.isLeader })),
    ambushers ?? undefined,
  );
  if (!rolled.ok) {
    let message = rolled.error.message;
    for (const c of combat.combatants) message = message.replace(new RegExp(`\\b${c.id}\\b`, 'g'), c.name);
    return problem(rolled.error.code, message);
  }
  const order = rolled.value.order.map((p) => p.id);
  const names = order.map((id) => combat.combatants.find((c) => c.id === id)!.name);
  // The ambushing side is marked in the tracker, where everyone sees it and the attacks read it.
  const combatants = combat.combatants.map((c) => {
    const isAmbusher = c.side === ambushers;
    const has = c.conditions.includes(AMBUSHER);
    if (isAmbusher === has) return c;
    return { ...c, conditions: isAmbusher ? [...c.conditions, AMBUSHER] : c.conditions.filter((x) => x !== AMBUSHER) };
  });
  return ok([
    {
      shared: 'combat-changed',
      body: {
        combat: { ...combat, combatants, order, initiative: rolled.value, turn: combat.isActive ? 0 : combat.turn },
        summary: `Initiative${ambushers !== null ? ` (${SIDE_LABEL[ambushers]} ambush: they act first every round)` : ''}: ${names.join(', ')}.`,
      },
    },
  ]);
}

/** Decides a Bare Bones tracker action. */
export function decideBareBonesCommand(rng: RandomSource, _state: BareBonesTableState, command: BareBonesTableCommand, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  const action = command.action;
  return action.type === 'attack' ? decideAttack(rng, { ...action, requestId: command.requestId }, context) : decideInitiative(rng, { ...action, requestId: command.requestId }, context);
}

/**
 * Messages a fresh table accepts in this order (docs/protocol.md): the player's character `ch1` and a
 * goblin in the tracker, an initiative with the foes ambushing, then an exchange each way (Ada first: the
 * goblin's ambush could put her down).
 */
export const BARE_BONES_TABLE_EXAMPLES: readonly ExtensionExample[] = [
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-add-ada', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1' } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-add-goblin', action: { type: 'add', name: 'Goblin', side: 'foes', monster: 'str=11,dex=12,ac=10,blood=6,sweat=2,weapon=light' } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-ambush', action: { type: 'initiative', ambushers: 'foes' } } },
  { role: 'player', message: { kind: 'combat', requestId: 'ex-ada-attacks', action: { type: 'attack', attackerId: 'c1', targetId: 'c2', mode: 'melee', weight: 'medium', skill: true } } },
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-goblin-attacks', action: { type: 'attack', attackerId: 'c2', targetId: 'c1' } } },
];

/** The Bare Bones table extension. */
export const bareBonesTable: TableExtension<BareBonesTableState, BareBonesTableCommand> = {
  commands: [],
  // An exchange rolls two tests and the damage; initiative rolls the saves: both count against the roller's rate.
  combatActions: [
    { kind: 'attack', rollsDice: true },
    { kind: 'initiative', rollsDice: true },
  ],
  eventKinds: [],
  permissions: {},
  examples: BARE_BONES_TABLE_EXAMPLES,
  initialState: () => ({}),
  readCommand: readBareBonesCommand,
  requestIdOf: (command) => command.requestId,
  decide: decideBareBonesCommand,
  fold: (state) => state,
};
