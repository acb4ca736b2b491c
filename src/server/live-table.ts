/**
 * A table as one server process holds it: the folded state, the sockets watching it, and a queue
 * that runs its commands one at a time. Every process serving the table keeps up with the store:
 * before deciding a command it reads the events it has not seen, and events announced on the bus
 * (by this process or another) are folded in seq order, with gaps refilled from the store.
 */
import type { RandomSource } from '../dice/random.js';
import type { RuleSystem, TableExtension } from '../rules/rule-system.js';
import { rollCommand, type Actor, type TableCommand } from '../table/commands.js';
import { epochDue, revealEvents, rollVerifiable, type EpochKeys } from '../table/epochs.js';
import { EVENT_SCHEMA_VERSION, type MemberView, type NewTableEvent, type TableEvent } from '../table/events.js';
import { projectEvent, type Viewer, type WireEvent } from '../table/project.js';
import { applyEvent, type TableState } from '../table/state.js';
import type { TableProblem } from '../table/result.js';
import { LogPages, REPLAY_LOW_WATER_BYTES } from './log-pages.js';
import { StoreError, type Commit, type CommitResult, type EventBus, type JsonObject, type MemberRecord, type StoredEvent, type TableStore } from './storage/types.js';

/** Something that receives a table's events in seq order (a WebSocket client). */
export interface TableWatcher {
  readonly viewer: Viewer;
  /** Called with each event after the watcher's last, in order, as the JSON text of a frame. */
  deliver(frames: readonly Buffer[]): void;
  /** Called with the JSON text of a `presence` frame when the watcher is added and when who is online changes. */
  presence?(frame: Buffer): void;
  /**
   * Called once when the viewer's seat no longer opens the table (the Smith removed them, or the seat
   * was given a new token): the watcher has been dropped, after the event that did it was delivered.
   */
  unseat?(reason: SeatLoss): void;
  /**
   * Replay's pacing: resolves true once the watcher can take more (a socket's backlog has drained to
   * REPLAY_LOW_WATER_BYTES), false when it is gone (closed, or closed as too slow): replay stops then.
   * Without it replay sends page after page, giving the event loop a turn between pages.
   */
  ready?(): Promise<boolean>;
}

/** Why a seat stopped opening the table. */
export type SeatLoss = 'removed' | 'renewed';

/**
 * Who holds a token at this table: a member now at it (their name and role as the folded state has
 * them), a member the Smith removed, or no one (an unknown token, or one a renewed seat replaced).
 */
export type SeatLookup =
  | {
      readonly kind: 'seated';
      readonly member: MemberRecord;
      readonly view: MemberView;
      /** The seq the lookup was made at: a seat change after it unseats a watcher added later. */
      readonly asOf: number;
    }
  | { readonly kind: 'removed' }
  | { readonly kind: 'unknown' };

/** The socket frame of who is online: the ids of members with an open socket to this process. */
export interface PresenceFrame {
  readonly kind: 'presence';
  readonly online: readonly string[];
}

/** The answer to a command. */
export type CommandOutcome =
  | { readonly ok: true; readonly seq: number; readonly events: readonly TableEvent[]; readonly isDuplicate: boolean }
  | { readonly ok: false; readonly error: TableProblem };

/** What a live table needs from its process. */
export interface LiveTableDeps {
  readonly store: TableStore;
  readonly bus: EventBus;
  readonly rules: (id: string) => RuleSystem;
  readonly rng: RandomSource;
  readonly now: () => number;
  /** True when no other process writes this store (SQLite without a shared bus): commands skip the read-back. */
  readonly isSoleWriter?: boolean;
  /** How often a table with watchers checks the store for events the bus lost (default FEED_POLL_MS). */
  readonly pollMs?: number;
  /**
   * Verifiable rolls (src/table/epochs.ts): when set, every roll is derived from an epoch's key, drawn
   * here; without it the table rolls with `rng` and records no derivation.
   */
  readonly drawEpochKeys?: () => EpochKeys;
}

/** A command as asked, kept to decide it again when its batch turns out stale. */
interface CommandRequest {
  readonly actor: Actor;
  readonly command: TableCommand;
  readonly nonce: string | undefined;
  /** How many times it was decided before (each on a state another process then moved past). */
  readonly attempts: number;
}

/** A decided command waiting for its batch: its commits and how to settle it. */
interface Staged {
  readonly request: CommandRequest;
  readonly key: string;
  readonly commits: readonly Commit[];
  /** The lastSeq of the state it was decided on. */
  readonly afterSeq: number;
  readonly resolve: (outcome: CommandOutcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * How many times a command is decided in a batch when other processes keep writing the table first
 * (each time its batch is stale); then it is written on its own, after whatever is stored
 * (`LiveTable.commitUnchecked`), so it never starves.
 */
export const MAX_STALE_ATTEMPTS = 3;

/** Default interval of the store poll of a watched table, in ms. */
export const FEED_POLL_MS = 2000;

/** True when the event is a whisper addressed to `memberId`. */
function isAddressee(event: TableEvent, memberId: string): boolean {
  return event.kind === 'chatted' && (event.body as { readonly to?: unknown }).to === memberId;
}

/** Reads a stored event as a table event (the store keeps bodies as JSON). */
export function asTableEvent(e: StoredEvent): TableEvent {
  return { kind: e.kind, body: e.body, seq: e.seq, at: e.at, actorId: e.actorId, requestId: e.requestId, schemaVersion: e.schemaVersion } as unknown as TableEvent;
}

/** Events a command or the server made, as the store takes them. */
function toStored(events: readonly NewTableEvent[], at: number, actorId: string | null): Commit['events'] {
  return events.map((e) => ({ kind: e.kind, schemaVersion: EVENT_SCHEMA_VERSION, at, actorId, body: e.body as unknown as JsonObject }));
}

/** A table held by this process. */
export class LiveTable {
  private state: TableState | null = null;
  private readonly watchers = new Set<TableWatcher & { sentSeq: number }>();
  /** `${actorId} ${requestId}` -> seq of the command's last event, for retries. */
  private readonly requests = new Map<string, number>();
  /** Token hash -> member: a cache of the store, dropped for a member whose seat changes. */
  private readonly members = new Map<string, MemberRecord>();
  /** Member id -> the seq and kind of the last change to their seat (renewed, removed) folded. */
  private readonly seatChanges = new Map<string, { readonly seq: number; readonly loss: SeatLoss }>();
  /** The online ids last announced (`presence` frames), joined by spaces. */
  private announcedOnline = '';
  private queue: Promise<unknown> = Promise.resolve();
  /** The state with every staged commit applied (decided, not yet durable), or null when none waits. */
  private ahead: TableState | null = null;
  /** Commands decided and waiting for the next batch, in order. */
  private readonly staged: Staged[] = [];
  /** `${actorId} ${requestId}` -> outcome, of commands staged or being written. */
  private readonly aheadRequests = new Map<string, Promise<CommandOutcome>>();
  /** The write loop while one runs (it writes batches until nothing is staged). */
  private writing: Promise<void> | null = null;
  private refilling: Promise<void> | null = null;
  private refillAgain = false;
  private unsubscribe: (() => void) | null = null;
  private poll: NodeJS.Timeout | null = null;

  private constructor(
    readonly tableId: string,
    private readonly deps: LiveTableDeps,
  ) {}

  /** Loads a table from the store, or null when there is none. */
  static async open(tableId: string, deps: LiveTableDeps): Promise<LiveTable | null> {
    const record = await deps.store.getTable(tableId);
    if (record === null) return null;
    const table = new LiveTable(tableId, deps);
    // A failed refill is retried by the next announcement, resync or poll; a command reads the store itself.
    table.unsubscribe = deps.bus.subscribe(tableId, (events) => void table.ingestAnnounced(events).catch(() => undefined));
    await table.catchUp();
    return table;
  }

  /** The state as folded so far. */
  get current(): TableState {
    if (this.state === null) throw new StoreError('store/corrupt', `table ${this.tableId} has no events`);
    return this.state;
  }

  /** Number of watchers (open sockets). */
  get watcherCount(): number {
    return this.watchers.size;
  }

  /**
   * Who holds a token hash now: read after catching up with the store (so a seat renewed or a member
   * removed by another process, or by the command line, is seen), from this process's cache or the store.
   */
  async seat(tokenHash: string): Promise<SeatLookup> {
    // A store read that overlaps the fold of a change to the seat it finds is read again.
    for (let attempt = 0; ; attempt++) {
      await this.catchUp();
      const asOf = this.current.lastSeq;
      let member = this.members.get(tokenHash);
      if (member === undefined) {
        const found = await this.deps.store.findMember(this.tableId, tokenHash);
        if (found === null) return { kind: 'unknown' };
        if ((this.seatChanges.get(found.id)?.seq ?? 0) > asOf) {
          if (attempt < 2) continue;
          return { kind: 'unknown' };
        }
        this.members.set(tokenHash, found);
        member = found;
      }
      const view = this.current.members.find((m) => m.id === member.id);
      if (view !== undefined) return { kind: 'seated', member, view, asOf };
      return this.current.formerMembers.some((m) => m.id === member.id) ? { kind: 'removed' } : { kind: 'unknown' };
    }
  }

  /** The member holding a token hash now at the table, or null (no one, or a removed member). */
  async member(tokenHash: string): Promise<MemberRecord | null> {
    const found = await this.seat(tokenHash);
    return found.kind === 'seated' ? found.member : null;
  }

  /** Ids of the members with an open socket to this process, sorted. */
  online(): string[] {
    return [...new Set([...this.watchers].map((w) => w.viewer.id))].sort();
  }

  /** Sends the presence frame to `to` (a new watcher), and to every watcher when the online set changed. */
  private announcePresence(to?: TableWatcher): void {
    const online = this.online();
    const key = online.join(' ');
    const frame = Buffer.from(JSON.stringify({ kind: 'presence', online } satisfies PresenceFrame));
    if (key !== this.announcedOnline) {
      this.announcedOnline = key;
      for (const w of this.watchers) w.presence?.(frame);
    } else if (to !== undefined && this.watchers.has(to as TableWatcher & { sentSeq: number })) {
      to.presence?.(frame);
    }
  }

  /** Reads events this process has not folded yet from the store. */
  async catchUp(): Promise<void> {
    // A long log (a table opened for the first time) folds a page (bounded in bytes) per turn of the event loop.
    const pages = new LogPages(this.deps.store, this.tableId, this.state?.lastSeq ?? 0);
    for (;;) {
      const events = await pages.next();
      this.fold(events);
      if (pages.isAtEnd || events.length === 0) return;
      pages.sized(events.length, events.reduce((n, e) => n + JSON.stringify(e.body).length, 0));
    }
  }

  /**
   * Folds events the bus announced when they follow the state without a gap, else refills from the
   * store. An empty batch means the subscription has just become live (`EventBus.subscribe`): events
   * committed between the first read and then were never announced here, so it refills too.
   */
  private async ingestAnnounced(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) {
      await this.refill();
      return;
    }
    const last = this.state?.lastSeq ?? 0;
    const fresh = events.filter((e) => e.seq > last).sort((a, b) => a.seq - b.seq);
    if (fresh.length === 0) return;
    if (fresh[0]!.seq === last + 1 && fresh.every((e, i) => e.seq === last + 1 + i)) {
      this.fold(fresh);
      return;
    }
    await this.refill();
  }

  /** Refills from the store (a gap in announced events, or the bus came back after an outage). */
  refill(): Promise<void> {
    if (this.refilling !== null) {
      // A read is under way but may have started before the event that asked for this one.
      this.refillAgain = true;
      return this.refilling;
    }
    this.refilling = (async () => {
      do {
        this.refillAgain = false;
        await this.catchUp();
      } while (this.refillAgain);
    })().finally(() => {
      this.refilling = null;
    });
    return this.refilling;
  }

  /** The table's ruleset's extension (the first event names the ruleset). */
  private extensionFor(event: TableEvent): TableExtension | undefined {
    const ruleset = this.state?.ruleset ?? (event.kind === 'table-created' ? (event.body as { readonly ruleset: string }).ruleset : undefined);
    return ruleset === undefined ? undefined : this.deps.rules(ruleset).table;
  }

  private fold(events: readonly StoredEvent[]): void {
    const fresh: TableEvent[] = [];
    const unseated = new Map<string, SeatLoss>();
    for (const stored of events) {
      if (stored.seq <= (this.state?.lastSeq ?? 0)) continue;
      const event = asTableEvent(stored);
      this.state = applyEvent(this.state, event, this.extensionFor(event));
      if (stored.requestId !== null && stored.actorId !== null) this.requests.set(`${stored.actorId} ${stored.requestId}`, stored.seq);
      const loss: SeatLoss | null = event.kind === 'seat-renewed' ? 'renewed' : event.kind === 'member-removed' ? 'removed' : null;
      const memberId = (event.body as { readonly memberId?: unknown }).memberId;
      if (loss !== null && typeof memberId === 'string') {
        this.seatChanges.set(memberId, { seq: stored.seq, loss });
        for (const [hash, m] of this.members) if (m.id === memberId) this.members.delete(hash);
        unseated.set(memberId, loss);
      }
      fresh.push(event);
    }
    if (fresh.length === 0) return;
    const frames = new Map<number, Buffer>();
    for (const w of this.watchers) this.send(w, fresh, frames);
    if (unseated.size === 0) return;
    // The member's sockets get the event that unseats them, then stop.
    for (const w of [...this.watchers]) {
      const loss = unseated.get(w.viewer.id);
      if (loss === undefined) continue;
      this.watchers.delete(w);
      w.unseat?.(loss);
    }
    this.announcePresence();
  }

  /**
   * Sends events to a watcher. Each event is projected and serialised once per class of viewer, and
   * the same bytes go to every socket of the class. There are five classes: the Smith, the event's
   * actor, the member a whisper is addressed to, observers and the other players. `projectEvent` shows observers what it shows the other
   * players, but keeping them apart costs at most one more frame per event and stays correct should
   * observers ever see less.
   */
  private send(w: TableWatcher & { sentSeq: number }, events: readonly TableEvent[], frames = new Map<number, Buffer>()): number {
    const out: Buffer[] = [];
    let bytes = 0;
    for (const e of events) {
      if (e.seq <= w.sentSeq) continue;
      // Smith 0, actor 1, addressee 2, observer 3, other player 4: a number key, no string made per socket.
      const viewerClass = w.viewer.role === 'smith' ? 0 : w.viewer.id === e.actorId ? 1 : isAddressee(e, w.viewer.id) ? 2 : w.viewer.role === 'observer' ? 3 : 4;
      const key = e.seq * 8 + viewerClass;
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = Buffer.from(JSON.stringify(projectEvent(e, w.viewer)));
        frames.set(key, frame);
      }
      out.push(frame);
      bytes += frame.length;
      w.sentSeq = e.seq;
    }
    if (out.length > 0) w.deliver(out);
    return bytes;
  }

  /**
   * Replays one page to a watcher, paced by its `ready`: after each REPLAY_LOW_WATER_BYTES sent, and
   * at the end of the page, it waits until the watcher has taken them. Resolves with the bytes sent,
   * or null when the watcher went away.
   */
  private async replayPage(w: TableWatcher & { sentSeq: number }, events: readonly TableEvent[]): Promise<number | null> {
    let bytes = 0;
    let unpaced = 0;
    for (const e of events) {
      const sent = this.send(w, [e]);
      bytes += sent;
      unpaced += sent;
      if (unpaced >= REPLAY_LOW_WATER_BYTES && w.ready !== undefined) {
        unpaced = 0;
        if (!(await w.ready())) return null;
      }
    }
    if (w.ready !== undefined && !(await w.ready())) return null;
    return bytes;
  }

  /**
   * Adds a watcher that has seen events up to `since`: it gets every later event this viewer may
   * see (projected), in order, then live events. Replay reads the store page by page.
   */
  async watch(watcher: TableWatcher, since: number, asOf?: number): Promise<() => void> {
    await this.catchUp();
    const entry = Object.assign(watcher, { sentSeq: since });
    // Replay from the store page by page (bounded in bytes), paced by the watcher's reading; the check
    // that replay has caught up and the adding of the watcher happen with no await between them, so
    // no event can slip past in between.
    const pages = new LogPages(this.deps.store, this.tableId, since);
    for (;;) {
      if (pages.after >= this.current.lastSeq) break;
      const page = await pages.next();
      if (page.length === 0) break;
      const bytes = await this.replayPage(entry, page.map(asTableEvent));
      // The watcher went away (hung up, or too slow to read): nothing more is read for it.
      if (bytes === null) return () => undefined;
      pages.sized(page.length, bytes);
    }
    entry.sentSeq = Math.max(entry.sentSeq, pages.after);
    // A seat changed since the viewer's token was looked up (`seat`, at `asOf`): it opens nothing now.
    const change = this.seatChanges.get(watcher.viewer.id);
    if (asOf !== undefined && change !== undefined && change.seq > asOf) {
      watcher.unseat?.(change.loss);
      return () => undefined;
    }
    this.watchers.add(entry);
    this.announcePresence(entry);
    // A lost bus message is refilled by the next event's gap, by a resync, or at the latest by this
    // slow poll (several processes serving one table).
    this.poll ??= setInterval(() => void this.refill().catch(() => undefined), this.deps.pollMs ?? FEED_POLL_MS).unref();
    return () => {
      if (this.watchers.delete(entry)) this.announcePresence();
      if (this.watchers.size === 0 && this.poll !== null) {
        clearInterval(this.poll);
        this.poll = null;
      }
    };
  }

  /**
   * The events after `since` up to `until` as `viewer` may see them, as JSON texts, one page (bounded
   * in bytes) at a time, giving the event loop a turn between pages (`GET .../export`).
   */
  async *projectedPages(viewer: Viewer, since: number, until: number): AsyncGenerator<readonly string[]> {
    const pages = new LogPages(this.deps.store, this.tableId, since, until);
    for (;;) {
      const page = await pages.next();
      if (page.length === 0) return;
      const texts = page.map((e) => JSON.stringify(projectEvent(asTableEvent(e), viewer)));
      pages.sized(texts.length, texts.reduce((n, t) => n + t.length, 0));
      yield texts;
    }
  }

  /** The log's size counted so far: its bytes (event bodies as JSON, UTF-8) up to `seq`. */
  private logSize = { bytes: 0, seq: 0 };

  /**
   * The size of the table's log in bytes (its events' bodies as JSON, UTF-8), for the Smith: the store
   * is read page by page once, then only the events since the last count.
   */
  async logBytes(): Promise<number> {
    let { bytes, seq } = this.logSize;
    // Page by page, a page per turn of the event loop, like every long read (log-pages.ts).
    const pages = new LogPages(this.deps.store, this.tableId, seq);
    for (;;) {
      const page = await pages.next();
      if (page.length === 0) break;
      let pageBytes = 0;
      for (const e of page) {
        if (e.seq <= seq) continue;
        const n = Buffer.byteLength(JSON.stringify(e.body));
        bytes += n;
        pageBytes += n;
        seq = e.seq;
      }
      pages.sized(page.length, pageBytes);
      if (pages.isAtEnd) break;
    }
    if (seq > this.logSize.seq) this.logSize = { bytes, seq };
    return this.logSize.bytes;
  }

  /** The events after `since` as `viewer` may see them (`GET .../log`). */
  async log(viewer: Viewer, since: number, limit: number): Promise<{ events: WireEvent[]; lastSeq: number }> {
    const events = await this.deps.store.readEvents(this.tableId, since, limit);
    await this.catchUp();
    return { events: events.map((e) => projectEvent(asTableEvent(e), viewer)), lastSeq: this.current.lastSeq };
  }

  /** Members as everyone may see them. */
  memberViews(): readonly MemberView[] {
    return this.current.members;
  }

  /**
   * Runs a command: decided after every earlier command of this process, on the state those leave
   * (group commit: while one batch of this table's events is being made durable, the next commands
   * are decided against the state with every earlier command's events applied, not yet durable, and
   * wait in the next batch). Resolves after the command's batch is durably stored; its events reach
   * watchers only then. A request id seen before (stored, or in a batch still being written) gets the
   * first outcome again without running anything. A batch that fails rejects every command in it, and
   * every command decided after it, with the store's error (`store/busy`, `store/unavailable`): the
   * state goes back to the durable one.
   */
  command(actor: Actor, command: TableCommand, nonce?: string): Promise<CommandOutcome> {
    const step = this.queue.then(() => this.stageCommand({ actor, command, nonce, attempts: 0 }));
    this.queue = step.catch(() => undefined);
    return step.then((staged) => staged.done);
  }

  /** Decides a command and adds its commit to the next batch; `done` settles once the batch is durable. */
  private async stageCommand(request: CommandRequest): Promise<{ readonly done: Promise<CommandOutcome> }> {
    const { actor, command, nonce } = request;
    // Decided on the state ahead when commits wait (a stale guess fails the batch with `store/stale`
    // and is decided again); otherwise caught up with the store, but a sole writer (one process on its
    // own store) folds every event it commits: nothing to read.
    if (this.ahead === null && this.deps.isSoleWriter !== true) await this.catchUp();
    const key = `${actor.id} ${command.requestId}`;
    const seen = this.requests.get(key);
    if (seen !== undefined) return { done: Promise.resolve({ ok: true, seq: seen, events: [], isDuplicate: true }) };
    const waiting = this.aheadRequests.get(key);
    if (waiting !== undefined) {
      return { done: waiting.then((o): CommandOutcome => (o.ok ? { ok: true, seq: o.seq, events: [], isDuplicate: true } : o)) };
    }
    const state = this.ahead ?? this.current;
    if (!state.members.some((m) => m.id === actor.id)) {
      return { done: Promise.resolve({ ok: false, error: { code: 'auth/removed', message: 'You are no longer a member of this table: the Smith removed you.' } }) };
    }
    const at = this.deps.now();
    const commits: Commit[] = [];
    const decided = await this.decide(state, actor, command, at, nonce, commits);
    if (!decided.ok) return { done: Promise.resolve({ ok: false, error: decided.error }) };
    commits.push({ tableId: this.tableId, requestId: command.requestId, actorId: actor.id, events: toStored(decided.value, at, actor.id) });
    let ahead = state;
    for (const c of commits) ahead = this.applyAhead(ahead, c);
    this.ahead = ahead;
    let settle!: { resolve: (o: CommandOutcome) => void; reject: (e: unknown) => void };
    const done = new Promise<CommandOutcome>((resolve, reject) => (settle = { resolve, reject }));
    this.aheadRequests.set(key, done);
    this.staged.push({ request, key, commits, afterSeq: state.lastSeq, ...settle });
    this.scheduleWrite();
    return { done };
  }

  /** A state with a commit's events applied, seqs following the state's (a guess until durable). */
  private applyAhead(state: TableState, commit: Commit): TableState {
    const extension = this.deps.rules(state.ruleset).table;
    let seq = state.lastSeq;
    for (const e of commit.events) {
      const event = { kind: e.kind, body: e.body, seq: ++seq, at: e.at, actorId: e.actorId, requestId: commit.requestId ?? null, schemaVersion: e.schemaVersion } as unknown as TableEvent;
      state = applyEvent(state, event, extension);
    }
    return state;
  }

  /** Starts writing staged commits (from the next turn of the event loop, so a turn's commands share a batch). */
  private scheduleWrite(): void {
    if (this.writing !== null) return;
    this.writing = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (;;) {
        if (this.staged.length === 0) {
          this.writing = null;
          return;
        }
        await this.writeBatch();
      }
    })();
  }

  /** Resolves once nothing is staged or being written (commits of the server's own wait for it). */
  private async settled(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  /** Writes every staged commit in one batch; settles each command (never throws). */
  private async writeBatch(): Promise<void> {
    const batch = this.staged.splice(0, this.staged.length);
    let results: readonly CommitResult[];
    try {
      results = await this.deps.store.commitBatch({ tableId: this.tableId, afterSeq: batch[0]!.afterSeq, commits: batch.flatMap((b) => b.commits) });
    } catch (error) {
      this.failBatch(batch, error);
      return;
    }
    try {
      const events = results.flatMap((r) => r.events);
      this.ingestLocal(events);
      void this.deps.bus.publish(events).catch(() => undefined);
      let i = 0;
      for (const b of batch) {
        const result = results[i + b.commits.length - 1]!;
        i += b.commits.length;
        this.aheadRequests.delete(b.key);
        const last = result.events[result.events.length - 1];
        if (last === undefined) b.reject(new StoreError('store/corrupt', 'a commit returned no events'));
        else b.resolve({ ok: true, seq: last.seq, events: result.events.map(asTableEvent), isDuplicate: false });
      }
      if (this.staged.length === 0) this.ahead = null;
    } catch (error) {
      // Stored, but not folded here (a fault of the fold): answered as a failure, the state read
      // again from the store; a retry with the same request id gets the stored outcome.
      const failed = [...batch, ...this.staged.splice(0, this.staged.length)];
      this.ahead = null;
      for (const b of failed) {
        this.aheadRequests.delete(b.key);
        b.reject(error);
      }
      void this.refill().catch(() => undefined);
    }
  }

  /**
   * A batch failed: nothing of it was written. The state ahead goes back to the durable one, and
   * every command staged after the batch (decided on it) fails with it; a stale batch (another
   * process wrote first) is decided again on the stored state, up to MAX_STALE_ATTEMPTS times, then
   * written on its own.
   */
  private failBatch(batch: readonly Staged[], error: unknown): void {
    const failed = [...batch, ...this.staged.splice(0, this.staged.length)];
    this.ahead = null;
    for (const b of failed) this.aheadRequests.delete(b.key);
    if (!(error instanceof StoreError && error.code === 'store/stale')) {
      for (const b of failed) b.reject(error);
      return;
    }
    const step = this.queue.then(async () => {
      await this.catchUp();
      for (const b of failed) {
        if (b.request.attempts + 1 >= MAX_STALE_ATTEMPTS) {
          try {
            b.resolve(await this.commitUnchecked(b.request));
          } catch (e) {
            b.reject(e);
          }
          continue;
        }
        try {
          const again = await this.stageCommand({ ...b.request, attempts: b.request.attempts + 1 });
          again.done.then(b.resolve, b.reject);
        } catch (e) {
          b.reject(e);
        }
      }
    });
    this.queue = step.catch((e: unknown) => {
      for (const b of failed) b.reject(e);
    });
  }

  /**
   * A command whose batches kept turning out stale (other processes writing the table as fast), run
   * on its own once nothing of this process waits: caught up, decided, and each of its commits
   * appended after whatever is stored then (`commit`, under the table's row lock), as a command was
   * before group commit.
   */
  private async commitUnchecked(request: CommandRequest): Promise<CommandOutcome> {
    const { actor, command, nonce } = request;
    await this.settled();
    await this.catchUp();
    const seen = this.requests.get(`${actor.id} ${command.requestId}`);
    if (seen !== undefined) return { ok: true, seq: seen, events: [], isDuplicate: true };
    const state = this.current;
    if (!state.members.some((m) => m.id === actor.id)) {
      return { ok: false, error: { code: 'auth/removed', message: 'You are no longer a member of this table: the Smith removed you.' } };
    }
    const at = this.deps.now();
    const commits: Commit[] = [];
    const decided = await this.decide(state, actor, command, at, nonce, commits);
    if (!decided.ok) return { ok: false, error: decided.error };
    commits.push({ tableId: this.tableId, requestId: command.requestId, actorId: actor.id, events: toStored(decided.value, at, actor.id) });
    let events: readonly StoredEvent[] = [];
    for (const commit of commits) {
      const result = await this.deps.store.commit(commit);
      const last = result.events[result.events.length - 1];
      if (last === undefined) throw new StoreError('store/corrupt', 'a commit returned no events');
      if (result.isDuplicate) {
        await this.catchUp();
        return { ok: true, seq: last.seq, events: [], isDuplicate: true };
      }
      this.ingestLocal(result.events);
      void this.deps.bus.publish(result.events).catch(() => undefined);
      events = result.events;
    }
    return { ok: true, seq: events[events.length - 1]!.seq, events: events.map(asTableEvent), isDuplicate: false };
  }

  /**
   * Decides a command. With verifiable rolls, a command that rolls is decided with dice derived from
   * the open epoch, a commitment staged first (in `commits`, the same batch) when no epoch is open or
   * the open one reached its limit (then revealed in the same batch).
   */
  private async decide(state: TableState, actor: Actor, command: TableCommand, at: number, nonce: string | undefined, commits: Commit[]): Promise<ReturnType<typeof rollCommand>> {
    const rules = this.deps.rules(state.ruleset);
    const draw = this.deps.drawEpochKeys;
    if (draw === undefined) return rollCommand(state, actor, command, { rng: this.deps.rng, rules, now: at });
    const due = state.epochs.current === null ? 'limit' : epochDue(state.epochs, at);
    if (due !== null) {
      // Only a command that rolls opens an epoch: try it with the process's own dice first.
      let rolls = false;
      const probe = rollCommand(state, actor, command, { rng: { rollDie: (sides) => ((rolls = true), this.deps.rng.rollDie(sides)) }, rules, now: at });
      if (!probe.ok || !rolls) return probe;
      const events = revealEvents(state.epochs, due, draw());
      const commit: Commit = { tableId: this.tableId, actorId: null, events: toStored(events, at, null) };
      commits.push(commit);
      state = this.applyAhead(state, commit);
    }
    return rollVerifiable(state, actor, command, { rules, now: at }, { tableId: this.tableId, seq: state.lastSeq + 1, ...(nonce !== undefined ? { nonce } : {}) });
  }

  /**
   * Ends the open epoch (the Smith's button): its keys are revealed and a new epoch committed, in one
   * commit. A table whose rolls are not verifiable, or with no epoch open, has nothing to reveal: null.
   */
  revealEpoch(actorId: string): Promise<readonly StoredEvent[] | null> {
    const draw = this.deps.drawEpochKeys;
    if (draw === undefined) return Promise.resolve(null);
    const run = this.queue.then(async () => {
      await this.settled();
      await this.catchUp();
      const epochs = this.current.epochs;
      if (epochs.current === null || epochs.current.rolls === 0) return null;
      const at = this.deps.now();
      const events = revealEvents(epochs, 'smith', draw());
      const result = await this.deps.store.commit({ tableId: this.tableId, actorId, events: toStored(events, at, actorId) });
      this.ingestLocal(result.events);
      void this.deps.bus.publish(result.events).catch(() => undefined);
      return result.events;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Closes the evening's game (the Smith's button): an `evening-ended` event and, when the open epoch
   * of verifiable rolls holds a roll, its reveal (reason `evening`) and the next commitment, in one commit.
   */
  endEvening(actorId: string): Promise<{ readonly events: readonly StoredEvent[]; readonly evening: number; readonly revealed: boolean }> {
    const run = this.queue.then(async () => {
      // After every staged command is durable (or failed): the reveal covers the durable epoch.
      await this.settled();
      await this.catchUp();
      const state = this.current;
      const evening = (state.eveningsEnded ?? 0) + 1;
      const draw = this.deps.drawEpochKeys;
      const revealed = draw !== undefined && state.epochs.current !== null && state.epochs.current.rolls > 0;
      const events: NewTableEvent[] = [{ kind: 'evening-ended', body: { evening } }, ...(revealed ? revealEvents(state.epochs, 'evening', draw()) : [])];
      const at = this.deps.now();
      const result = await this.deps.store.commit({ tableId: this.tableId, actorId, events: toStored(events, at, actorId) });
      this.ingestLocal(result.events);
      void this.deps.bus.publish(result.events).catch(() => undefined);
      return { events: result.events, evening, revealed };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Writes a commit of the server's own (a join, an invite change) in this table's queue, folds and
   * announces its events. `precondition` sees the state the commit follows and may throw to refuse it
   * (a check made before the queue could be overtaken by a commit waiting in it).
   */
  commitDirect(commit: Omit<Commit, 'tableId'>, precondition?: (state: TableState) => void): Promise<readonly StoredEvent[]> {
    const run = this.queue.then(async () => {
      // After every staged command is durable (or failed): the precondition sees the durable state.
      await this.settled();
      await this.catchUp();
      precondition?.(this.current);
      const result = await this.deps.store.commit({ ...commit, tableId: this.tableId });
      this.ingestLocal(result.events);
      void this.deps.bus.publish(result.events).catch(() => undefined);
      return result.events;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Folds events this process just committed (another process's may have come first: refill). */
  ingestLocal(events: readonly StoredEvent[]): void {
    const last = this.state?.lastSeq ?? 0;
    if (events[0] !== undefined && events[0].seq !== last + 1) {
      void this.refill().catch(() => undefined);
      return;
    }
    this.fold(events);
  }

  /** Stops listening to the bus. */
  close(): void {
    if (this.poll !== null) clearInterval(this.poll);
    this.poll = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
