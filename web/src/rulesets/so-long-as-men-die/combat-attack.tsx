/**
 * So Long as Men Die's one-click attack for one combatant (lazy chunk): a target, the weapon in hand
 * (a character's), the target's choice should it make the CON save, the exact odds before the click,
 * then the `combat` action `attack`: the server rolls the Attack Roll, Defense, Toughness and the save.
 */
import { useMemo, useState } from 'preact/hooks';
import { foeTargets } from '../../lib/combat-view.js';
import { AttackFrame, attackOdds, canSendPreview, useAttackAction, useAttackTargets } from '../../ui/combat-attack-frame.js';
import type { CombatAttackProps } from '../types.js';
import { formatChance as percent } from '../../lib/tray.js';
import { heldWeapons, previewSlamdAttack } from './attack-preview.js';

/** The Attack control of one combatant: foes only (the text gives no attack on one's own side). */
export function SlamdAttackControl(props: CombatAttackProps) {
  const { attacker: a } = props;
  const targets = foeTargets(a, props.combatants);
  const [weaponId, setWeaponId] = useState('');
  const [choice, setChoice] = useState<'unconscious' | 'mutilated'>('unconscious');
  const attack = useAttackAction<{ type: 'attack'; attackerId: string; targetId: string; weaponId?: string; choice?: string }>(props.act);
  const character = a.characterId === null ? undefined : props.characters.find((x) => x.id === a.characterId);
  const weapons = useMemo(() => heldWeapons(character), [character]);
  const { target, frame } = useAttackTargets(a, targets, props.offTurn);
  const options = { ...(weaponId !== '' ? { weaponId } : {}), ...(choice !== 'unconscious' ? { choice } : {}) };
  const preview = useMemo(
    () => (target ? previewSlamdAttack(props.combat, props.characters, a.id, target.id, options, props.settings) : null),
    [props.combat, props.characters, props.settings, a.id, target?.id, weaponId, choice],
  );
  const base = frame.idBase;
  return (
    <AttackFrame
      {...frame}
      isBusy={attack.isBusy}
      canSend={canSendPreview(preview)}
      onSend={(t) => void attack.run({ type: 'attack', attackerId: a.id, targetId: t.id, ...options })}
      odds={attackOdds(preview, (p) => (
        <>
          Past Defense <strong>{percent(p.pastDefense)}</strong> · past Toughness <strong>{percent(p.pastToughness)}</strong> · {target?.name} down{' '}
          <strong>{percent(p.down)}</strong> · killed {percent(p.dead)}
          <br />
          <span class="muted">{p.description}</span>
          <br />
          <span class="muted">{p.outcomes.map((o) => `${o.label} ${percent(o.p)}`).join(' · ')}</span>
        </>
      ))}
    >
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
      {target !== undefined ? (
        <>
          <label for={`${base}-choice`}>If {target.name} makes the CON save</label>
          <select id={`${base}-choice`} value={choice} onChange={(e) => setChoice(e.currentTarget.value === 'mutilated' ? 'mutilated' : 'unconscious')}>
            <option value="unconscious">falls unconscious</option>
            <option value="mutilated">stays up, mutilated</option>
          </select>
        </>
      ) : null}
    </AttackFrame>
  );
}
