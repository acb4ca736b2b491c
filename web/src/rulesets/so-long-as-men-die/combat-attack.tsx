/**
 * So Long as Men Die's one-click attack for one combatant (lazy chunk): a target, the weapon in hand
 * (a character's), the target's choice should it make the CON save, the exact odds before the click,
 * then the `combat` action `attack`: the server rolls the Attack Roll, Defense, Toughness and the save.
 */
import { useMemo, useState } from 'preact/hooks';
import { attackTargets, defaultTarget } from '../../lib/combat-view.js';
import { oneClick, useAction } from '../../ui/use-action.js';
import type { CombatAttackProps } from '../types.js';
import { formatChance as percent } from '../../lib/tray.js';
import { heldWeapons, previewSlamdAttack } from './attack-preview.js';

/** The Attack control of one combatant. */
export function SlamdAttackControl(props: CombatAttackProps) {
  const { attacker: a } = props;
  const targets = attackTargets(a, props.combatants);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [weaponId, setWeaponId] = useState('');
  const [choice, setChoice] = useState<'unconscious' | 'mutilated'>('unconscious');
  const attack = useAction(async (action: { type: 'attack'; attackerId: string; targetId: string; weaponId?: string; choice?: string }) => {
    if (!(await props.act({ ...action }))) throw new Error('refused');
  });
  const character = a.characterId === null ? undefined : props.characters.find((x) => x.id === a.characterId);
  const weapons = useMemo(() => heldWeapons(character), [character]);
  const target = defaultTarget(a, props.combatants, pickedId);
  const options = { ...(weaponId !== '' ? { weaponId } : {}), ...(choice !== 'unconscious' ? { choice } : {}) };
  const preview = useMemo(
    () => (target ? previewSlamdAttack(props.combat, props.characters, a.id, target.id, options, props.settings) : null),
    [props.combat, props.characters, props.settings, a.id, target?.id, weaponId, choice],
  );
  if (targets.length === 0 || target === undefined) return null;
  const base = `atk-${a.id}`;
  const canSend = preview !== null && (preview.ok || preview.isHidden === true);
  return (
    <form
      class="attack"
      aria-label={`Attack with ${a.name}`}
      aria-busy={attack.isBusy ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSend) return;
        void attack.run({ type: 'attack', attackerId: a.id, targetId: target.id, ...options });
      }}
    >
      <label for={`${base}-target`}>{a.name} attacks</label>
      <select id={`${base}-target`} value={target.id} onChange={(e) => setPickedId(e.currentTarget.value)}>
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.side === a.side ? ' (own side)' : ''}
          </option>
        ))}
      </select>
      {weapons.length > 1 ? (
        <>
          <label for={`${base}-weapon`} class="sr-only">
            Weapon
          </label>
          <select id={`${base}-weapon`} value={weaponId} onChange={(e) => setWeaponId(e.currentTarget.value)}>
            <option value="">{weapons[0]!.label} (in hand)</option>
            {weapons.slice(1).map((w) => (
              <option key={w.id} value={w.id}>
                {w.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label for={`${base}-choice`}>If {target.name} makes the CON save</label>
      <select id={`${base}-choice`} value={choice} onChange={(e) => setChoice(e.currentTarget.value === 'mutilated' ? 'mutilated' : 'unconscious')}>
        <option value="unconscious">falls unconscious</option>
        <option value="mutilated">stays up, mutilated</option>
      </select>
      <button type="submit" class="primary" disabled={attack.isBusy || !canSend} onClick={oneClick()}>
        {attack.isBusy ? 'Attacking…' : 'Attack'}
      </button>
      {preview === null ? null : preview.ok ? (
        <p class="attack-odds" id={`${base}-odds`}>
          Past Defense <strong>{percent(preview.pastDefense)}</strong> · past Toughness <strong>{percent(preview.pastToughness)}</strong> · {target.name} down{' '}
          <strong>{percent(preview.down)}</strong> · killed {percent(preview.dead)}
          <br />
          <span class="muted">{preview.description}</span>
          <br />
          <span class="muted">{preview.outcomes.map((o) => `${o.label} ${percent(o.p)}`).join(' · ')}</span>
        </p>
      ) : (
        <p class={`attack-odds muted${preview.isHidden === true ? ' odds-hidden' : ''}`} id={`${base}-odds`}>
          {preview.message}
        </p>
      )}
    </form>
  );
}
