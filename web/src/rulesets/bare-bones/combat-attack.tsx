/**
 * The Bare Bones exchange of one combatant (lazy chunk): a target, melee or missile, the weapon's
 * weight and kind, a relevant skill, and the exact odds before the click (each outcome, any hit, the
 * target down, the damage), then the `combat` action `attack`: the server rolls both tests and the
 * damage and writes Blood and Sweat on the character.
 */
import { useMemo, useState } from 'preact/hooks';
import { foeTargets } from '../../lib/combat-view.js';
import { AttackFrame, attackOdds, canSendPreview, useAttackAction, useAttackTargets } from '../../ui/combat-attack-frame.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS, type WeaponKindId, type WeaponWeightId } from '../../../../src/rules/bare-bones/data/weapons.js';
import type { AttackMode, BareBonesAttackOptions } from '../../../../src/rules/bare-bones/table/tracker-attack.js';
import type { CombatAttackProps } from '../types.js';
import { percent, previewAttack } from './attack-preview.js';

const MISSILE_KINDS = WEAPON_KINDS.filter((k) => k.isMissile);
const MELEE_KINDS = WEAPON_KINDS.filter((k) => !k.isMissile);

/** The Attack control of one combatant: foes only (the text gives no blow at one's own side). */
export function AttackControl(props: CombatAttackProps) {
  const { attacker: a } = props;
  const targets = foeTargets(a, props.combatants);
  const [mode, setMode] = useState<AttackMode>('melee');
  const [weight, setWeight] = useState<WeaponWeightId | ''>('');
  const [kind, setKind] = useState<WeaponKindId | ''>('');
  const [skill, setSkill] = useState(false);
  const attack = useAttackAction<BareBonesAttackOptions & { type: 'attack'; attackerId: string; targetId: string }>(props.act);
  const { target, frame } = useAttackTargets(a, targets, props.offTurn);
  const kinds = mode === 'missile' ? MISSILE_KINDS : MELEE_KINDS;
  const chosenKind = kind !== '' && kinds.some((k) => k.id === kind) ? kind : mode === 'missile' ? 'bow' : '';
  const options: BareBonesAttackOptions = {
    mode,
    ...(weight !== '' && mode === 'melee' ? { weight } : {}),
    ...(chosenKind !== '' ? { kind: chosenKind } : {}),
    ...(skill ? { skill: true } : {}),
  };
  const preview = useMemo(
    () => (target ? previewAttack(props.combat, props.characters, a.id, target.id, options, props.settings) : null),
    [props.combat, props.characters, props.settings, a.id, target?.id, mode, weight, chosenKind, skill],
  );
  const base = frame.idBase;
  const isMonster = a.characterId === null;
  return (
    <AttackFrame
      {...frame}
      isBusy={attack.isBusy}
      canSend={canSendPreview(preview)}
      onSend={(t) => void attack.run({ type: 'attack', attackerId: a.id, targetId: t.id, ...options })}
      odds={attackOdds(preview, (p) => (
        <>
          Hit <strong>{percent(p.hit)}</strong> · critical hit {percent(p.outcomes.find((o) => o.outcome === 'critical-hit')?.p ?? 0)} · {target?.name} down <strong>{percent(p.down)}</strong> · damage{' '}
          {p.meanDamage.toFixed(1)} on average
          <br />
          <span class="muted">
            {p.outcomes
              .filter((o) => o.outcome !== 'critical-hit' && o.outcome !== 'hit' && o.p > 0)
              .map((o) => `${o.label} ${percent(o.p)}`)
              .join(' · ')}
            {p.attackerNatural20 > 0 ? ` · ${mode === 'melee' ? 'weapon notched' : 'bowstring snaps'} ${percent(p.attackerNatural20)}` : ''}
          </span>
        </>
      ))}
    >
      <label for={`${base}-mode`} class="sr-only">
        Melee or missile
      </label>
      <select id={`${base}-mode`} value={mode} onChange={(e) => setMode(e.currentTarget.value === 'missile' ? 'missile' : 'melee')}>
        <option value="melee">Melee</option>
        <option value="missile">Missile</option>
      </select>
      {mode === 'melee' ? (
        <>
          <label for={`${base}-weight`} class="sr-only">
            Weapon weight
          </label>
          <select id={`${base}-weight`} value={weight} onChange={(e) => setWeight(e.currentTarget.value as WeaponWeightId | '')}>
            <option value="">{isMonster ? "Its line's weapon" : 'Medium weapon (d8)'}</option>
            {WEAPON_WEIGHTS.map((w) => (
              <option key={w.id} value={w.id}>
                {w.label} ({w.damage.count === 1 ? '' : w.damage.count}d{w.damage.sides})
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label for={`${base}-kind`} class="sr-only">
        Weapon kind
      </label>
      <select id={`${base}-kind`} value={chosenKind} onChange={(e) => setKind(e.currentTarget.value as WeaponKindId | '')}>
        {mode === 'melee' ? <option value="">{isMonster ? "Its line's kind" : 'No special kind'}</option> : null}
        {kinds.map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
      <label class="check">
        <input type="checkbox" checked={skill} onChange={(e) => setSkill(e.currentTarget.checked)} /> Skill +2
      </label>
    </AttackFrame>
  );
}
