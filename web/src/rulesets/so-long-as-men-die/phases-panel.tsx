/**
 * The order of a So Long as Men Die round, shown above the tracker (lazy chunk): the eight phases of
 * Initiative with their bullets, the winners of the round's initiative acting first in each, and the
 * Morale test that opens every round (Initiative; ruling SL-35).
 */
import { INITIATIVE_PHASES } from '../../../../src/rules/so-long-as-men-die/data/actions.js';
import type { CombatPanelProps } from '../types.js';

/** The round's number from the tracker as received, or null before the fight starts. */
function roundOf(combat: unknown): number | null {
  if (typeof combat !== 'object' || combat === null) return null;
  const c = combat as { isActive?: unknown; round?: unknown };
  return c.isActive === true && typeof c.round === 'number' && c.round > 0 ? c.round : null;
}

/** The phases of a round, in order. */
export function PhasesPanel(props: CombatPanelProps) {
  const round = roundOf(props.combat);
  return (
    <details class="phases" open={round !== null}>
      <summary>{round === null ? 'A round, phase by phase' : `Round ${round}, phase by phase`}</summary>
      <p class="muted">
        In each phase (and each bullet) the side that won this round's initiative acts first, then the other; the tracker's order is who acts within it. Reactions may
        interrupt at any point.
      </p>
      <ol class="phase-list">
        {INITIATIVE_PHASES.map((p) => (
          <li key={p.id}>
            <strong>{p.label}</strong> <span class="muted">{p.description}</span>
            {p.phase === 1 ? <span class="muted"> Morale test: the checks under the dice tray (a d20 under the leader's CHA).</span> : null}
            {p.bullets.length > 0 ? <span class="muted"> In order: {p.bullets.map((b) => b.label).join(', ')}.</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
