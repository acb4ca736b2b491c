/**
 * "Verify the dice" (docs/web.md): the page reads every event this viewer may see and recomputes every
 * revealed roll from its epoch's key itself (src/table/verify.ts), then says how many rolls check
 * out and names any that do not. The Smith's "Reveal the dice" ends the epoch: its keys go into the
 * log and a new one begins.
 */
import { useState } from 'preact/hooks';
import { EPOCH_MAX_AGE_MS, EPOCH_MAX_ROLLS } from '../../../src/table/epochs.js';
import { verifySummary, type VerifyReport } from '../../../src/table/verify.js';
import type { TableSession } from '../session.js';

/** Problems listed under the verdict; the rest are counted. */
const SHOWN_PROBLEMS = 10;

/** The verdict's words beyond the summary line. */
function details(r: VerifyReport): string[] {
  return [
    r.revealed === 0 ? `No epoch has been revealed yet: the Smith reveals the dice, and the server does at the latest ${EPOCH_MAX_AGE_MS / 3_600_000} hours or ${EPOCH_MAX_ROLLS} rolls into an epoch.` : null,
    r.beforeVerification > 0 ? `${r.beforeVerification} rolls are from before verification.` : null,
    r.hidden > 0 ? `${r.hidden} secret rolls are not yours to see.` : null,
    r.withheld > 0 ? `${r.withheld} rolls involve what only the Smith sees (a hidden foe): their dice come from the Smith's key, and the Smith's "Verify the dice" checks them.` : null,
    r.drawsOnly > 0 ? `${r.drawsOnly} of the verified rolls (tracker attacks, initiative) had each die checked; their results are the rules' reading of those dice.` : null,
    r.notClientSeeded > 0 ? `${r.notClientSeeded} verified rolls were sent without a nonce (not client-seeded).` : null,
  ].filter((x): x is string => x !== null);
}

/** The "Verify the dice" button and its verdict, and for the Smith "Reveal the dice". */
export function VerifyDice(props: { session: TableSession }) {
  const { session } = props;
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [busy, setBusy] = useState<'verify' | 'reveal' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(what: 'verify' | 'reveal') {
    setBusy(what);
    setProblem(null);
    try {
      if (what === 'reveal') await session.revealDice();
      setReport(await session.verifyDice());
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div class="verify-dice" role="group" aria-label="Verify the dice">
      <button type="button" onClick={() => void run('verify')} disabled={busy !== null}>
        {busy === 'verify' ? 'Verifying…' : 'Verify the dice'}
      </button>
      {session.isSmith.value ? (
        <button type="button" onClick={() => void run('reveal')} disabled={busy !== null} title="End this epoch: its keys go into the log, so everyone can verify its rolls; a new epoch begins at once">
          {busy === 'reveal' ? 'Revealing…' : 'Reveal the dice'}
        </button>
      ) : null}
      {problem !== null ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {report !== null ? (
        <div class={report.mismatches > 0 ? 'verify-result bad' : 'verify-result'} role="status">
          <p>
            <strong>{verifySummary(report)}</strong>
          </p>
          {details(report).map((d) => (
            <p key={d} class="muted">
              {d}
            </p>
          ))}
          {report.problems.length > 0 ? (
            <ul>
              {report.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
                <li key={`${p.seq} ${p.code}`}>{p.message}</li>
              ))}
              {report.problems.length > SHOWN_PROBLEMS ? <li>and {report.problems.length - SHOWN_PROBLEMS} more</li> : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
