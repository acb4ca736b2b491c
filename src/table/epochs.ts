/**
 * Epochs of verifiable rolls (docs/protocol.md, Verifiable rolls). An epoch starts with an
 * `epoch-committed` event holding the SHA-256 of two keys the server drew: the public key, from which
 * every roll anyone may see is derived, and the secret key, for rolls some viewers may not see (a
 * Smith-only or blind roll, an attack on a hidden foe). Every roll of the epoch is derived from one of
 * them, the table id, the seq of the command's first event and the client's nonce
 * (src/dice/derived-random.ts); its event keeps the draws (`drawn`). `epoch-revealed` publishes the
 * public key to all and the secret key to the Smith alone, and a new epoch is committed at once.
 */
import { commitmentOf, derivedRandom, recordingRandom, type Draw } from '../dice/derived-random.js';
import { fromHex, toHex } from '../dice/sha256.js';
import { rollCommand, type Actor, type CommandContext, type TableCommand } from './commands.js';
import { declaredVisibility, type EpochCommittedBody, type EpochRevealedBody, type NewTableEvent, type RevealReason, type TableEvent } from './events.js';
import { combatChangeForPlayers, DRAWN_FIELD, SMITH_ONLY_FIELD } from './project.js';
import { done, refuse, type TableResult } from './result.js';
import type { TableState } from './state.js';

/** An epoch is revealed at the latest after this many rolls (then a new one starts). */
export const EPOCH_MAX_ROLLS = 1000;
/** An epoch is revealed at the latest this long after it began (ms): six hours, about an evening. */
export const EPOCH_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Longest nonce a client may send with a command. */
export const MAX_NONCE_LENGTH = 64;
export { DRAWN_FIELD };

/** What a rolling command's first event records of its dice (`drawn`). */
export interface DrawnRecord {
  readonly epoch: number;
  /** Which key of the epoch the dice were derived from. */
  readonly key: 'public' | 'secret';
  /** The client's nonce; absent when the roll is not client-seeded. */
  readonly nonce?: string;
  /** Every die the command rolled, in order: [sides, face]. */
  readonly draws: readonly Draw[];
  /** How many events the command made (this one first): those whose faces come from `draws`. */
  readonly events: number;
}

/** The epoch now open. */
export interface OpenEpoch {
  readonly epoch: number;
  readonly publicHash: string;
  readonly secretHash: string;
  /** The keys (hex), from the commitment's sealed field; absent when the store held none. */
  readonly key?: string;
  readonly secretKey?: string;
  /** Seq and time of the commitment. */
  readonly seq: number;
  readonly at: number;
  /** Rolls derived in it so far. */
  readonly rolls: number;
}

/** The epochs of a table as folded. */
export interface EpochsState {
  readonly current: OpenEpoch | null;
  /** Epochs committed so far (the next is numbered count + 1). */
  readonly count: number;
}

/** A table before its first commitment (a table from before verifiable rolls). */
export const NO_EPOCHS: EpochsState = { current: null, count: 0 };

/** Folds a stored event into the epochs. */
export function foldEpochs(state: EpochsState, event: TableEvent): EpochsState {
  if (event.kind === 'epoch-committed') {
    const b = event.body as EpochCommittedBody;
    return {
      count: Math.max(state.count, b.epoch),
      current: {
        epoch: b.epoch,
        publicHash: b.publicHash,
        secretHash: b.secretHash,
        ...(b.sealed !== undefined ? { key: b.sealed.key, secretKey: b.sealed.secretKey } : {}),
        seq: event.seq,
        at: event.at,
        rolls: 0,
      },
    };
  }
  if (event.kind === 'epoch-revealed') {
    const b = event.body as EpochRevealedBody;
    return state.current?.epoch === b.epoch ? { ...state, current: null } : state;
  }
  if (state.current !== null && Object.hasOwn(event.body, DRAWN_FIELD)) return { ...state, current: { ...state.current, rolls: state.current.rolls + 1 } };
  return state;
}

/** Why the open epoch must be revealed before the next roll (its limit), or null. */
export function epochDue(state: EpochsState, now: number): RevealReason | null {
  const c = state.current;
  if (c === null) return null;
  return c.rolls >= EPOCH_MAX_ROLLS || now - c.at >= EPOCH_MAX_AGE_MS ? 'limit' : null;
}

/** Two fresh keys of an epoch, as the server drew them. */
export interface EpochKeys {
  readonly key: Uint8Array;
  readonly secretKey: Uint8Array;
}

/** The commitment to `keys` as epoch `epoch`. */
export function commitEvent(epoch: number, keys: EpochKeys): NewTableEvent {
  return {
    kind: 'epoch-committed',
    body: { epoch, publicHash: toHex(commitmentOf(keys.key)), secretHash: toHex(commitmentOf(keys.secretKey)), sealed: { key: toHex(keys.key), secretKey: toHex(keys.secretKey) } },
  };
}

/**
 * The events that end the open epoch (its keys revealed) and start the next with `next`; with no epoch
 * open (a table from before verifiable rolls), only the commitment.
 */
export function revealEvents(state: EpochsState, reason: RevealReason, next: EpochKeys): NewTableEvent[] {
  const c = state.current;
  const commit = commitEvent(state.count + 1, next);
  if (c === null || c.key === undefined || c.secretKey === undefined) return [commit];
  return [{ kind: 'epoch-revealed', body: { epoch: c.epoch, key: c.key, reason, forSmith: { secretKey: c.secretKey } } }, commit];
}

/** Why a nonce cannot be used, or null: at most MAX_NONCE_LENGTH letters, digits, `_` and `-`. */
export function nonceProblem(nonce: unknown): TableResult<string> {
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > MAX_NONCE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(nonce)) {
    return refuse('roll/bad-nonce', `A nonce is 1 to ${MAX_NONCE_LENGTH} letters, digits, _ or -; send a random one (or none).`, '$.nonce');
  }
  return done(nonce);
}

/**
 * True when some viewer may not see the event whole: a Smith-only or blind body, one with a Smith-only
 * part (`forSmith`), or a tracker change the players see less of (the Smith's hidden combatants). Its dice are derived from the secret key.
 */
export function isSecretEvent(event: NewTableEvent): boolean {
  const body = event.body as { readonly [key: string]: unknown };
  const v = declaredVisibility(body);
  if (v === 'smith' || v === 'blind' || v === 'invalid') return true;
  // A body public in part keeps the Smith's truth in its Smith-only field (HAMMERCRAWL!'s initiative with hidden foes).
  if (Object.hasOwn(body, SMITH_ONLY_FIELD)) return true;
  if (event.kind === 'combat-changed') return combatChangeForPlayers(event.body as Parameters<typeof combatChangeForPlayers>[0]) !== event.body;
  return false;
}

/** Where a verifiable roll is derived: the table, the seq its first event will get, the client's nonce. */
export interface DerivationPlace {
  readonly tableId: string;
  readonly seq: number;
  readonly nonce?: string;
}

/**
 * Decides a command with dice derived from the open epoch's public key, or, when what it makes is
 * secret (`isSecretEvent`), decided again from the secret key; the first event records the draws.
 * A command that rolls nothing is returned as decided. Needs an open epoch with its keys.
 */
export function rollVerifiable(state: TableState, actor: Actor, command: TableCommand, context: Omit<CommandContext, 'rng'>, place: DerivationPlace): TableResult<NewTableEvent[]> {
  const epoch = state.epochs.current;
  const key = epoch?.key === undefined ? null : fromHex(epoch.key);
  const secretKey = epoch?.secretKey === undefined ? null : fromHex(epoch.secretKey);
  if (epoch === null || key === null || secretKey === null) throw new RangeError('rollVerifiable needs an open epoch with its keys');
  const nonce = place.nonce ?? '';
  const decide = (k: Uint8Array) => {
    const rng = recordingRandom(derivedRandom({ key: k, tableId: place.tableId, seq: place.seq, nonce }));
    return { rng, decided: rollCommand(state, actor, command, { ...context, rng }) };
  };
  let which: DrawnRecord['key'] = 'public';
  let run = decide(key);
  if (run.decided.ok && run.rng.draws.length > 0 && run.decided.value.some(isSecretEvent)) {
    which = 'secret';
    run = decide(secretKey);
  }
  const { rng, decided } = run;
  if (!decided.ok || rng.draws.length === 0) return decided;
  const [first, ...rest] = decided.value;
  if (first === undefined) return decided;
  const drawn: DrawnRecord = { epoch: epoch.epoch, key: which, ...(place.nonce !== undefined ? { nonce: place.nonce } : {}), draws: rng.draws.map((d) => [d[0], d[1]] as const), events: decided.value.length };
  return done([{ ...first, body: { ...first.body, [DRAWN_FIELD]: drawn } } as NewTableEvent, ...rest]);
}
