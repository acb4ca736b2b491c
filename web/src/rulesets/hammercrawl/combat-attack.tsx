/**
 * HAMMERCRAWL!'s one-click attack for one combatant (lazy chunk): a target (and a weapon when the
 * character has several), a called shot, a Feat, a throw, the exact odds before the click (hit, crit,
 * target down, likeliest Health and Armour after; a Total Defense or a covering Tank named), then the
 * `combat` action `attack`: the server rolls attack, damage and soak. The combatant's other actions
 * (Tactical Attack, Total Defense, damage that is not an attack...) follow (combat-actions.tsx).
 */
import { useMemo, useState } from 'preact/hooks';
import { attackTargets, type Combatant } from '../../lib/combat-view.js';
import { AttackFrame, attackOdds, canSendPreview, useAttackAction, useAttackTargets } from '../../ui/combat-attack-frame.js';
import { featOfferOf, percent, previewAttack, weaponsOf } from './attack-preview.js';
import { WeaponSelect } from './weapon-select.js';
import type { TableCharacter } from '../../lib/protocol.js';
import type { CombatAttackProps } from '../types.js';
import type { TrackerAttackAction } from './wire.js';
import { CombatActions } from './combat-actions.js';

export interface AttackControlProps {
  /** The table's settings (its combat rulings change the odds). */
  readonly settings?: Readonly<Record<string, string | number | boolean>>;
  readonly attacker: Combatant;
  readonly combatants: readonly Combatant[];
  /** The server's tracker as received (what `trackerAttack` reads). */
  readonly combat: unknown;
  readonly characters: readonly TableCharacter[];
  readonly act: CombatAttackProps['act'];
  /** The viewer is the Smith (damage that is not an attack is the Smith's). */
  readonly isSmith?: boolean;
  /** Why the viewer may not attack now (`CombatAttackProps.offTurn`), or null. */
  readonly offTurn?: string | null;
}

/** The Attack control of one combatant. */
export function AttackControl(props: AttackControlProps) {
  const { attacker: a } = props;
  const targets = attackTargets(a, props.combatants);
  const [weaponId, setWeaponId] = useState<string>('');
  const [feat, setFeat] = useState(false);
  const [calledShot, setCalledShot] = useState(0);
  const [thrown, setThrown] = useState(false);
  const [opportune, setOpportune] = useState(false);
  // One click, one attack: a second click while the first is in flight is ignored.
  const attack = useAttackAction<TrackerAttackAction>(props.act);
  const character = a.characterId === null ? undefined : props.characters.find((x) => x.id === a.characterId);
  const weapons = useMemo(() => weaponsOf(character), [character]);
  // What the player picked, while it stands; else the first foe (taken up as foes are added or fall).
  const { target, frame } = useAttackTargets(a, targets, props.offTurn);
  // The Feat only where the class grants it (an Opportunist's against a foe hampered, distracted or unaware) and the table plays the Feat Die (CB-46, H-25).
  const featOffer = useMemo(() => featOfferOf(character, props.settings ?? {}), [character, props.settings]);
  // Until the player picks one, the first weapon the rules can resolve (a crossbow needs the Smith's Harm Dice).
  const usable = useMemo(
    () => (target === undefined ? undefined : weapons.find((w) => previewAttack(props.combat, props.characters, a.id, target.id, { weaponId: w.id }, props.settings ?? {}).ok)),
    [weapons, props.combat, props.characters, props.settings, a.id, target?.id],
  );
  const chosen = weaponId !== '' ? weaponId : usable !== undefined && usable.id !== weapons[0]?.id ? usable.id : '';
  const options = { ...(chosen !== '' ? { weaponId: chosen } : {}), ...(feat && featOffer !== 'never' ? { feat: true, ...(featOffer === 'opportune' && opportune ? { opportune: true } : {}) } : {}), ...(calledShot > 0 ? { calledShot } : {}), ...(thrown ? { thrown: true } : {}) };
  const preview = useMemo(
    () => (target ? previewAttack(props.combat, props.characters, a.id, target.id, options, props.settings ?? {}) : null),
    [props.combat, props.characters, props.settings, a.id, target?.id, chosen, feat, opportune, featOffer, calledShot, thrown],
  );
  if (targets.length === 0 || target === undefined) return <CombatActions {...props} />;
  const base = frame.idBase;
  return (
    <>
      <AttackFrame
        {...frame}
        target={target}
        isBusy={attack.isBusy}
        canSend={canSendPreview(preview)}
        onSend={(t) => void attack.run({ type: 'attack', attackerId: a.id, targetId: t.id, ...options } satisfies TrackerAttackAction)}
        odds={attackOdds(preview, (p) => (
          <>
            {p.note !== undefined ? <>{p.note} </> : null}
            Hit <strong>{percent(p.hit)}</strong> · crit {percent(p.crit)} · {target.name} down <strong>{percent(p.down)}</strong>
            <br />
            <span class="muted">Likeliest after: {p.likeliest.map((o) => `${o.text} ${percent(o.p)}`).join(' · ')}</span>
          </>
        ))}
      >
        <WeaponSelect id={`${base}-weapon`} weapons={weapons} value={chosen} onChange={setWeaponId} />
        <label for={`${base}-called`} class="sr-only">
          Called shot
        </label>
        <select id={`${base}-called`} value={String(calledShot)} onChange={(e) => setCalledShot(Number(e.currentTarget.value))}>
          <option value="0">No called shot</option>
          <option value="1">Called shot (1 step)</option>
          <option value="2">Called shot, hard (2 steps)</option>
          <option value="3">Called shot, very hard (3 steps)</option>
        </select>
        {featOffer !== 'never' ? (
          <label class="check">
            <input type="checkbox" checked={feat} onChange={(e) => setFeat(e.currentTarget.checked)} /> Feat
          </label>
        ) : null}
        {featOffer === 'opportune' && feat ? (
          <label class="check" title="Opportunist: a Feat against a foe hampered, distracted or unaware of your position">
            <input type="checkbox" checked={opportune} onChange={(e) => setOpportune(e.currentTarget.checked)} /> Foe hampered, distracted or unaware
          </label>
        ) : null}
        {a.characterId !== null ? (
          <label class="check">
            <input type="checkbox" checked={thrown} onChange={(e) => setThrown(e.currentTarget.checked)} /> Thrown
          </label>
        ) : null}
      </AttackFrame>
      <CombatActions {...props} />
    </>
  );
}
