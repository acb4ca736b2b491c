/**
 * The Exalted Hack's one-click attack for one combatant (lazy chunk). A character attacks a foe: the
 * target, the attribute, the weapon's damage die and category, untrained, magical damage. A foe attacks
 * a character: the target and how the character defends (dodge, parry, shield, off guard); the
 * character's own row offers that defence too, for its player to roll. The exact odds show before the click (attack-preview.ts), then the `combat` action `attack`: the server rolls
 * the d20 and the damage (ruling EH-35).
 */
import { useMemo, useState } from 'preact/hooks';
import { foeTargets } from '../../lib/combat-view.js';
import { AttackFrame, attackOdds, useAttackAction, useAttackTargets } from '../../ui/combat-attack-frame.js';
import type { CombatAttackProps } from '../types.js';
import { percent, previewAttack } from './attack-preview.js';

const ATTRIBUTES = [
  { id: 'str', label: 'STR (melee, thrown)' },
  { id: 'dex', label: 'DEX (bows, precise)' },
  { id: 'int', label: 'INT (magic)' },
  { id: 'wis', label: 'WIS (magic)' },
  { id: 'cha', label: 'CHA (magic)' },
] as const;
const DEFENCES = [
  { id: 'dex', label: 'Dodge with DEX' },
  { id: 'str', label: 'Parry with STR' },
  { id: 'con', label: 'Dodge behind a shield (CON)' },
  { id: 'off-guard', label: 'Off guard (no roll)' },
] as const;
const DICE = [4, 6, 8, 10, 12] as const;
const WEAPONS = [
  { id: 'light', label: 'Light' },
  { id: 'martial', label: 'Martial (+1)' },
  { id: 'heavy', label: 'Heavy (+2)' },
] as const;

/** The Attack control of one combatant. */
export function AttackControl(props: CombatAttackProps) {
  const a = props.attacker;
  const isCharacter = a.characterId !== null;
  // A character attacks foes; a foe attacks characters (the tracker rolls no PVP or NVN), never its own side.
  const targets = foeTargets(a, props.combatants).filter((t) => (t.characterId !== null) !== isCharacter);
  const [attribute, setAttribute] = useState('str');
  const [die, setDie] = useState(6);
  const [weapon, setWeapon] = useState('light');
  const [untrained, setUntrained] = useState(false);
  const [magical, setMagical] = useState(false);
  const [defence, setDefence] = useState('dex');
  const attack = useAttackAction<{ type: 'attack'; attackerId: string; targetId: string }>(props.act);
  const { target, frame } = useAttackTargets(a, targets, props.offTurn);
  const options = isCharacter
    ? { attribute, die, weapon, ...(untrained ? { untrained: true } : {}), ...(magical ? { magical: true } : {}) }
    : { defence };
  const preview = useMemo(
    () => (target === undefined ? null : previewAttack(props.combat, props.characters, a.id, target.id, options as never)),
    [props.combat, props.characters, a.id, target?.id, attribute, die, weapon, untrained, magical, defence],
  );
  const base = frame.idBase;
  return (
    <>
      <AttackFrame
        {...frame}
        isBusy={attack.isBusy}
        canSend={preview !== null && preview.ok}
        onSend={(t) => void attack.run({ type: 'attack', attackerId: a.id, targetId: t.id, ...options })}
        odds={attackOdds(preview, (p) => (
          <>
            {p.mode === 'attack' ? (
              <>
                Hit <strong>{percent(p.main)}</strong> · crit {percent(p.crit)}
              </>
            ) : (
              <>
                {target?.name} defends <strong>{percent(p.main)}</strong>
              </>
            )}
            {p.down !== null ? (
              <>
                {' '}
                · damage {p.mean.toFixed(1)} on average · {target?.name} down <strong>{percent(p.down)}</strong>
              </>
            ) : (
              <> · its armour and HP are the DM's</>
            )}
            <br />
            <span class="muted">{p.description}</span>
          </>
        ))}
      >
        {isCharacter ? (
          <>
            <label for={`${base}-attribute`} class="sr-only">
              Attribute rolled
            </label>
            <select id={`${base}-attribute`} value={attribute} onChange={(e) => setAttribute(e.currentTarget.value)}>
              {ATTRIBUTES.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.label}
                </option>
              ))}
            </select>
            <label for={`${base}-die`} class="sr-only">
              Damage die
            </label>
            <select id={`${base}-die`} value={String(die)} onChange={(e) => setDie(Number(e.currentTarget.value))}>
              {DICE.map((d) => (
                <option key={d} value={String(d)}>
                  d{d} damage
                </option>
              ))}
            </select>
            <label for={`${base}-weapon`} class="sr-only">
              Weapon
            </label>
            <select id={`${base}-weapon`} value={weapon} onChange={(e) => setWeapon(e.currentTarget.value)}>
              {WEAPONS.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.label}
                </option>
              ))}
            </select>
            <label class="check">
              <input type="checkbox" checked={untrained} onChange={(e) => setUntrained(e.currentTarget.checked)} /> Untrained
            </label>
            <label class="check">
              <input type="checkbox" checked={magical} onChange={(e) => setMagical(e.currentTarget.checked)} /> Magical
            </label>
          </>
        ) : (
          <>
            <label for={`${base}-defence`} class="sr-only">
              {target?.name}'s defence
            </label>
            <select id={`${base}-defence`} value={defence} onChange={(e) => setDefence(e.currentTarget.value)}>
              {DEFENCES.map((d) => (
                <option key={d.id} value={d.id}>
                  {target?.name}: {d.label}
                </option>
              ))}
            </select>
          </>
        )}
      </AttackFrame>
      {isCharacter ? <DefendControl {...props} /> : null}
    </>
  );
}

/**
 * A character's defence against a foe's attack: the player rolls it (ruling EH-35), with the odds
 * first, on the foe's turn as much as their own (a defence is not an attack).
 */
function DefendControl(props: CombatAttackProps) {
  const a = props.attacker;
  const foes = props.combatants.filter((c) => c.characterId === null && !c.isDown && c.side !== a.side);
  const [defence, setDefence] = useState('dex');
  const defend = useAttackAction<{ type: 'attack'; attackerId: string; targetId: string; defence: string }>(props.act);
  const { target: foe, frame } = useAttackTargets(a, foes);
  const preview = useMemo(
    () => (foe === undefined ? null : previewAttack(props.combat, props.characters, foe.id, a.id, { defence } as never)),
    [props.combat, props.characters, a.id, foe?.id, defence],
  );
  // Nothing to defend against: the Attack control above already says no one is left.
  if (foe === undefined) return null;
  const base = `def-${a.id}`;
  return (
    <AttackFrame
      {...frame}
      idBase={base}
      formLabel={`${a.name} defends`}
      lead={`${a.name} defends against`}
      isBusy={defend.isBusy}
      canSend={preview !== null && preview.ok}
      submit={{ label: 'Defend', busy: 'Defending…', isPrimary: false }}
      onSend={(f) => void defend.run({ type: 'attack', attackerId: f.id, targetId: a.id, defence })}
      odds={attackOdds(preview, (p) => (
        <>
          {a.name} defends <strong>{percent(p.main)}</strong>
          {p.down !== null ? (
            <>
              {' '}
              · damage {p.mean.toFixed(1)} on average · {a.name} down <strong>{percent(p.down)}</strong>
            </>
          ) : (
            <> · its damage is the DM's</>
          )}
        </>
      ))}
    >
      <label for={`${base}-defence`} class="sr-only">
        How {a.name} defends
      </label>
      <select id={`${base}-defence`} value={defence} onChange={(e) => setDefence(e.currentTarget.value)}>
        {DEFENCES.map((d) => (
          <option key={d.id} value={d.id}>
            {d.label}
          </option>
        ))}
      </select>
    </AttackFrame>
  );
}
