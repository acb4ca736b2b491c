/**
 * The "with <weapon>" choice of a tracker attack form (the plain attack and the Tactical Attack): shown
 * only when the character has more than one weapon; the empty value is the first, the character's usual one.
 */
import type { WeaponChoice } from './attack-preview.js';

/** Props: the control's id, the weapons, the chosen id ('' for the first) and what to do on a change. */
export interface WeaponSelectProps {
  readonly id: string;
  readonly weapons: readonly WeaponChoice[];
  readonly value: string;
  readonly onChange: (weaponId: string) => void;
}

/** The weapon choice, or nothing when there is no choice to make. */
export function WeaponSelect({ id, weapons, value, onChange }: WeaponSelectProps) {
  if (weapons.length <= 1) return null;
  return (
    <>
      <label for={id}>with</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{weapons[0]!.label}</option>
        {weapons.slice(1).map((w) => (
          <option key={w.id} value={w.id}>
            {w.label}
          </option>
        ))}
      </select>
    </>
  );
}
