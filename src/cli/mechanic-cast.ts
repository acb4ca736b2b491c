/**
 * `hammercrawl odds cast` and `hammercrawl roll cast`: the forget check after casting a spell (HAMMERCRAWL!
 * v4, MAGICK: Casting Spells, "roll the Spell Die; beat the spell's level or forget it"; Mana-burn
 * (Special): a True Mage may risk Mana-burn instead of forgetting). Both go through the magick rules
 * themselves: a caster whose Spell Die is `--spell-die` and who remembers this one spell, `castOdds`
 * for the odds and `rollMagickCommand` for the roll, so the two cannot drift apart.
 * Contract (README, "CLI"): `odds cast --json` prints exactly `{ "keep", "burn" }`: P(the spell can be
 * cast again afterwards) and P(the Spell Die burns at least one step; 0 without `--mana-burn`).
 * `roll cast --json` prints `{ "seed", "keep", "burn", "burnSteps", "burnedOut", "die", "faces", "lines" }`.
 */
import type { RandomSource } from '../dice/random.js';
import { chainPosition } from '../rules/hammercrawl/magick/caster.js';
import type { Caster } from '../rules/hammercrawl/magick/caster.js';
import { castOdds, rollMagickCommand, type MagickCommand } from '../rules/hammercrawl/magick/commands.js';
import { EMPTY_MAGICK_STATE, describeMagickEvent, type MagickState } from '../rules/hammercrawl/magick/magick-state.js';
import { featDie, MAX_CHARACTER_LEVEL } from '../rules/hammercrawl/feat-die.js';
import { HAMMERCRAWL_CHAIN, isOnChain } from '../dice/dice-chain.js';
import { UsageError, type MechanicCommand, type MechanicFlag, type MechanicFlags, type MechanicOutput } from './mechanic.js';

/** The largest Spell Die a caster has: a Dedicated caster's Feat Die at level 10 (THE FEAT DIE). */
export const MAX_SPELL_DIE = featDie(MAX_CHARACTER_LEVEL, 'normal');

/** Highest spell level `--level` takes (the spell lists run to level 9; higher is over-cast). */
export const MAX_SPELL_LEVEL = 30;

const SPELL_ID = 'spell';

const FLAGS: readonly MechanicFlag[] = [
  { name: 'spell-die', kind: 'die', required: true, placeholder: 'dX', description: `the Spell Die now, d3 to d${MAX_SPELL_DIE} (the Feat Die; a Dabbler's Weak Feat Die)` },
  { name: 'level', kind: 'integer', required: true, placeholder: 'n', description: `the level of the spell (over-cast levels included), 1 to ${MAX_SPELL_LEVEL}` },
  { name: 'mana-burn', kind: 'boolean', description: 'a True Mage risking Mana-burn instead of forgetting the spell' },
];

function pct(p: number): string {
  if (p > 0 && p < 0.00005) return '<0.01%';
  return `${(p * 100).toFixed(2)}%`;
}

interface Cast {
  readonly state: MagickState;
  readonly command: Extract<MagickCommand, { kind: 'cast' }>;
  readonly spellDie: number;
  readonly level: number;
}

/** A level-10 Dedicated caster (Spell Die d10) whose die has burnt down to `--spell-die`, remembering one spell of `--level`. */
export function castFromFlags(flags: MechanicFlags): Cast {
  const spellDie = flags['spell-die'];
  const level = flags['level'];
  if (typeof spellDie !== 'number' || !isOnChain(HAMMERCRAWL_CHAIN, spellDie) || spellDie > MAX_SPELL_DIE) {
    throw new UsageError(`--spell-die d${String(spellDie)} is not a Spell Die: give a die of the chain from d3 to d${MAX_SPELL_DIE}`);
  }
  if (typeof level !== 'number' || level < 1 || level > MAX_SPELL_LEVEL) throw new UsageError(`--level takes a spell level from 1 to ${MAX_SPELL_LEVEL}, got ${String(level)}`);
  const isManaBurn = flags['mana-burn'] === true;
  const caster: Caster = {
    level: MAX_CHARACTER_LEVEL,
    grade: 'dedicated',
    spellStat: 'INT',
    spellStatScore: 18,
    sustainDivisor: 1,
    conScore: 12,
    hasManaBurn: isManaBurn,
    canOvercast: false,
    profileId: null,
  };
  const state: MagickState = {
    ...EMPTY_MAGICK_STATE,
    caster,
    spellbook: [{ id: SPELL_ID, name: `a level-${level} spell`, level }],
    prepared: [{ spellId: SPELL_ID, remembered: true }],
    burnSteps: chainPosition(MAX_SPELL_DIE) - chainPosition(spellDie),
  };
  return { state, command: { kind: 'cast', spellId: SPELL_ID, onForget: isManaBurn ? 'mana-burn' : 'forget' }, spellDie, level };
}

function odds(flags: MechanicFlags): MechanicOutput {
  const cast = castFromFlags(flags);
  const r = castOdds(cast.state, cast.command);
  if (!r.ok) throw new UsageError(`${r.problem.message} (${r.problem.code})`);
  const o = r.odds;
  const burn = o.burnSteps.filter((b) => b.steps > 0).reduce((s, b) => s + b.p, 0);
  const lines = [
    `forget check: d${o.die} against spell level ${o.level}${o.automatic ? ' (the die cannot beat it: no roll)' : ''}${o.choice === 'mana-burn' ? ', Mana-burn risked' : ''}`,
    `P(keep the spell) = ${pct(o.kept)}   P(Mana-burn) = ${pct(burn)}${o.choice === 'mana-burn' ? `   P(burn out) = ${pct(o.burnedOut)}` : ''}`,
  ];
  return { json: { keep: o.kept, burn }, text: lines.join('\n') };
}

function roll(rng: RandomSource, flags: MechanicFlags): MechanicOutput {
  const cast = castFromFlags(flags);
  const r = rollMagickCommand(rng, cast.state, cast.command);
  if (!r.ok) throw new UsageError(`${r.problem.message} (${r.problem.code})`);
  const faces: number[] = [];
  for (const e of r.events) if ((e.kind === 'forget-checked' || e.kind === 'mana-burn-checked') && e.face !== null) faces.push(e.face);
  const burnSteps = r.state.burnSteps - cast.state.burnSteps;
  const keep = !r.state.burnedOut && r.state.prepared.some((p) => p.spellId === SPELL_ID && p.remembered);
  const lines = r.events.map((e) => describeMagickEvent(e));
  const result = keep ? (burnSteps > 0 ? `kept, the Spell Die burns ${burnSteps} step` : 'kept') : r.state.burnedOut ? 'burned out' : 'forgotten';
  return {
    json: { keep, burn: burnSteps > 0, burnSteps, burnedOut: r.state.burnedOut, die: `d${cast.spellDie}`, faces, lines },
    text: [`forget check: d${cast.spellDie} against spell level ${cast.level}`, ...lines.map((l) => `  ${l}`), `result: ${result}`].join('\n'),
  };
}

/** The cast mechanic: `--spell-die <dX> --level <n> [--mana-burn]`. */
export const CAST_MECHANIC: MechanicCommand = {
  name: 'cast',
  description: "Cast: the forget check after a spell; the Spell Die must beat the spell's level, or the spell is forgotten (or, with Mana-burn, the die burns)",
  flags: FLAGS,
  roll,
  odds,
};
