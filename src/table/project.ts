/**
 * Per-viewer projection of events (docs/protocol.md, Secret rolls): what a member may see of each
 * event, as the JSON object sent on the WebSocket, by `GET .../log` and in exports. A secret roll
 * reaches the Smith (and, when Smith-only, its roller) whole; everyone else gets its envelope only.
 */
import { declaredVisibility, eventOfKind, type Role, type TableEvent, type Visibility } from './events.js';

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

/** True when `viewer` may see the whole of an event of this visibility made by `actorId`. */
export function isEntitled(viewer: Viewer, visibility: Visibility, actorId: string | null): boolean {
  if (viewer.role === 'smith' || visibility === 'public') return true;
  return visibility === 'smith' && actorId !== null && actorId === viewer.id;
}

/** The table's kinds that are rolls: their bodies always carry a visibility. */
const ROLL_KINDS: readonly string[] = ['rolled', 'checked', 'usage-rolled'];

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
  const envelope = { seq: event.seq, kind: event.kind, at: event.at, by: event.actorId };
  const body = event.body as { readonly [key: string]: unknown };
  const visibility = visibilityOf(event.kind, body);
  if (visibility !== null && !isEntitled(viewer, visibility, event.actorId)) {
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
    };
  }
  return { ...envelope, ...body };
}
