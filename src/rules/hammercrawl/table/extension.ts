/**
 * What HAMMERCRAWL! adds to a shared table (the contract's `TableExtension`): the party's Ventures, each
 * character's magick, hammer dice pools and one-click attacks in the combat tracker. The event kinds
 * (`venture-changed`, `magick-changed`, `hammer-rolled`) and their bodies are the ones tables have
 * always stored, so every log replays as before. What an attack, a Venture's XP or a magick command does
 * to a character is also written on its document (`character-saved`), the one truth of the character.
 * Rulings TB-n and TC-n in docs/rulings.md.
 */
import { hammercrawlShownDice } from './shown-dice.js';
import { seededRandom, type RandomSource } from '../../../dice/random.js';
import { rollCharacter } from '../create-character.js';
import {
  forbidden,
  ok,
  problem,
  readRollLabel,
  tableCharacter,
  type CombatSide,
  type ExtensionContext,
  type ExtensionEvent,
  type CheckRoll,
  type ExtensionExample,
  type ParamValue,
  type Role,
  type RuleResult,
  type TableCharacter,
  type TableExtension,
  type Visibility,
} from '../../rule-system.js';
import type { HammerPlusChoice, HammerPool, HammerPoolRoll } from '../hammer-pools.js';
import type { MagickCommand } from '../magick/commands.js';
import { magickMomentOf, magickTimingProblem } from '../magick/timing.js';
import { EMPTY_MAGICK_STATE, foldMagickEvents, type MagickEvent, type MagickState } from '../magick/magick-state.js';
import { foldVenture, newVenture, type VentureCommand, type VentureEvent, type VentureState } from '../venture/venture.js';
import { burntConOf, characterSaved, conScoreOf, hammerCheckSave, joinXpSave, magickChange, magickOf, ventureXpSaves, withMagick } from './character-writes.js';
import { campWrites, townWrites } from './camp.js';
import type { TableVentureCommand } from './commands.js';
import { hammerCheckRequest, hammerDieSettingOf, magickSettingsOf, poolContextOf, rollHammerTableCommand, rollMagickTableCommand, rollVentureTableCommand } from './commands.js';
import { readHammercrawlCommand, type HammercrawlTableCommand, type HammerEffectsTableCommand, type HammerTableCommand } from './read-command.js';
import {
  bankedDiceOf,
  checkPicks,
  EMPTY_HAMMER_STATE,
  foldEffectsChosen,
  foldHammerRolled,
  foldSceneEnded,
  type HammerEffectsChosenBody,
  type HammerRolledFold,
  type HammerTableState,
} from './hammer-apply.js';
import { combatSettingsOf, rollTrackerAttack } from './tracker-attack.js';
import { decideTrackerAction } from './tracker-actions-decide.js';
import { TRACKER_ACTION_EXAMPLES, TRACKER_ACTION_ROLLS, TRACKER_ACTION_TYPES } from './tracker-actions.js';
import { decideInitiativeAction, foldInitiativeChanged, type InitiativeChangedBody } from './initiative.js';
import { afterTurnMoved, turnBegins } from './tracker-conditions.js';
import type { InitiativeState } from '../initiative/index.js';

/** HAMMERCRAWL!'s slice of a table's state. */
export interface HammercrawlTableState {
  /** The party's Ventures, the fold of every `venture-changed` event (a party in town before any). */
  readonly venture: VentureState;
  /** Each character's magick, by character id, the fold of its `magick-changed` events. */
  readonly magick: Readonly<Record<string, MagickState>>;
  /** The fight's initiative, the fold of its `initiative-changed` events (null before any; table/initiative.ts). */
  readonly initiative?: InitiativeState | null;
  /** Dice set aside for the scene and rolls waiting for choices (table/hammer-apply.ts; absent before any). */
  readonly hammer?: HammerTableState;
}

/**
 * The bodies of HAMMERCRAWL!'s own events, by kind, as `decide` makes them and the table stores them
 * (docs/protocol.md, Events). `hammer-rolled` carries a `visibility`, so a secret one is redacted.
 */
export type HammercrawlEventBodies = {
  /** A Venture command as decided (with the server's `at` where it is timed) and the Venture module's events, faces inside. */
  readonly 'venture-changed': { readonly requestId: string; readonly command: VentureCommand; readonly events: readonly VentureEvent[] };
  /** A magick command as decided (`set-caster` with the caster read from the character) and the magick module's events. */
  readonly 'magick-changed': { readonly requestId: string; readonly characterId: string; readonly command: MagickCommand; readonly events: readonly MagickEvent[] };
  /** A hammer dice pool rolled: the pool, its faces in pool order, and the roll resolved. */
  readonly 'hammer-rolled': {
    readonly requestId: string;
    readonly visibility: Visibility;
    readonly pool: HammerPool;
    readonly faces: readonly number[];
    readonly result: HammerPoolRoll;
    readonly label?: string;
    readonly characterId?: string;
    readonly hammerPlus?: HammerPlusChoice;
    /** The faces were entered from physical dice. */
    readonly isPhysical?: true;
    /** Who rolled: the roller picks the player's effects (H-21). */
    readonly rollerId?: string;
    /** Set-aside dice of the character this Check spent (H-20). */
    readonly spentBanked?: number;
    /** The Check die rolled with the pool (H-22). */
    readonly check?: CheckRoll;
    /** The result changed the acting character's document, saved in the same command (H-19). */
    readonly isApplied?: true;
  };
  /** A tracker initiative command decided: the initiative library's events, faces inside (table/initiative.ts). */
  readonly 'initiative-changed': InitiativeChangedBody;
  /** Picks for a roll's symbols, with the roll's visibility (H-21). */
  readonly 'hammer-effects-chosen': HammerEffectsChosenBody;
  /** The Smith ended the scene: set-aside dice are gone (H-20). */
  readonly 'hammer-scene-ended': { readonly requestId: string };
};

/** One of HAMMERCRAWL!'s own events as `decide` returns it: its kind, and the body of that kind. */
export type HammercrawlOwnEvent = { readonly [K in keyof HammercrawlEventBodies]: { readonly own: K; readonly body: HammercrawlEventBodies[K] } }[keyof HammercrawlEventBodies];

/** The roles allowed each HAMMERCRAWL! action (docs/protocol.md, Roles and tokens). */
export const HAMMERCRAWL_PERMISSIONS = {
  /** Ventures: the Smith runs them (TB-1). */
  venture: ['smith'],
  /** A use of a counted ability of a character the member owns, within its limit (VE-18). */
  'venture-own-limit': ['smith', 'player'],
  /** Magick of a character the member owns (TB-4). */
  'magick-own': ['smith', 'player'],
  /** Magick of anyone's character. */
  'magick-any': ['smith'],
  /** A hammer dice pool of a Check (H-5 to H-7): whoever rolls checks (TB-6). */
  'hammer-check': ['smith', 'player'],
  /** A node (exploration) pool: the Smith's roll alone (H-12, TB-6). */
  'hammer-node': ['smith'],
  /** Ending the scene, when set-aside dice are gone (H-20). */
  'hammer-scene': ['smith'],
} as const;

function characterOf(context: ExtensionContext, id: string): RuleResult<TableCharacter> {
  return tableCharacter(context.characters, id);
}

/**
 * A character's magick before a command: the table's, which is the document's once a document with
 * magick was saved (an imported caster keeps its spells: the fold of `character-saved`, TC-4), else none.
 */
function magickBefore(state: HammercrawlTableState, character: TableCharacter): MagickState {
  return Object.hasOwn(state.magick, character.id) ? state.magick[character.id]! : EMPTY_MAGICK_STATE;
}

/** Why an attack cannot be a Feat under `hammer-die: replace` (H-25). */
const HAMMER_DIE_ATTACK_FEAT =
  'This table plays THE HAMMER DIE in place of the Feat Die and Advantage (table setting hammer-die: replace), so an attack cannot be rolled as a Feat: roll the Feat as hammer dice (the Hammer dice panel, a Check pool with its Feat), or the Smith sets hammer-die to off.';

function decideHammer(rng: RandomSource, state: HammercrawlTableState, command: HammerTableCommand, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  if (!context.can('hammer-check')) return forbidden('roll hammer dice');
  if (poolContextOf(command.pool) === 'node' && !context.can('hammer-node')) return forbidden("roll the Smith's node pool");
  const label = readRollLabel(command.label);
  if (!label.ok) return label;
  let character: TableCharacter | undefined;
  if (command.characterId !== undefined) {
    const c = characterOf(context, command.characterId);
    if (!c.ok) return c;
    character = c.value;
  }
  // The Check's result is written on its acting character (H-19): the owner's roll, or the Smith's.
  const isApplied = character !== undefined && command.visibility === 'public' && poolContextOf(command.pool) === 'check';
  if (isApplied && context.actor.role !== 'smith' && character!.ownerId !== context.actor.id) return forbidden("roll a Check for another player's character");
  const bank = character === undefined ? [] : bankedDiceOf(state.hammer, character.id);
  const useBanked = command.useBanked ?? 0;
  if (useBanked > 0 && (character === undefined || command.visibility !== 'public')) {
    return problem('hammer/bank-needs-character', 'Set-aside dice belong to a character: give characterId, and roll the Check publicly (H-20).', '$.command.useBanked');
  }
  if (useBanked > bank.length) return problem('hammer/not-banked', `${character!.id} holds ${bank.length} set-aside ${bank.length === 1 ? 'die' : 'dice'}; ${useBanked} asked for.`, '$.command.useBanked');
  const setting = hammerDieSettingOf(context.settings);
  if (!setting.ok) return setting;
  // The check is the named character's: its stock's abilities on the check's stat apply (characterCheck),
  // and under replace the advantages they give join the pool (H-26).
  const asked = command.check !== undefined && character !== undefined && context.rules.characterCheck !== undefined ? context.rules.characterCheck(character.document, command.check) : command.check;
  const request = hammerCheckRequest(command.pool, asked, setting.value, bank.slice(0, useBanked));
  if (!request.ok) return request;
  // The pool is built before the Check die rolls, and both roll together (H-15, H-22).
  let check: CheckRoll | undefined;
  if (request.value.check !== undefined) {
    const def = context.rules.checks.find((k) => k.id === request.value.check!.check);
    const fromTable: Record<string, ParamValue> = {};
    for (const d of def?.params ?? []) {
      const v = context.settings[d.name];
      if (d.role === 'setting' && v !== undefined && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) fromTable[d.name] = v;
    }
    const rolledCheck = context.rules.rollCheck(rng, { check: request.value.check.check, params: { ...fromTable, ...request.value.check.params } });
    if (!rolledCheck.ok) return rolledCheck;
    check = rolledCheck.value;
  }
  const rolled = rollHammerTableCommand(rng, context.settings, request.value.pool, {
    ...(command.hammerPlus !== undefined ? { hammerPlus: command.hammerPlus } : {}),
    ...(command.faces !== undefined ? { faces: command.faces } : {}),
  });
  if (!rolled.ok) return rolled;
  const result = rolled.value.result;
  const title = label.value ?? 'Hammer dice';
  const save = isApplied ? hammerCheckSave(character!, title, result.remaining.teardrop, result.xp) : null;
  return ok([
    {
      own: 'hammer-rolled',
      body: {
        requestId: command.requestId,
        visibility: command.visibility,
        pool: rolled.value.pool,
        faces: rolled.value.faces,
        result,
        ...(label.value !== undefined ? { label: label.value } : {}),
        ...(command.characterId !== undefined ? { characterId: command.characterId } : {}),
        ...(command.hammerPlus !== undefined ? { hammerPlus: command.hammerPlus } : {}),
        ...(command.faces !== undefined ? { isPhysical: true } : {}),
        rollerId: context.actor.id,
        ...(useBanked > 0 ? { spentBanked: useBanked } : {}),
        ...(check !== undefined ? { check } : {}),
        ...(save !== null ? { isApplied: true } : {}),
      },
    } satisfies HammercrawlOwnEvent,
    ...(save === null ? [] : [save]),
  ]);
}

/** Picks for a roll's symbols (H-21): recorded with the roll's visibility; a public skull read as a teardrop steps the Health Die. */
function decideHammerEffects(state: HammercrawlTableState, command: HammerEffectsTableCommand, context: ExtensionContext): RuleResult<readonly ExtensionEvent[]> {
  if (!context.can('hammer-check')) return forbidden('pick hammer effects');
  const roll = checkPicks(state.hammer, command.rollId, command.picks, { id: context.actor.id, isSmith: context.actor.role === 'smith' }, context.characters.map((c) => c.id));
  if (!roll.ok) return roll;
  const r = roll.value;
  const chosen: HammercrawlOwnEvent = {
    own: 'hammer-effects-chosen',
    body: {
      requestId: command.requestId,
      rollId: command.rollId,
      visibility: r.visibility,
      picks: command.picks,
      ...(r.characterId !== undefined ? { characterId: r.characterId } : {}),
      ...(r.label !== undefined ? { label: r.label } : {}),
    },
  };
  const asTeardrop = command.picks.filter((p) => p.effect === 'skull-as-teardrop').length;
  const character = r.characterId === undefined ? undefined : context.characters.find((c) => c.id === r.characterId);
  const save = asTeardrop > 0 && character !== undefined && r.visibility === 'public' && r.context === 'check' ? hammerCheckSave(character, `${r.label ?? 'Hammer dice'}, a skull as a teardrop`, asTeardrop, 0) : null;
  return ok([chosen, ...(save === null ? [] : [save])]);
}

/** A player's use of a counted ability their own character holds, within the limit (VE-18): the Smith alone may override. */
function isOwnLimitUse(command: TableVentureCommand, context: ExtensionContext): boolean {
  if (command.kind !== 'use-limit' || command.override === true || !context.can('venture-own-limit')) return false;
  return context.characters.some((c) => c.id === command.holder && c.ownerId === context.actor.id);
}

/** Decides one HAMMERCRAWL! table command. */
export function decideHammercrawlCommand(
  rng: RandomSource,
  state: HammercrawlTableState,
  command: HammercrawlTableCommand,
  context: ExtensionContext,
): RuleResult<readonly ExtensionEvent[]> {
  switch (command.kind) {
    case 'venture': {
      if (!context.can('venture') && !isOwnLimitUse(command.command, context)) return forbidden('run the Venture');
      // No camp while a fight runs in the tracker (VE-17).
      if (command.command.kind === 'camp' && context.combat.isActive) return problem('venture/in-a-fight', 'The party cannot camp while a fight is running in the tracker: end the fight first.');
      const decided = rollVentureTableCommand(rng, state.venture, command.command, context.now, context.characters);
      if (!decided.ok) return decided;
      if (decided.value.command.kind === 'camp') {
        const camp = decided.value.command;
        const settings = magickSettingsOf(context.settings);
        if (!settings.ok) return settings;
        const writes = campWrites(rng, command.requestId, state.venture, (id) => (Object.hasOwn(state.magick, id) ? state.magick[id] : undefined), context.characters, camp, decided.value.events, settings.value);
        return ok([{ own: 'venture-changed', body: { requestId: command.requestId, command: camp, events: decided.value.events } } satisfies HammercrawlOwnEvent, ...writes]);
      }
      if (decided.value.command.kind === 'return-to-town') {
        // The party rests in town: each character's dice, Mana-burn and burnt CON come back (VE-19).
        const settings = magickSettingsOf(context.settings);
        if (!settings.ok) return settings;
        const rest = (document: TableCharacter['document']) => {
          const sheet = context.rules.readCharacter(document);
          if (!sheet.ok) return null;
          const r = context.rules.play.rollChange(rng, sheet.value, { change: 'rest', params: { kind: 'town' } });
          return r.ok ? { document: r.value.character as unknown as TableCharacter['document'], summary: r.value.summary, explanation: r.value.explanation } : null;
        };
        const writes = townWrites(rng, command.requestId, state.venture, (id) => (Object.hasOwn(state.magick, id) ? state.magick[id] : undefined), context.characters, rest, settings.value);
        return ok([{ own: 'venture-changed', body: { requestId: command.requestId, command: decided.value.command, events: decided.value.events } } satisfies HammercrawlOwnEvent, ...writes]);
      }
      const changed: HammercrawlOwnEvent = { own: 'venture-changed', body: { requestId: command.requestId, command: decided.value.command, events: decided.value.events } };
      // The documents follow: XP the Venture awards (TC-3), and the XP the Smith gives a joining member over the document's.
      const asked = command.command;
      const joined = asked.kind === 'join' && asked.member.xp !== undefined ? context.characters.find((c) => c.id === asked.member.id) : undefined;
      const join = joined === undefined || decided.value.command.kind !== 'join' ? null : joinXpSave(joined, decided.value.command.member.xp);
      return ok([changed, ...(join === null ? [] : [join]), ...ventureXpSaves(context.characters, decided.value.events)]);
    }
    case 'magick': {
      const c = characterOf(context, command.characterId);
      if (!c.ok) return c;
      if (!(context.can('magick-any') || (context.can('magick-own') && c.value.ownerId === context.actor.id))) return forbidden("work another player's magick");
      // Prepare, remember and the rests only when the moment allows; the Smith may always (MG-19).
      const timing = context.can('magick-any') ? null : magickTimingProblem(command.command.kind, magickMomentOf(context.combat, state.venture));
      if (timing !== null) return problem(timing.code, timing.message);
      const before = magickBefore(state, c.value);
      const decided = rollMagickTableCommand(rng, before, c.value, context.settings, command.command, (json) => context.rules.readCharacter(json));
      if (!decided.ok) return decided;
      const document = withMagick(c.value.document, decided.value.state);
      if (document === null) {
        return problem('magick/not-enough-con', `The character's CON is ${conScoreOf(c.value.document)}: burning ${decided.value.state.burntCon - burntConOf(c.value.document)} would take it below 1; burn less.`);
      }
      return ok([
        {
          own: 'magick-changed',
          body: {
            requestId: command.requestId,
            characterId: c.value.id,
            command: decided.value.command,
            events: decided.value.events,
          },
        } satisfies HammercrawlOwnEvent,
        characterSaved(c.value, document, magickChange(decided.value.events, decided.value.state)),
      ]);
    }
    case 'hammer':
      return decideHammer(rng, state, command, context);
    case 'hammer-effects':
      return decideHammerEffects(state, command, context);
    case 'hammer-scene-end':
      if (!context.can('hammer-scene')) return forbidden('end the scene');
      return ok([{ own: 'hammer-scene-ended', body: { requestId: command.requestId } } satisfies HammercrawlOwnEvent]);
    case 'combat': {
      // Total Defense, Tactical Attacks, damage that is not an attack... (tracker-actions.ts).
      if (command.action.type === 'initiative') {
        const decided = decideInitiativeAction(rng, state.initiative ?? null, command.requestId, command.action, context);
        // The turn the initiative gives begins: a Total Defense held since that combatant's last turn ends (CB-37).
        if (!decided.ok) return decided;
        // Under Exchanges several act at once, whoever the tracker's turn shows: each given an action begins it.
        const given = new Set<string>();
        for (const e of decided.value) {
          if ('own' in e && e.own === 'initiative-changed') {
            for (const x of (e.body as unknown as InitiativeChangedBody).events) if (x.kind === 'turn-given') for (const id of x.to) given.add(id);
          }
        }
        const moved = decided.value.map((e) => turnBegun(context.combat, e, given));
        // The initiative's card says what ended as the turns began (the tracker's line says it too).
        const ended = moved.flatMap((m) => m.notes);
        return ok(moved.map(({ event: e }) => (ended.length > 0 && 'own' in e && e.own === 'initiative-changed' ? { ...e, body: { ...(e.body as InitiativeChangedBody), ended } } : e)));
      }
      // THE HAMMER DIE in place of the Feat Die (H-25): an attack asked as a Feat is refused by name.
      if ((command.action.type === 'attack' || command.action.type === 'tactical-attack') && command.action.feat === true) {
        const setting = hammerDieSettingOf(context.settings);
        if (!setting.ok) return setting;
        if (setting.value === 'replace') return problem('check/hammer-die-replaces', HAMMER_DIE_ATTACK_FEAT, '$.command.action.feat');
      }
      if (command.action.type !== 'attack') return decideTrackerAction(rng, command.action, context);
      const action = command.action;
      // A player attacks with their own character; the Smith with anyone.
      const attacker = context.combat.combatants.find((c) => c.id === action.attackerId);
      const owner = attacker?.characterId === undefined ? undefined : context.characters.find((c) => c.id === attacker.characterId)?.ownerId;
      if (!context.can('combat') && !(context.can('roll') && owner === context.actor.id)) return forbidden("attack with another's combatant");
      const attacked = rollTrackerAttack(
        rng,
        context.combat,
        context.characters,
        action.attackerId,
        action.targetId,
        {
          ...(action.weaponId !== undefined ? { weaponId: action.weaponId } : {}),
          ...(action.calledShot !== undefined ? { calledShot: action.calledShot } : {}),
          ...(action.feat !== undefined ? { feat: action.feat } : {}),
          ...(action.thrown !== undefined ? { thrown: action.thrown } : {}),
          ...(action.opportune !== undefined ? { opportune: action.opportune } : {}),
        },
        combatSettingsOf(context.settings),
      );
      if (!attacked.ok) return attacked;
      const r = attacked.value;
      const tracker: ExtensionEvent = {
        shared: 'combat-changed',
        body: { combat: r.combat, summary: r.summary, attack: { attackerId: action.attackerId, targetId: r.targetId, isHit: r.isHit, isCrit: r.isCrit, lines: r.lines } },
      };
      if (r.target === undefined) return ok([tracker]);
      // The hit is written on the target's document, whoever owns it: a consequence of the attack (TC-1).
      // An attack by one of the Smith's hidden combatants keeps its rolls in the tracker's event, which
      // players receive without them (TB-17); the character's change carries only what it did.
      const isHiddenAttacker = attacker !== undefined && attacker.characterId === undefined && attacker.isRevealed !== true;
      return ok([tracker, characterSaved(r.target.character, r.target.document, { id: 'attack', summary: r.target.summary, ...(isHiddenAttacker ? {} : { explanation: r.lines }) }, true)]);
    }
  }
}

/**
 * A tracker change that moved the turn, with what ends as that turn begins (tracker-conditions.ts
 * `afterTurnMoved`), and the notes of what ended ("Hero's Total Defense ends: their turn.").
 */
function turnBegun(before: ExtensionContext['combat'], e: ExtensionEvent, given: ReadonlySet<string> = new Set()): { readonly event: ExtensionEvent; readonly notes: readonly string[] } {
  if (!('shared' in e) || e.shared !== 'combat-changed') return { event: e, notes: [] };
  const moved = afterTurnMoved(before, e.body.combat);
  let combat = moved.combat;
  const notes = moved.note === null ? [] : [moved.note];
  // Everyone the initiative gave an action to (the Exchanges' actors, IN-10): their Total Defense ends too (CB-44).
  for (const id of given) {
    const begun = turnBegins(combat, id);
    combat = begun.combat;
    if (begun.note !== null) notes.push(begun.note);
  }
  return notes.length === 0 ? { event: e, notes } : { event: { shared: 'combat-changed', body: { ...e.body, combat, summary: `${e.body.summary} ${notes.join(' ')}` } }, notes };
}

function withHammer(state: HammercrawlTableState, hammer: HammerTableState): HammercrawlTableState {
  return hammer === (state.hammer ?? EMPTY_HAMMER_STATE) ? state : { ...state, hammer };
}

/** Folds one event into HAMMERCRAWL!'s slice (its own kinds; a saved document's magick; a removed character's magick goes with it). */
export function foldHammercrawlEvent(state: HammercrawlTableState, kind: string, body: { readonly [key: string]: unknown }): HammercrawlTableState {
  switch (kind) {
    case 'venture-changed':
      return { ...state, venture: foldVenture(body['events'] as readonly VentureEvent[], state.venture) };
    case 'magick-changed': {
      const id = body['characterId'] as string;
      const before = Object.hasOwn(state.magick, id) ? state.magick[id]! : EMPTY_MAGICK_STATE;
      return { ...state, magick: { ...state.magick, [id]: foldMagickEvents(body['events'] as readonly MagickEvent[], before) } };
    }
    case 'character-saved': {
      // The document is the truth of a character's magick: one saved with magick (a magick command's,
      // an import) sets it; one saved without keeps what the table has (TC-4).
      const character = body['character'] as TableCharacter;
      const magick = magickOf(character.document);
      return magick === undefined ? state : { ...state, magick: { ...state.magick, [character.id]: magick } };
    }
    case 'initiative-changed':
      return { ...state, initiative: foldInitiativeChanged(state.initiative ?? null, body) };
    // A roll that leaves nothing for later leaves the slice as it was (a log stored before folds as it did).
    case 'hammer-rolled':
      return withHammer(state, foldHammerRolled(state.hammer ?? EMPTY_HAMMER_STATE, body as unknown as HammerRolledFold));
    case 'hammer-effects-chosen':
      return withHammer(state, foldEffectsChosen(state.hammer ?? EMPTY_HAMMER_STATE, body as unknown as HammerEffectsChosenBody));
    case 'hammer-scene-ended':
      return state.hammer === undefined ? state : { ...state, hammer: foldSceneEnded(state.hammer) };
    case 'character-removed': {
      const id = body['characterId'] as string;
      if (!Object.hasOwn(state.magick, id)) return state;
      const { [id]: _dropped, ...magick } = state.magick;
      void _dropped;
      return { ...state, magick };
    }
    default:
      return state;
  }
}

/** A tracker `add` as every table takes it (docs/protocol.md, Combat tracker): the combatants an attack needs. */
interface TrackerAddMessage {
  readonly kind: 'combat';
  readonly requestId: string;
  readonly action: { readonly type: 'add'; readonly name: string; readonly side: CombatSide; readonly characterId?: string; readonly health?: string; readonly monster?: string };
}

function example(role: Role, message: HammercrawlTableCommand | TrackerAddMessage): ExtensionExample {
  return { role, message };
}

/**
 * Messages of every HAMMERCRAWL! kind that a fresh table accepts in this order (docs/protocol.md): a
 * Venture from the party joining (character `ch1`, with the XP its document holds), a counted use spent
 * by its player and allowed past the limit by the Smith, a camp break (written on `ch1`'s document), to a
 * rolled node, a resource used and XP awarded (written on `ch1`'s document), a player's magick for their character
 * `ch1` (caster given, spell learnt, prepared and cast; each written on its document), hammer dice pools
 * of a Check and of a node, a falcon's effect picked and the scene ended, and tracker attacks between the player's character and a monster the Smith
 * adds (a hit on `ch1` written on its document).
 */
export const HAMMERCRAWL_TABLE_EXAMPLES: readonly ExtensionExample[] = [
  example('smith', { kind: 'venture', requestId: 'ex-join', command: { kind: 'join', member: { id: 'ch1' } } }),
  example('smith', { kind: 'venture', requestId: 'ex-food', command: { kind: 'set-resource', id: 'food', die: 8 } }),
  example('smith', { kind: 'venture', requestId: 'ex-start', command: { kind: 'start-venture', dungeon: { id: 'goblin-warren', level: 1, difficulty: 2, nodes: 3 } } }),
  example('smith', { kind: 'venture', requestId: 'ex-torch', command: { kind: 'light', id: 'torch-1', source: 'torch' } }),
  example('smith', { kind: 'venture', requestId: 'ex-limit', command: { kind: 'set-limit', holder: 'ch1', ability: 'hd-rerolls', scope: 'venture', max: 1 } }),
  example('player', { kind: 'venture', requestId: 'ex-use', command: { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls' } }),
  example('smith', { kind: 'venture', requestId: 'ex-allow', command: { kind: 'use-limit', holder: 'ch1', ability: 'hd-rerolls', override: true } }),
  example('smith', { kind: 'venture', requestId: 'ex-camp', command: { kind: 'camp', camp: 'break', healthSteps: 1 } }),
  example('smith', { kind: 'venture', requestId: 'ex-enter', command: { kind: 'enter-node' } }),
  example('smith', { kind: 'venture', requestId: 'ex-node', command: { kind: 'roll-node' } }),
  example('smith', { kind: 'venture', requestId: 'ex-eat', command: { kind: 'use-resource', id: 'food' } }),
  example('smith', { kind: 'venture', requestId: 'ex-award', command: { kind: 'award-xp', ids: ['ch1'], amount: 2, reason: 'Found the secret door' } }),
  example('player', {
    kind: 'magick',
    requestId: 'ex-caster',
    characterId: 'ch1',
    command: {
      kind: 'set-caster',
      caster: { level: 3, grade: 'dedicated', spellStat: 'INT', spellStatScore: 14, sustainDivisor: 1, conScore: 12, hasManaBurn: true, canOvercast: true, profileId: 'true-mage-spellcasting' },
    },
  }),
  example('player', { kind: 'magick', requestId: 'ex-learn', characterId: 'ch1', command: { kind: 'learn', name: 'Sleep', level: 1 } }),
  example('player', { kind: 'magick', requestId: 'ex-prepare', characterId: 'ch1', command: { kind: 'prepare' } }),
  example('player', { kind: 'magick', requestId: 'ex-cast', characterId: 'ch1', command: { kind: 'cast', spellId: 'sleep' } }),
  example('player', { kind: 'hammer', requestId: 'ex-check-pool', pool: { kind: 'check', level: 3, isFeat: true, advantages: 1 }, visibility: 'public', label: 'Climb the wall', characterId: 'ch1' }),
  example('smith', { kind: 'hammer', requestId: 'ex-node-pool', pool: { kind: 'node', difficulty: 2 }, visibility: 'smith' }),
  example('player', { kind: 'hammer', requestId: 'ex-falcon', pool: { kind: 'dice', colours: ['white'] }, faces: [6], visibility: 'public', label: 'Spot the ambush', characterId: 'ch1' }),
  example('player', { kind: 'hammer-effects', requestId: 'ex-pick', rollId: 'ex-falcon', picks: [{ symbol: 'falcon', effect: 'pay-it-forward' }] }),
  example('smith', { kind: 'hammer-scene-end', requestId: 'ex-scene-end' }),
  example('smith', { kind: 'combat', requestId: 'ex-add-ada', action: { type: 'add', name: 'Ada', side: 'party', characterId: 'ch1', health: 'd30' } }),
  example('smith', { kind: 'combat', requestId: 'ex-add-goblin', action: { type: 'add', name: 'Goblin', side: 'foes', health: 'd30', monster: 'hd=1,attack=+2,defense=11,damage=d6' } }),
  example('player', { kind: 'combat', requestId: 'ex-ada-attacks', action: { type: 'attack', attackerId: 'c1', targetId: 'c2' } }),
  example('smith', { kind: 'combat', requestId: 'ex-goblin-attacks', action: { type: 'attack', attackerId: 'c2', targetId: 'c1', calledShot: 1 } }),
  ...TRACKER_ACTION_EXAMPLES,
  example('smith', { kind: 'combat', requestId: 'ex-initiative-start', action: { type: 'initiative', command: { kind: 'start' } } }),
  example('smith', { kind: 'combat', requestId: 'ex-initiative-contest', action: { type: 'initiative', command: { kind: 'roll-contest' } } }),
  // A Devout with advanced Lay on Hands (character ch2, combatant c3) heals Ada in the running fight (CB-42).
  { role: 'smith', message: { kind: 'character-save', requestId: 'ex-save-healer', character: exampleHealer() } },
  example('smith', { kind: 'combat', requestId: 'ex-add-healer', action: { type: 'add', name: 'Sister Mora', side: 'party', characterId: 'ch2' } }),
  { role: 'smith', message: { kind: 'combat', requestId: 'ex-lay-on-hands', action: { type: 'lay-on-hands', healerId: 'c3', targetId: 'c1' } } },
];

/** The example table's healer: a Devout with advanced Lay on Hands, rolled from a fixed seed. */
function exampleHealer(): unknown {
  const r = rollCharacter(seededRandom(31), { method: 'semi', choices: { class: 'devout', devoutPowers: [{ id: 'lay-on-hands', version: 'advanced' }, { id: 'revenant', version: 'basic' }] }, name: 'Sister Mora' });
  if (!r.ok) throw new Error(`the example healer: ${r.error.message}`);
  return r.character;
}

/** HAMMERCRAWL!'s table extension. */
export const hammercrawlTable: TableExtension<HammercrawlTableState, HammercrawlTableCommand> = {
  commands: [
    { kind: 'venture', rollsDice: true },
    { kind: 'magick', rollsDice: true },
    { kind: 'hammer', rollsDice: true },
    { kind: 'hammer-effects', rollsDice: false },
    { kind: 'hammer-scene-end', rollsDice: false },
  ],
  // An attack rolls the attack, the damage and the soak: it counts against the roller's rate.
  combatActions: [
    { kind: 'attack', rollsDice: true },
    { kind: 'initiative', rollsDice: true },
    ...TRACKER_ACTION_TYPES.map((kind) => ({ kind, rollsDice: TRACKER_ACTION_ROLLS[kind] })),
  ],
  eventKinds: ['venture-changed', 'magick-changed', 'hammer-rolled', 'initiative-changed', 'hammer-effects-chosen', 'hammer-scene-ended'] satisfies readonly (keyof HammercrawlEventBodies)[],
  permissions: HAMMERCRAWL_PERMISSIONS,
  examples: HAMMERCRAWL_TABLE_EXAMPLES,
  initialState: () => ({ venture: newVenture(), magick: {} }),
  readCommand: readHammercrawlCommand,
  requestIdOf: (command) => command.requestId,
  decide: decideHammercrawlCommand,
  fold: foldHammercrawlEvent,
  shownDice: hammercrawlShownDice,
};
