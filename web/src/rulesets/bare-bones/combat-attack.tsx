/**
 * The Bare Bones exchange of one combatant (lazy chunk): a target, melee or missile, the weapon's
 * weight and kind, a relevant skill, and the exact odds before the click (each outcome, any hit, the
 * target down, the damage), then the `combat` action `attack`: the server rolls both tests and the
 * damage and writes Blood and Sweat on the character.
 */
import { useMemo, useState } from 'preact/hooks';
import { attackTargets, defaultTarget } from '../../lib/combat-view.js';
import { oneClick, useAction } from '../../ui/use-action.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS, type WeaponKindId, type WeaponWeightId } from '../../../../src/rules/bare-bones/data/weapons.js';
import type { AttackMode, BareBonesAttackOptions } from '../../../../src/rules/bare-bones/table/tracker-attack.js';
import type { CombatAttackProps } from '../types.js';
import { percent, previewAttack } from './attack-preview.js';

const MISSILE_KINDS = WEAPON_KINDS.filter((k) => k.isMissile);
const MELEE_KINDS = WEAPON_KINDS.filter((k) => !k.isMissile);

/** The Attack control of one combatant. */
export function AttackControl(props: CombatAttackProps) {
  const { attacker: a } = props;
  const targets = attackTargets(a, props.combatants);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [mode, setMode] = useState<AttackMode>('melee');
  const [weight, setWeight] = useState<WeaponWeightId | ''>('');
  const [kind, setKind] = useState<WeaponKindId | ''>('');
  const [skill, setSkill] = useState(false);
  const attack = useAction(async (action: BareBonesAttackOptions & { type: 'attack'; attackerId: string; targetId: string }) => {
    if (!(await props.act({ ...action }))) throw new Error('refused');
  });
  const target = defaultTarget(a, props.combatants, pickedId);
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
  if (targets.length === 0 || target === undefined) return null;
  const base = `atk-${a.id}`;
  const canSend = preview !== null && (preview.ok || preview.isHidden === true);
  const isMonster = a.characterId === null;
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
          </option>
        ))}
      </select>
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
      <button type="submit" class="primary" disabled={attack.isBusy || !canSend} onClick={oneClick()}>
        {attack.isBusy ? 'Attacking…' : 'Attack'}
      </button>
      {preview === null ? null : preview.ok ? (
        <p class="attack-odds" id={`${base}-odds`}>
          Hit <strong>{percent(preview.hit)}</strong> · critical hit {percent(preview.outcomes.find((o) => o.outcome === 'critical-hit')?.p ?? 0)} · {target.name} down <strong>{percent(preview.down)}</strong> · damage {preview.meanDamage.toFixed(1)} on average
          <br />
          <span class="muted">
            {preview.outcomes
              .filter((o) => o.outcome !== 'critical-hit' && o.outcome !== 'hit' && o.p > 0)
              .map((o) => `${o.label} ${percent(o.p)}`)
              .join(' · ')}
            {preview.attackerNatural20 > 0 ? ` · ${mode === 'melee' ? 'weapon notched' : 'bowstring snaps'} ${percent(preview.attackerNatural20)}` : ''}
          </span>
        </p>
      ) : (
        <p class={`attack-odds muted${preview.isHidden === true ? ' odds-hidden' : ''}`} id={`${base}-odds`}>
          {preview.message}
        </p>
      )}
    </form>
  );
}
