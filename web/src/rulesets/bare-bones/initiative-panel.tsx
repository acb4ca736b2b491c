/**
 * The Bare Bones initiative in the tracker (the Smith's): the round's WIS saves with the side that
 * ambushed named, whose members act first every round and deal their first round's damage to Blood.
 * Sent as the `combat` action `initiative` (src/rules/bare-bones/table/extension.ts). Its button is the
 * tracker's only Roll initiative (`rollsInitiative`): the generic one would roll without the ambush.
 */
import { useState } from 'preact/hooks';
import { oneClick, useAction, ActionError } from '../../ui/use-action.js';
import type { CombatPanelProps } from '../types.js';
import { AMBUSHER } from '../../../../src/rules/bare-bones/table/tracker-attack.js';

type Ambush = '' | 'party' | 'foes';

/** The initiative panel. */
export function InitiativePanel(props: CombatPanelProps) {
  const marked = props.combatants.find((c) => c.conditions.includes(AMBUSHER))?.side ?? '';
  const [ambush, setAmbush] = useState<Ambush | null>(null);
  const chosen: Ambush = ambush ?? marked;
  const roll = useAction(async () => {
    if (!(await props.act({ type: 'initiative', ambushers: chosen === '' ? null : chosen }))) throw new Error('refused');
  });
  if (!props.isSmith || props.combatants.length === 0) return null;
  const rollers = props.combatants.filter((c) => c.side !== 'foes' && c.side !== chosen);
  return (
    <section class="bb-initiative" aria-label="Initiative (The Bare Bones)">
      <div class="row">
        <label for="bb-ambush">Surprise</label>
        <select id="bb-ambush" value={chosen} onChange={(e) => setAmbush(e.currentTarget.value as Ambush)}>
          <option value="">No ambush</option>
          <option value="party">The party ambushes</option>
          <option value="foes">The foes ambush</option>
        </select>
        <button type="button" disabled={roll.isBusy} aria-describedby="bb-initiative-odds" onClick={oneClick(() => void roll.run())}>
          Roll initiative
        </button>
      </div>
      <p class="muted" id="bb-initiative-odds">
        {rollers.length === 0 ? 'No one saves this round: ' : `${rollers.map((c) => c.name).join(', ')}: each passes a WIS save on a d20 under WIS, (WIS − 1) in 20 (WIS 12: 55%), and acts before the foes; a failure acts after. `}
        {chosen === '' ? 'The foes do not roll.' : `${chosen === 'party' ? 'The party' : 'The foes'} ambushed: they act first every round without rolling, and their first round's damage goes straight to Blood.`}
      </p>
      <ActionError action={roll} />
    </section>
  );
}
