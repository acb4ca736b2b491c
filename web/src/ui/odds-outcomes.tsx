/** A check's or a change's exact odds as the forms show them: what is rolled, then each outcome's chance as a bar. */
import type { CheckOdds } from '../../../src/rules/rule-system.js';
import { formatChance } from '../lib/tray.js';

/** The odds box; `showMean` adds the average of a numeric result. */
export function OddsOutcomes(props: { odds: CheckOdds; label: string; showMean?: boolean }) {
  const { odds } = props;
  return (
    <div class="odds" aria-label={props.label}>
      <p class="odds-title">
        <strong>Odds</strong> <span class="mono">{odds.description}</span>
      </p>
      <ul class="outcomes">
        {odds.outcomes.map((x) => (
          <li key={x.outcome} class={`outcome-${x.outcome}`}>
            <span class="bar" style={{ inlineSize: `${Math.max(1, x.p * 100)}%` }} aria-hidden="true" />
            <span>{x.label}</span> <strong>{formatChance(x.p)}</strong>
          </li>
        ))}
      </ul>
      {props.showMean === true && odds.mean !== undefined ? <p>Average {odds.mean.toFixed(2)}</p> : null}
    </div>
  );
}
