/**
 * The encumbrance section of a HAMMERCRAWL! sheet (lazy chunk): Stow slots used of the base and each
 * bag's, hands, what is worn, and any inventory rule broken (INVENTORY, the Easy Way).
 */
import { useMemo } from 'preact/hooks';
import type { SheetPanelProps } from '../types.js';
import { encumbranceView } from './encumbrance-view.js';

/** Encumbrance and bags on the sheet. */
export function EncumbrancePanel({ character }: SheetPanelProps) {
  const view = useMemo(() => encumbranceView(character.document), [character.document]);
  const base = `encumbrance-${character.id}`;
  if (!view.ok) return null;
  return (
    <section class="encumbrance" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>Encumbrance</h3>
      <p>
        Stow slots <strong>{view.slots.used}</strong> of {view.slots.capacity} used (base {view.slots.base}
        {view.bags.map((b) => `, ${b.label} +${b.slots}`).join('')}); hands {view.hands.used} of {view.hands.of}; worn{' '}
        {view.worn.length > 0 ? view.worn.join(', ') : 'nothing'}
      </p>
      {view.problems.length > 0 && (
        <ul class="error">
          {view.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
