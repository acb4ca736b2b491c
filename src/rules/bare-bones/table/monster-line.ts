/**
 * The Smith's line for a Bare Bones monster in the combat tracker: the numbers a melee or missile
 * exchange needs, written `str=12,dex=10,ac=11,blood=8,sweat=3,weapon=medium`. The text gives monsters
 * no stat block, so the line holds what a character sheet would (Live by the Sword: Melee, Missiles,
 * Armor, Weapons; Die by the Sword); ruling BB-38.
 */
import { ok, problem, type RuleResult } from '../../rule-system.js';
import { MAX_ATTRIBUTE_SCORE } from '../attributes.js';
import { MAX_ARMOUR_CLASS } from '../check-kinds.js';
import { MAX_DAMAGE } from '../blood-and-sweat.js';
import { ARMOUR_IDS, SHIELD, armour, type ArmourId } from '../data/armour.js';
import { WEAPON_KINDS, WEAPON_WEIGHTS, type WeaponKindId, type WeaponWeightId } from '../data/weapons.js';

/** Longest monster line. */
export const MAX_MONSTER_LINE_LENGTH = 200;

/**
 * A monster as the tracker's attacks read it.
 * @example { str: 12, dex: 10, ac: 11, armour: 'medium', hasShield: false, blood: 8, sweat: 3, weight: 'medium', kind: 'other', isTwoHanded: false }
 */
export interface BareBonesMonster {
  readonly str?: number;
  readonly dex?: number;
  /** Armor Class: given, or worked out from `armour` and `shield` (Armor). */
  readonly ac: number;
  /** What a missile's -2 reads (Missiles). */
  readonly armour: ArmourId;
  readonly hasShield: boolean;
  /** Blood and Sweat when the line gives them (the tracker's Health is filled from them). */
  readonly blood?: number;
  readonly sweat?: number;
  readonly weight: WeaponWeightId;
  readonly kind: WeaponKindId;
  readonly isTwoHanded: boolean;
}

/** Every key of a monster line, for help and errors. */
export const MONSTER_KEYS = ['str', 'dex', 'ac', 'armour', 'shield', 'blood', 'sweat', 'weapon', 'kind', 'two-handed'] as const;

/** An example line, for placeholders and docs. */
export const MONSTER_LINE_EXAMPLE = 'str=12,dex=10,ac=11,blood=8,sweat=3,weapon=medium';

const YES = ['yes', 'true', '1'];
const NO = ['no', 'false', '0'];

function bad(message: string): RuleResult<never> {
  return problem('combat/bad-monster', `Monster line: ${message} (such as ${MONSTER_LINE_EXAMPLE}).`);
}

/**
 * Reads a monster line: `key=value` pairs split by commas or spaces, every key at most once.
 * @example readMonsterLine('str=12, ac=13, blood=6') // ok: { str: 12, ac: 13, blood: 6, armour: 'none', weight: 'medium', ... }
 */
export function readMonsterLine(text: string): RuleResult<BareBonesMonster> {
  if (text.length > MAX_MONSTER_LINE_LENGTH) return bad(`at most ${MAX_MONSTER_LINE_LENGTH} characters, got ${text.length}`);
  const seen = new Map<string, string>();
  for (const part of text.split(/[,\s]+/).filter((p) => p !== '')) {
    const m = /^([a-z-]+)=(.+)$/i.exec(part);
    if (m === null) return bad(`"${part.slice(0, 20)}" is not key=value`);
    const key = m[1]!.toLowerCase();
    if (!(MONSTER_KEYS as readonly string[]).includes(key)) return bad(`unknown key ${key}; the keys are ${MONSTER_KEYS.join(', ')}`);
    if (seen.has(key)) return bad(`${key} is given twice`);
    seen.set(key, m[2]!.toLowerCase());
  }
  const int = (key: string, min: number, max: number): RuleResult<number | undefined> => {
    const v = seen.get(key);
    if (v === undefined) return ok(undefined);
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) return bad(`${key} must be a whole number from ${min} to ${max}, got ${v.slice(0, 10)}`);
    return ok(Number(v));
  };
  const str = int('str', 1, MAX_ATTRIBUTE_SCORE);
  if (!str.ok) return str;
  const dex = int('dex', 1, MAX_ATTRIBUTE_SCORE);
  if (!dex.ok) return dex;
  const ac = int('ac', 1, MAX_ARMOUR_CLASS);
  if (!ac.ok) return ac;
  const blood = int('blood', 0, MAX_DAMAGE);
  if (!blood.ok) return blood;
  const sweat = int('sweat', 0, MAX_DAMAGE);
  if (!sweat.ok) return sweat;
  const armourId = seen.get('armour') ?? 'none';
  if (!(ARMOUR_IDS as readonly string[]).includes(armourId)) return bad(`armour must be one of ${ARMOUR_IDS.join(', ')}, got ${armourId.slice(0, 10)}`);
  const flagOf = (key: string): RuleResult<boolean> => {
    const v = seen.get(key);
    if (v === undefined || NO.includes(v)) return ok(false);
    return YES.includes(v) ? ok(true) : bad(`${key} is yes or no, got ${v.slice(0, 10)}`);
  };
  const shield = flagOf('shield');
  if (!shield.ok) return shield;
  const twoHanded = flagOf('two-handed');
  if (!twoHanded.ok) return twoHanded;
  const weight = seen.get('weapon') ?? 'medium';
  if (!WEAPON_WEIGHTS.some((w) => w.id === weight)) return bad(`weapon must be one of ${WEAPON_WEIGHTS.map((w) => w.id).join(', ')}, got ${weight.slice(0, 10)}`);
  const kind = seen.get('kind') ?? 'other';
  if (!WEAPON_KINDS.some((k) => k.id === kind)) return bad(`kind must be one of ${WEAPON_KINDS.map((k) => k.id).join(', ')}, got ${kind.slice(0, 10)}`);
  const worn = armourId as ArmourId;
  return ok({
    ...(str.value !== undefined ? { str: str.value } : {}),
    ...(dex.value !== undefined ? { dex: dex.value } : {}),
    ac: ac.value ?? armour(worn).armourClass + (shield.value ? SHIELD.armourClassBonus : 0),
    armour: worn,
    hasShield: shield.value,
    ...(blood.value !== undefined ? { blood: blood.value } : {}),
    ...(sweat.value !== undefined ? { sweat: sweat.value } : {}),
    weight: weight as WeaponWeightId,
    kind: kind as WeaponKindId,
    isTwoHanded: twoHanded.value,
  });
}
