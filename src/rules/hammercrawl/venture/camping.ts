/**
 * Camping and resting: the kinds of camp and what each restores, and the one roll the rules give for a
 * night's rest, the Mana-burn recovery. The CAMPING AND RESTING section is a heading with notes only
 * ("Working on translating the older rules"; "spell re-memorization should be an option"); what is here
 * comes from the rules that point to camps elsewhere.
 * Rules: HAMMERCRAWL! v4, CAMPING AND RESTING; VENTURES AND SESSION STRUCTURE ("short camp breaks between
 * rooms"); MAGICK (Preparing Spells; Forgetting; Mana-burn). Rulings VE-8 to VE-10.
 */
import { HAMMERCRAWL_CHAIN } from '../../../dice/dice-chain.js';
import type { RandomSource } from '../../../dice/random.js';
import { ok, problem, type RuleResult } from '../../rule-system.js';

/** A short break between rooms, or a full night's camp in the dungeon. */
export type CampKind = 'break' | 'night';

/** What a camp of each kind lets the party do (VE-8). */
export const CAMP_EFFECTS = {
  break: {
    kind: 'break',
    label: 'Camp break',
    restores: ['camp-break'],
    spells: 'may re-memorize some forgotten spells, as the Smith allows',
    ref: 'HAMMERCRAWL! v4, VENTURES AND SESSION STRUCTURE; MAGICK (Forgetting)',
  },
  night: {
    kind: 'night',
    label: "A full night's camp",
    restores: ['camp-break', 'night'],
    spells: 'prepares spells in the morning (about an hour); a Mana-burned caster rolls to recover one step',
    ref: 'HAMMERCRAWL! v4, MAGICK (Preparing Spells; Mana-burn)',
  },
} as const;

/** The die a burned-out caster rolls after a night's rest: "just a D3". */
export const BURNED_OUT_RECOVERY_DIE = 3;

/** A Mana-burn recovery roll after a night's rest. */
export interface ManaBurnRecovery {
  /** The Spell Die before: its sides, or null when burned out. */
  readonly before: number | null;
  readonly rolled: number;
  readonly face: number;
  readonly isRecovered: boolean;
  /** The Spell Die after. */
  readonly after: number | null;
  readonly explanation: string;
}

const SIDES: readonly number[] = HAMMERCRAWL_CHAIN.sides;

function checkSpellDie(die: number | null, fullDie: number): RuleResult<number> {
  if (!SIDES.includes(fullDie)) return problem('venture/not-a-spell-die', `the caster's full Spell Die is a die of the chain (d3 to d30), got d${fullDie}.`);
  if (die === null) return ok(BURNED_OUT_RECOVERY_DIE);
  if (!SIDES.includes(die)) {
    return problem('venture/not-a-spell-die', `a Spell Die is a die of the chain (d3 to d30), got d${die}; give null for a burned-out caster.`);
  }
  if (SIDES.indexOf(die) >= SIDES.indexOf(fullDie)) return problem('venture/not-mana-burned', `d${die} is the caster's full Spell Die (d${fullDie}) or more: there is no Mana-burn to recover.`);
  return ok(die);
}

/**
 * After a full night's rest mid-adventure, a Mana-burned caster rolls their Spell Die (a d3 when burned
 * out): its highest face restores one step up the chain (or a d3 again from burned out); anything else
 * changes nothing, and never past the caster's full Spell Die (MAGICK, Mana-burn).
 * @example rollManaBurnRecovery(scriptedRandom([6]), 6, 8).value.after // 7
 */
export function rollManaBurnRecovery(rng: RandomSource, spellDie: number | null, fullDie: number): RuleResult<ManaBurnRecovery> {
  const d = checkSpellDie(spellDie, fullDie);
  if (!d.ok) return d;
  const face = rng.rollDie(d.value);
  const isRecovered = face === d.value;
  const up = spellDie === null ? BURNED_OUT_RECOVERY_DIE : SIDES[SIDES.indexOf(spellDie) + 1]!;
  const after = isRecovered ? up : spellDie;
  const from = spellDie === null ? 'burned out (d3)' : `d${spellDie}`;
  return ok({
    before: spellDie,
    rolled: d.value,
    face,
    isRecovered,
    after,
    explanation: isRecovered ? `${from} rolled ${face}, its highest face: the Spell Die is now d${after}` : `${from} rolled ${face}: no change`,
  });
}

/** The exact chance a night's rest restores a step: one face of the die rolled. */
export function manaBurnRecoveryOdds(spellDie: number | null, fullDie: number): RuleResult<number> {
  const d = checkSpellDie(spellDie, fullDie);
  if (!d.ok) return d;
  return ok(1 / d.value);
}
