/**
 * Per-viewer projection of events (docs/protocol.md, Secret rolls): what a member may see of each
 * event, as the JSON object sent on the WebSocket, by `GET .../log` and in exports. A secret roll
 * reaches the Smith (and, when Smith-only, its roller) whole; everyone else gets its envelope only.
 */
import type { CombatChangedBody, CombatState } from '../rules/rule-system.js';
import { declaredVisibility, eventOfKind, type Role, type TableCharacter, type TableEvent, type Visibility } from './events.js';
import type { TableState } from './state.js';

/** Who is looking. */
export interface Viewer {
  readonly id: string;
  readonly role: Role;
}

/** An event as a viewer receives it: the envelope, then the body's fields. */
export type WireEvent = { readonly [key: string]: unknown } & {
  readonly seq: number;
  readonly kind: string;
  readonly at: number;
  readonly by: string | null;
};

/**
 * True when `viewer` may see the whole of an event of this visibility made by `actorId`; `to` is the
 * member a Smith-only body is addressed to (a whisper), who sees it too.
 */
export function isEntitled(viewer: Viewer, visibility: Visibility, actorId: string | null, to?: string): boolean {
  if (viewer.role === 'smith' || visibility === 'public') return true;
  return visibility === 'smith' && ((actorId !== null && actorId === viewer.id) || (to !== undefined && to === viewer.id));
}

/** The table's kinds that always carry a visibility (rolls, chat). */
const ROLL_KINDS: readonly string[] = ['rolled', 'checked', 'usage-rolled', 'chatted'];

/**
 * Who may see a body: its `visibility`; failing closed, a body with a `visibility` that is none of the
 * three, or a roll without one (a corrupt store), is the Smith's alone. null: the body is no roll.
 */
function visibilityOf(kind: string, body: { readonly [key: string]: unknown }): Visibility | null {
  const declared = declaredVisibility(body);
  if (declared === null) return ROLL_KINDS.includes(kind) ? 'blind' : null;
  return declared === 'invalid' ? 'blind' : declared;
}

/**
 * The event as `viewer` receives it. One rule for every kind, the ruleset's own included: a body that
 * carries a `visibility` the viewer is not entitled to arrives as its envelope, request id and
 * visibility, with `redacted: true`.
 */
export function projectEvent(event: TableEvent, viewer: Viewer): WireEvent {
  const projected = projectWhole(event, viewer);
  // Verifiable rolls (src/table/epochs.ts): an epoch's sealed keys reach no one; the draws of a roll
  // derived from the secret key reach the Smith, and whoever the event's own visibility lets see it.
  if (event.kind === 'epoch-committed' && Object.hasOwn(projected, SEALED_FIELD)) return without(projected, SEALED_FIELD);
  // A command seen in part (a hidden foe's) keeps a mark of its derivation without its draws or nonce, so a
  // viewer's verification counts it as the Smith's to verify instead of missing it.
  const drawn = projected[DRAWN_FIELD] as { readonly key?: unknown; readonly epoch?: unknown; readonly events?: unknown } | undefined;
  if (drawn?.key === 'secret' && viewer.role !== 'smith' && visibilityOf(event.kind, event.body as { readonly [key: string]: unknown }) === null) {
    return { ...projected, [DRAWN_FIELD]: { epoch: drawn.epoch, key: 'secret', events: drawn.events, isWithheld: true } };
  }
  return projected;
}

/** The field of `epoch-committed` that holds the epoch's keys: no viewer receives it. */
export const SEALED_FIELD = 'sealed';
/** The field of a rolling command's first event that records its derivation (src/table/epochs.ts). */
export const DRAWN_FIELD = 'drawn';

function without(event: WireEvent, field: string): WireEvent {
  const { [field]: _dropped, ...rest } = event;
  void _dropped;
  return rest as WireEvent;
}

function projectWhole(event: TableEvent, viewer: Viewer): WireEvent {
  const envelope = { seq: event.seq, kind: event.kind, at: event.at, by: event.actorId };
  const body = event.body as { readonly [key: string]: unknown };
  const visibility = visibilityOf(event.kind, body);
  const to = event.kind === 'chatted' && typeof body['to'] === 'string' ? body['to'] : undefined;
  if (visibility !== null && !isEntitled(viewer, visibility, event.actorId, to)) {
    const requestId = body['requestId'];
    return { ...envelope, ...(typeof requestId === 'string' ? { requestId } : {}), visibility, redacted: true };
  }
  const rolled = eventOfKind(event, 'rolled');
  if (rolled !== null) {
    // A roll goes out flat: its record's total, dice and terms beside the request.
    const b = rolled.body;
    return {
      ...envelope,
      requestId: b.requestId,
      notation: b.notation,
      ...(b.label !== undefined ? { label: b.label } : {}),
      total: b.record.total,
      dice: b.record.dice,
      terms: b.record.terms,
      visibility: b.visibility,
      ...(b.isPhysical === true ? { isPhysical: true } : {}),
      ...(Object.hasOwn(b, DRAWN_FIELD) ? { [DRAWN_FIELD]: (b as { readonly [key: string]: unknown })[DRAWN_FIELD] } : {}),
    };
  }
  const combat = eventOfKind(event, 'combat-changed');
  if (combat !== null && viewer.role !== 'smith') return { ...envelope, ...combatChangeForPlayers(combat.body) };
  if (viewer.role !== 'smith' && Object.hasOwn(body, SMITH_ONLY_FIELD)) {
    const { [SMITH_ONLY_FIELD]: _smiths, ...rest } = body;
    void _smiths;
    return { ...envelope, ...rest };
  }
  return { ...envelope, ...body };
}

/**
 * The table's characters as `viewer` may know them: a character whose last change a secret roll made
 * is, for a viewer not entitled to that roll, the character as it stood before (ruling TB-21).
 */
export function charactersFor(state: Pick<TableState, 'characters' | 'secretChanges'>, viewer: Viewer): readonly TableCharacter[] {
  const secret = state.secretChanges;
  if (secret === undefined) return state.characters;
  return state.characters.map((c) => {
    const s = Object.hasOwn(secret, c.id) ? secret[c.id]! : undefined;
    return s === undefined || isEntitled(viewer, s.visibility, s.actorId) ? c : s.character;
  });
}

/**
 * The field of an event body that reaches the Smith alone: everyone else receives the body without it
 * (on every path: live, replay, log, export). A ruleset's event that is public in part puts the whole
 * truth there and the players' version beside it (HAMMERCRAWL!'s `initiative-changed` with the
 * Smith's hidden foes' scores; ruling TB-17).
 */
export const SMITH_ONLY_FIELD = 'forSmith';

/**
 * The tracker as a player or observer sees it: a combatant that is no character at the table (the
 * Smith's monsters and NPCs) shows its name, side, conditions and whether it is down; its dice, its
 * stat line and its scores are the Smith's (ruling TB-17), unless the Smith reveals them (`isRevealed`).
 */
export function trackerForPlayers(combat: CombatState): CombatState {
  const isSmiths = (c: CombatState['combatants'][number]) => c.characterId === undefined && c.isRevealed !== true;
  if (!combat.combatants.some(isSmiths)) return combat;
  return {
    ...combat,
    combatants: combat.combatants.map((c) => {
      if (!isSmiths(c)) return c;
      const { monster: _monster, ...rest } = c;
      void _monster;
      return { ...rest, health: '', armour: '', stats: {}, isHidden: true };
    }),
  };
}

/**
 * A tracker change as a player or observer sees it: the tracker through `trackerForPlayers`, and the
 * words about it held to the same rule. An attack on (or by) one of the Smith's hidden combatants
 * says who attacked whom and whether it hit (or the record's own `outcome` words), without the roll's
 * lines (they name the foe's Defence, its attack and its dice); a change the Smith made to a hidden combatant says whom it changed, not how.
 */
export function combatChangeForPlayers(body: CombatChangedBody): CombatChangedBody {
  const combat = trackerForPlayers(body.combat);
  if (combat === body.combat) return body;
  const hidden = combat.combatants.filter((c) => c.isHidden === true);
  const hiddenOne = (id: string) => hidden.find((c) => c.id === id);
  const attack = body.attack;
  if (attack !== undefined) {
    const target = hiddenOne(attack.targetId);
    if (target === undefined && hiddenOne(attack.attackerId) === undefined) return { ...body, combat };
    const nameOf = (id: string) => combat.combatants.find((c) => c.id === id)?.name ?? 'Someone';
    // The summary names the target's dice after the hit: kept when those are the players' to see.
    const summary =
      target === undefined
        ? body.summary
        : attack.outcome !== undefined
          ? `${nameOf(attack.attackerId)} attacks ${target.name}: ${attack.outcome}${target.isDown ? ', down!' : '.'}`
          : !attack.isHit
          ? `${nameOf(attack.attackerId)} attacks ${target.name}: miss.`
          : `${nameOf(attack.attackerId)} ${attack.isCrit ? 'crits' : 'hits'} ${target.name}${target.isDown ? ': down!' : '.'}`;
    return { ...body, combat, summary, attack: { ...attack, lines: [] } };
  }
  // Harm on a hidden combatant keeps whom it hurt and from what, without its rolls (they name its dice).
  const harm = body.harm !== undefined && hiddenOne(body.harm.targetId) !== undefined ? { harm: { ...body.harm, lines: [] } } : {};
  // The tracker's own summary of a change to one combatant starts with its name ("Goblin: health d6 -> d4.").
  const changed = hidden.find((c) => body.summary.startsWith(`${c.name}: `));
  if (changed === undefined) return { ...body, combat, ...harm };
  return { ...body, combat, ...harm, summary: `The Smith changed ${changed.name}${changed.isDown ? ': down' : ''}.` };
}
