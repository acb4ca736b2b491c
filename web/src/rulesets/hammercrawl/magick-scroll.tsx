/**
 * Casting from a scroll on a HAMMERCRAWL! sheet: anyone who reads its language may try. The odds of the
 * INT Test (Dedicated one step better, non-casters against the INT half-stat) and of each row of the d100
 * failure table show before the click, declared as a Feat or not (the Feat Die of the reader's level added,
 * MG-11); the server reads the reader from the character.
 * Rules: HAMMERCRAWL! v4, MAGICK, Scrolls and Other Single-Use Magicks. Rulings: docs/rulings.md (MG-10).
 */
import { useState } from 'preact/hooks';
import { oneClick } from '../../ui/use-action.js';
import { scrollOdds } from './magick-view.js';
import type { TableMagickCommand } from './wire.js';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const FAILURE_LABELS: Record<string, string> = { fizzle: 'fizzle', backfire: 'backfire', wild: 'wild effect' };
const READERS: Record<string, string> = { dedicated: 'Dedicated caster: INT, one step better', dabbler: 'INT', 'non-caster': 'not a caster: INT half-stat' };

export interface ScrollFormProps {
  readonly document: Readonly<Record<string, unknown>>;
  readonly base: string;
  readonly busy: boolean;
  readonly send: (command: TableMagickCommand) => Promise<boolean>;
  readonly onError: (message: string) => void;
}

/** The scroll form: the spell's name, whether the reader knows the language, the odds, and the click. */
export function ScrollForm(props: ScrollFormProps) {
  const { document, base, busy, send, onError } = props;
  const [spell, setSpell] = useState('');
  const [canRead, setCanRead] = useState(true);
  const [feat, setFeat] = useState(false);
  const odds = scrollOdds(document, canRead, feat);
  return (
    <form
      class="row scroll"
      aria-label="Cast from a scroll"
      onSubmit={async (e) => {
        e.preventDefault();
        const name = spell.trim();
        if (!name) return onError('Name the scroll’s spell.');
        if (await send({ kind: 'read-scroll', spell: name, ...(canRead ? {} : { canReadLanguage: false }), ...(feat ? { feat: true } : {}) })) setSpell('');
      }}
    >
      <div class="field">
        <label for={`${base}-scroll`}>Scroll of</label>
        <input id={`${base}-scroll`} value={spell} maxLength={60} autoComplete="off" onInput={(e) => setSpell(e.currentTarget.value)} />
      </div>
      <label>
        <input type="checkbox" checked={canRead} onChange={(e) => setCanRead(e.currentTarget.checked)} /> reads its language
      </label>
      <label title="Declared before the roll: the reader's Feat Die is added to the INT Test (MG-11)">
        <input type="checkbox" checked={feat} onChange={(e) => setFeat(e.currentTarget.checked)} /> as a Feat
      </label>
      {odds.ok ? (
        <span class="cast-odds scroll-odds">
          It goes off: <strong>{pct(odds.success)}</strong>{' '}
          <span class="muted">
            ({READERS[odds.reader] ?? odds.reader}; {odds.failures.map((f) => `${FAILURE_LABELS[f.kind] ?? f.kind} ${pct(f.p)}`).join(', ')})
          </span>
        </span>
      ) : (
        <span class="muted">{odds.message}</span>
      )}
      <button type="submit" disabled={busy || !odds.ok} onClick={oneClick()}>
        Read the scroll
      </button>
    </form>
  );
}
