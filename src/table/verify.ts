/**
 * Verifies a table's log of verifiable rolls (docs/protocol.md, Verifiable rolls): every revealed
 * key against its commitment, every derived roll's draws against the key's stream, and the faces each
 * event shows against its draws. Runs on what a viewer received (an export, the page's log): the
 * same code in the command line (`hammercrawl verify`) and in the browser. Pure.
 */
import type { DiceChain } from '../dice/dice-chain.js';
import { commitmentOf, derivedRandom } from '../dice/derived-random.js';
import { scriptedRandom } from '../dice/random.js';
import { rollNotation } from '../dice/roll.js';
import { fromHex, toHex } from '../dice/sha256.js';
import { diceOptionsOf } from './commands.js';
import { DRAWN_FIELD } from './project.js';
import { isTableEventKind, type TableSettings } from './events.js';

/** A problem found: the event it is in and what is wrong. */
export interface VerifyProblem {
  readonly seq: number;
  readonly kind: string;
  readonly code: string;
  readonly message: string;
}

/** What `verifyLog` found. */
export interface VerifyReport {
  /** Rolls whose draws and shown faces the revealed key reproduces. */
  readonly verified: number;
  /** Rolls, commitments and reveals that do not check out (each in `problems`). */
  readonly mismatches: number;
  /** Derived rolls whose key the viewer does not hold yet (an open epoch, or a secret key not theirs). */
  readonly notRevealed: number;
  /** Rolls entered from physical dice (not verifiable). */
  readonly physical: number;
  /** Rolls made before the table's first commitment (a table from before verifiable rolls). */
  readonly beforeVerification: number;
  /** Verified rolls whose client sent no nonce (the server alone fixed their inputs). */
  readonly notClientSeeded: number;
  /** Verified rolls whose dice were checked but whose result the verifier does not read again from the rules (tracker attacks, initiative). */
  readonly drawsOnly: number;
  /** Events the viewer receives redacted (others' secret rolls). */
  readonly hidden: number;
  /**
   * Rolls the viewer sees in part (a tracker command about a foe only the Smith sees): derived from the
   * epoch's secret key, their draws reach the Smith alone, whose export verifies them.
   */
  readonly withheld: number;
  /** Epochs committed, and revealed to the viewer. */
  readonly epochs: number;
  readonly revealed: number;
  readonly problems: readonly VerifyProblem[];
}

/** What verification reads: the table's id, the ruleset's chain, and the events in seq order. */
export interface VerifyInput {
  readonly tableId: string;
  /** The ruleset's dice chain, to replay plain rolls; without it their faces are checked against the draws only. */
  readonly chain?: DiceChain;
  readonly events: readonly { readonly [key: string]: unknown }[];
  /** The ruleset's reading of the dice its own events show (`TableExtension.shownDice`); without it they are held to their draws alone. */
  readonly shownDice?: RulesetShownDice;
}

/** A ruleset's reading of the dice an event of its own kind shows, as [sides, face]; null when it shows none. */
export type RulesetShownDice = (kind: string, event: { readonly [key: string]: unknown }) => readonly (readonly [number, number])[] | null;

/** The line `hammercrawl verify` prints (issue 18). */
export function verifySummary(r: VerifyReport): string {
  return `${r.verified} rolls verified, ${r.mismatches} mismatches, ${r.notRevealed} not yet revealed, ${r.physical} physical dice (not verifiable)`;
}

interface Commitment {
  readonly seq: number;
  readonly publicHash: unknown;
  readonly secretHash: unknown;
}

interface Reveal {
  readonly seq: number;
  readonly key: Uint8Array | null;
  readonly secretKey: Uint8Array | null;
}

const isRecord = (v: unknown): v is { readonly [key: string]: unknown } => typeof v === 'object' && v !== null && !Array.isArray(v);
const isDraw = (d: unknown): d is readonly [number, number] => Array.isArray(d) && d.length === 2 && d.every((x) => Number.isSafeInteger(x) && (x as number) >= 1);

/** The faces a `checked` or `usage-rolled` event (or a ruleset's own, read by `ruleset`) shows, as [sides, face]; null for a kind shown otherwise. */
function shownDice(event: { readonly [key: string]: unknown }, ruleset?: RulesetShownDice): readonly (readonly [number, number])[] | null {
  if (ruleset !== undefined && typeof event['kind'] === 'string' && !isTableEventKind(event['kind'])) return ruleset(event['kind'], event);
  if (event['kind'] === 'usage-rolled') return [[Number(event['die']), Number(event['face'])]];
  if (event['kind'] === 'checked') {
    const result = event['result'];
    if (!isRecord(result) || !Array.isArray(result['dice'])) return [];
    return result['dice'].filter(isRecord).map((d) => [Number(d['sides']), Number(d['face'])] as const);
  }
  return null;
}

/** Verifies a log. */
export function verifyLog(input: VerifyInput): VerifyReport {
  const problems: VerifyProblem[] = [];
  const problem = (event: { readonly [key: string]: unknown }, code: string, message: string) =>
    problems.push({ seq: Number(event['seq']), kind: String(event['kind']), code, message: `event ${String(event['seq'])} (${String(event['kind'])}): ${message}` });
  const events = input.events;
  let expected = 1;
  for (const e of events) {
    if (e['seq'] !== expected) problem(e, 'verify/gap', `expected seq ${expected}: the log has a gap or is out of order`);
    expected = Number(e['seq']) + 1;
  }

  // Commitments and reveals, by epoch: every reveal's keys must hash to their commitment.
  const commitments = new Map<number, Commitment>();
  const reveals = new Map<number, Reveal>();
  for (const e of events) {
    if (e['kind'] === 'epoch-committed') commitments.set(Number(e['epoch']), { seq: Number(e['seq']), publicHash: e['publicHash'], secretHash: e['secretHash'] });
    if (e['kind'] === 'epoch-revealed') {
      const epoch = Number(e['epoch']);
      const forSmith = e['forSmith'];
      const key = typeof e['key'] === 'string' ? fromHex(e['key']) : null;
      const secretKey = isRecord(forSmith) && typeof forSmith['secretKey'] === 'string' ? fromHex(forSmith['secretKey']) : null;
      const c = commitments.get(epoch);
      if (c === undefined || c.seq > Number(e['seq'])) {
        problem(e, 'verify/reveal-without-commitment', `epoch ${epoch} was revealed but never committed before`);
        continue;
      }
      let ok = true;
      if (key === null || toHex(commitmentOf(key)) !== c.publicHash) {
        problem(e, 'verify/commitment-mismatch', `the revealed key of epoch ${epoch} does not hash to its commitment (event ${c.seq})`);
        ok = false;
      }
      if (isRecord(forSmith) && (secretKey === null || toHex(commitmentOf(secretKey)) !== c.secretHash)) {
        problem(e, 'verify/commitment-mismatch', `the revealed secret key of epoch ${epoch} does not hash to its commitment (event ${c.seq})`);
        ok = false;
      }
      reveals.set(epoch, ok ? { seq: Number(e['seq']), key, secretKey } : { seq: Number(e['seq']), key: null, secretKey: null });
    }
  }

  let verified = 0;
  let notRevealed = 0;
  let physical = 0;
  let beforeVerification = 0;
  let notClientSeeded = 0;
  let drawsOnly = 0;
  let hidden = 0;
  let withheld = 0;
  let open: number | null = null;
  let everCommitted = false;
  let settings: TableSettings = {};
  /** Seqs of events whose dice an earlier event's draws cover. */
  let coveredUntil = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const seq = Number(e['seq']);
    const kind = e['kind'];
    if (kind === 'table-created' && isRecord(e['settings'])) settings = e['settings'] as TableSettings;
    if (kind === 'settings-changed' && isRecord(e['settings'])) settings = e['settings'] as TableSettings;
    if (kind === 'epoch-committed') {
      open = Number(e['epoch']);
      everCommitted = true;
      continue;
    }
    if (kind === 'epoch-revealed') {
      if (open === Number(e['epoch'])) open = null;
      continue;
    }
    if (e['redacted'] === true) {
      if (kind !== 'chatted') hidden += 1;
      continue;
    }
    const drawn = e[DRAWN_FIELD];
    if (drawn === undefined) {
      if (kind === 'rolled' && e['isPhysical'] === true) physical += 1;
      else if (seq > coveredUntil && (kind === 'rolled' || kind === 'usage-rolled' || (kind === 'checked' && (shownDice(e)?.length ?? 0) > 0))) {
        if (everCommitted) problem(e, 'verify/underived', 'a roll made after the first commitment records no derivation');
        else beforeVerification += 1;
      }
      continue;
    }
    if (isRecord(drawn) && drawn['isWithheld'] === true && drawn['key'] === 'secret' && drawn['draws'] === undefined) {
      withheld += 1;
      if (Number.isSafeInteger(drawn['events']) && (drawn['events'] as number) >= 1) coveredUntil = seq + (drawn['events'] as number) - 1;
      continue;
    }
    if (!isRecord(drawn) || !Array.isArray(drawn['draws']) || !drawn['draws'].every(isDraw) || !Number.isSafeInteger(drawn['epoch']) || !Number.isSafeInteger(drawn['events']) || (drawn['events'] as number) < 1) {
      problem(e, 'verify/bad-derivation', 'its derivation record is not readable');
      continue;
    }
    const draws = drawn['draws'] as readonly (readonly [number, number])[];
    const epoch = drawn['epoch'] as number;
    const span = events.slice(i, i + (drawn['events'] as number));
    coveredUntil = seq + span.length - 1;
    if (epoch !== open) {
      problem(e, 'verify/wrong-epoch', open === null ? `derived from epoch ${epoch} while no epoch was open` : `derived from epoch ${epoch} while epoch ${open} was open`);
      continue;
    }
    const reveal = reveals.get(epoch);
    const isSecret = drawn['key'] === 'secret';
    const key = reveal === undefined ? null : isSecret ? reveal.secretKey : reveal.key;
    if (key === null) {
      // An epoch not revealed yet, a secret key the viewer does not hold, or a reveal that failed its commitment (a problem already).
      if (reveal === undefined || (isSecret && reveal.secretKey === null && reveal.key !== null)) notRevealed += 1;
      continue;
    }
    const nonce = typeof drawn['nonce'] === 'string' ? drawn['nonce'] : '';
    const rng = derivedRandom({ key, tableId: input.tableId, seq, nonce });
    const wrong = draws.findIndex(([sides, face]) => rng.rollDie(sides) !== face);
    if (wrong >= 0) {
      problem(e, 'verify/face-mismatch', `die ${wrong + 1} (d${draws[wrong]![0]}) is recorded as ${draws[wrong]![1]}, but the epoch's key derives another face`);
      continue;
    }
    const shown = showsItsDraws(span, draws, settings, input.chain, input.shownDice);
    if (shown !== true) {
      if (shown.event !== undefined) problem(shown.event, 'verify/shown-mismatch', shown.message);
      else problem(e, 'verify/shown-mismatch', shown.message);
      continue;
    }
    verified += 1;
    if (drawn['nonce'] === undefined) notClientSeeded += 1;
    if (span.every((x) => x['kind'] !== 'rolled' && shownDice(x, input.shownDice) === null)) drawsOnly += 1;
  }

  return {
    verified,
    mismatches: problems.length,
    notRevealed,
    physical,
    beforeVerification,
    notClientSeeded,
    drawsOnly,
    hidden,
    withheld,
    epochs: commitments.size,
    revealed: reveals.size,
    problems,
  };
}

/**
 * True when the events of a command show the faces of its draws: a plain roll replayed with them
 * (the same record), a check's or a usage die's faces among them. Other kinds are shown by their
 * ruleset's words and are held to their draws alone.
 */
function showsItsDraws(
  span: readonly { readonly [key: string]: unknown }[],
  draws: readonly (readonly [number, number])[],
  settings: TableSettings,
  chain: DiceChain | undefined,
  ruleset: RulesetShownDice | undefined,
): true | { readonly event?: { readonly [key: string]: unknown }; readonly message: string } {
  const left = draws.map((d) => `${d[0]}:${d[1]}`);
  for (const e of span) {
    if (e['kind'] === 'rolled') {
      const faces = draws.map((d) => d[1]);
      try {
        const script = scriptedRandom(faces);
        const record = rollNotation(script, String(e['notation']), chain === undefined ? {} : diceOptionsOf(chain, settings));
        // The terms' words quote the notation as the roller wrote it; the event keeps it as the server reads it: the dice and the total are compared.
        const same = JSON.stringify([record.total, record.dice]) === JSON.stringify([e['total'], e['dice']]);
        if (!same || script.remaining > 0) return { event: e, message: 'its dice are not what its draws roll for its notation' };
      } catch {
        return { event: e, message: 'its notation does not roll its draws' };
      }
      return true;
    }
    const shown = shownDice(e, ruleset);
    if (shown === null) continue;
    for (const [sides, face] of shown) {
      const at = left.indexOf(`${sides}:${face}`);
      if (at < 0) return { event: e, message: `it shows a d${sides} at ${face}, which none of its draws is` };
      left.splice(at, 1);
    }
  }
  return true;
}
