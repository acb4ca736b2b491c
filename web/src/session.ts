/**
 * One open table: its live connection, the state folded from the events, the ruleset and its web
 * parts once loaded.
 * Signals make the components re-render only where a value they read changed.
 */
import { signal, computed, type Signal } from '@preact/signals';
import type { RuleSystem } from '../../src/rules/rule-system.js';
import { Api, ApiError, type RenewedSeat } from './lib/api.js';
import { LiveConnection, liveUrl, type LiveStatus, type UnauthorizedReason } from './lib/live.js';
import type { AckFrame, Command, RulesetCommand, Visibility } from './lib/protocol.js';
import type { ParamRecord } from '../../src/rules/rule-system.js';

/** A check a sheet's stat asks the tray to set up (not rolled until the player clicks Roll). */
export interface TrayPreset {
  readonly check: string;
  readonly params: ParamRecord;
  readonly label: string;
  readonly characterId: string;
  /** Who sees the roll: the sheet's "Rolls seen by". */
  readonly visibility?: Visibility;
  /** Changes on every request, so the same stat clicked twice sets the tray up again. */
  readonly n: number;
}
import { applyEvent, applyWelcome, emptyTable, type TableState } from './lib/table-state.js';
import { loadRuleSystem } from './lib/rulesets.js';
import { loadRulesetWeb, noWeb, type RulesetSession, type RulesetWeb } from './rulesets/index.js';
import type { SavedSeat } from './lib/tokens.js';
import { rulesetHelp, seats } from './store.js';
import { newRequestId } from './lib/request-id.js';
import { verifyLog, type VerifyReport } from '../../src/table/verify.js';

/** Events read per page by "Verify the dice". */
const VERIFY_PAGE = 2000;

/** A command with a fresh nonce: the dice it rolls are derived from it (docs/protocol.md, Verifiable rolls). */
function withNonce<C extends object>(command: C): C {
  return { ...command, nonce: newRequestId() };
}

/** The page's client for its own server. */
export const api = new Api((url, init) => fetch(url, init));

/** The address that opens a seat on another device: the token in the fragment, which no server log or Referer sees. */
export function seatLink(origin: string, tableId: string, token: string): string {
  return `${origin}/t/${encodeURIComponent(tableId)}#seat=${encodeURIComponent(token)}`;
}

/** A table the page has open; a ruleset's panels are given it as their `RulesetSession`. */
export class TableSession implements RulesetSession {
  readonly state: Signal<TableState>;
  readonly status = signal<LiveStatus>('connecting');
  /** Ids of the members with the table open now (the server's `presence` frames). */
  readonly online = signal<ReadonlySet<string>>(new Set());
  /** Why this device's seat no longer opens the table, once it does not (status `unauthorized`). */
  readonly unauthorizedReason = signal<UnauthorizedReason | null>(null);
  readonly ruleSystem = signal<RuleSystem | null>(null);
  readonly ruleSystemMissing = signal(false);
  /** The ruleset's own web parts (web/src/rulesets), none until they are loaded. */
  readonly rulesetWeb = signal<RulesetWeb>(noWeb(''));
  readonly inviteCode = signal<string | null>(null);
  /** The size of the table's log in bytes, as the table last told the Smith (null before, and for everyone else). */
  readonly logBytes = signal<number | null>(null);
  readonly problem = signal<string | null>(null);
  /** The latest stat a sheet sent to the tray. */
  readonly trayPreset = signal<TrayPreset | null>(null);
  /** Events with a seq above this arrived live (after the first welcome): they are announced. */
  readonly announceAfter = signal<number>(Number.POSITIVE_INFINITY);
  readonly isSmith = computed(() => this.state.value.you?.role === 'smith');
  readonly canRoll = computed(() => {
    const r = this.state.value.you?.role;
    return r === 'smith' || r === 'player';
  });
  private readonly conn: LiveConnection;
  private isFirstWelcome = true;
  /** True while this device renews its own seat: the server closing the old token's socket is expected. */
  private isRenewing = false;
  private current: SavedSeat;

  constructor(seat: SavedSeat) {
    this.current = seat;
    this.state = signal(emptyTable(seat.tableId));
    this.conn = new LiveConnection({
      url: liveUrl(location, seat.tableId),
      token: seat.token,
      makeSocket: (url) => new WebSocket(url) as unknown as import('./lib/live.js').SocketLike,
      lastSeq: () => this.state.peek().lastSeq,
      onWelcome: (w) => {
        this.state.value = applyWelcome(this.state.peek(), w);
        if (this.isFirstWelcome) {
          this.isFirstWelcome = false;
          // Replay up to the welcome's lastSeq is history; later events are news.
          this.announceAfter.value = w.lastSeq;
          this.current = { ...this.current, tableName: w.table.name, name: w.you.name, role: w.you.role, openedAt: Date.now() };
          seats.save(this.current);
          void this.loadRules(w.table.ruleset);
          if (w.you.role === 'smith') void this.refreshInvite();
        }
      },
      onEvent: (e) => {
        this.state.value = applyEvent(this.state.peek(), e);
      },
      onStatus: (s) => {
        // The old token's socket closing while this device renews its own seat is no lost seat.
        if (s === 'unauthorized' && this.isRenewing && this.conn.unauthorizedReason === 'renewed') {
          this.status.value = 'reconnecting';
          return;
        }
        if (s === 'unauthorized') this.unauthorizedReason.value = this.conn.unauthorizedReason ?? 'unknown';
        if (s === 'unauthorized') this.online.value = new Set();
        this.status.value = s;
      },
      onError: (e) => {
        this.problem.value = e.message ?? e.code;
      },
      onPresence: (online) => {
        this.online.value = new Set(online);
      },
    });
  }

  /** The seat this session holds (its token changes when the seat is renewed). */
  get seat(): SavedSeat {
    return this.current;
  }

  /**
   * Gives a seat a new token. One's own (no `memberId`, or one's own): the new token is saved as this
   * device's seat and the table reconnects with it; the old one stops working on every other device.
   * Another member's (the Smith's right): the answer carries their new token, for their seat link.
   */
  async renewSeat(memberId?: string): Promise<RenewedSeat> {
    const isOwn = memberId === undefined || memberId === this.current.memberId;
    if (!isOwn) return api.renewSeat(this.current.tableId, this.current.token, memberId);
    this.isRenewing = true;
    try {
      const renewed = await api.renewSeat(this.current.tableId, this.current.token);
      this.current = { ...this.current, token: renewed.token };
      seats.save(this.current);
      this.conn.reconnect(renewed.token);
      return renewed;
    } finally {
      this.isRenewing = false;
      // The answer was lost after the server renewed the seat: the old token's socket was closed for good.
      if (this.conn.status === 'unauthorized' && this.status.peek() !== 'unauthorized') {
        this.unauthorizedReason.value = this.conn.unauthorizedReason ?? 'unknown';
        this.status.value = 'unauthorized';
      }
    }
  }

  start(): void {
    this.conn.start();
  }

  stop(): void {
    this.conn.stop();
    rulesetHelp.value = null;
  }

  send(command: Command): Promise<AckFrame> {
    return this.conn.send(withNonce(command));
  }

  /** Sends a command of a kind the table's ruleset adds (its web parts build it). */
  sendRuleset(command: RulesetCommand): Promise<AckFrame> {
    return this.conn.send(withNonce(command));
  }

  /**
   * "Verify the dice": every event this viewer may see, read from the log page by page, checked here
   * against the revealed keys (src/table/verify.ts); the server's word is not taken for any of it.
   */
  async verifyDice(): Promise<VerifyReport> {
    const events: { readonly [key: string]: unknown }[] = [];
    for (let since = 0; ; ) {
      const page = await api.log(this.current.tableId, this.current.token, since, VERIFY_PAGE);
      events.push(...(page.events as unknown as { readonly [key: string]: unknown }[]));
      if (page.events.length < VERIFY_PAGE) break;
      since = page.events[page.events.length - 1]!.seq;
    }
    const rs = this.ruleSystem.peek();
    const chain = rs?.chain;
    const shownDice = rs?.table?.shownDice;
    return verifyLog({ tableId: this.current.tableId, ...(chain !== undefined ? { chain } : {}), ...(shownDice !== undefined ? { shownDice: (kind, event) => shownDice(kind, event) } : {}), events });
  }

  /** The Smith ends the epoch of the dice: its keys are revealed in the log, and a new epoch begins. */
  revealDice(): Promise<{ seq: number; lastSeq: number }> {
    return api.revealEpoch(this.current.tableId, this.current.token);
  }

  /** The Smith closes the evening's game: the log marks its end, and the dice of the epoch are revealed. */
  endEvening(): Promise<{ seq: number; lastSeq: number; evening: number; revealed: boolean }> {
    return api.endEvening(this.current.tableId, this.current.token);
  }

  private async loadRules(id: TableState['ruleset']): Promise<void> {
    if (id === null) return;
    void loadRulesetWeb(id).then((web) => {
      this.rulesetWeb.value = web;
      rulesetHelp.value = { ruleset: id, sections: web.help ?? [] };
      if (web.hasFailed === true) this.problem.value = "This ruleset's own tools (its panels and forms) did not load; reload the page to try again.";
    });
    const rs = await loadRuleSystem(id);
    this.ruleSystem.value = rs;
    this.ruleSystemMissing.value = rs === null;
  }

  async refreshInvite(): Promise<void> {
    try {
      const info = await api.table(this.seat.tableId, this.seat.token);
      this.inviteCode.value = info.inviteCode ?? null;
      this.logBytes.value = info.logBytes ?? null;
    } catch (e) {
      this.problem.value = e instanceof ApiError ? e.message : String(e);
    }
  }

  async invite(action: 'rotate' | 'revoke'): Promise<void> {
    const r = await api.invite(this.seat.tableId, this.seat.token, action);
    this.inviteCode.value = r.inviteCode;
  }
}
