/**
 * Per-viewer projection of events (docs/protocol.md, Secret rolls): what a member may see of each
 * event, as the JSON object sent on the WebSocket, by `GET .../log` and in exports. A secret roll
 * reaches the Smith (and, when Smith-only, its roller) whole; everyone else gets its envelope only.
 */
import type { Role, TableEvent, Visibility } from './events.js';

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

/** The event as `viewer` receives it. */
export function projectEvent(event: TableEvent, viewer: Viewer): WireEvent {
  const envelope = { seq: event.seq, kind: event.kind, at: event.at, by: event.actorId };
  switch (event.kind) {
    case 'rolled': {
      const b = event.body;
      if (!isEntitled(viewer, b.visibility, event.actorId)) return { ...envelope, requestId: b.requestId, visibility: b.visibility, redacted: true };
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
    case 'checked':
    case 'usage-rolled':
    case 'hammer-rolled': {
      const b = event.body;
      if (!isEntitled(viewer, b.visibility, event.actorId)) return { ...envelope, requestId: b.requestId, visibility: b.visibility, redacted: true };
      return { ...envelope, ...b };
    }
    default:
      return { ...envelope, ...event.body };
  }
}
