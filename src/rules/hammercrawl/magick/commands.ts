/**
 * Magick commands: what a caster (or the Smith) asks for, checked against the state, rolled, and turned
 * into events. `rollMagickCommand` is the only place magick rolls; its events carry every face, and the
 * state it returns is the fold of them. `castOdds` gives the exact odds of a cast before it is made,
 * from the same state the command reads. Rules: HAMMERCRAWL! v4, MAGICK (SPELLCASTING MECHANICS,
 * Mana-burn (Special), Restoring a Mana-burnt Spell Die); Over-Casting (True Mage).
 * Rulings: docs/rulings.md (MG-n).
 */
import type { RandomSource, StepModifier } from '../../../dice/index.js';
import { halfStat } from '../check-modifiers.js';
import { checkOdds, rollCheck, type CheckOdds, type CheckSpec } from '../checks.js';
import { featDieBonus } from '../feat-die.js';
import { casterProblems, chainPosition, preparationLimit, sustainLimit, MIN_STAT_SCORE, type Caster } from './caster.js';
import { extraForgetDraws, forgetOdds, rolledDie, type ForgetChoice, type ForgetOdds } from './forget-odds.js';
import { rollScrollCasting, scrollCastingOdds, scrollTestSpec, type ScrollReader, type ScrollSpec } from './scrolls.js';
import {
  MAGICK_SCHEMA_VERSION,
  applyMagickEvent,
  currentSpellDie,
  isRemembered,
  knownSpell,
  rememberedSpellIds,
  type MagickEvent,
  type MagickEventBody,
  type MagickState,
  type ReleaseReason,
  type SpellEffectKind,
} from './magick-state.js';
import { MAX_AFFLICTION_LENGTH, MAX_SPELLBOOK_SPELLS, MAX_SPELL_LEVEL, MAX_SPELL_NAME_LENGTH, MIN_SPELL_LEVEL } from './limits.js';

export { MAX_AFFLICTION_LENGTH, MAX_SPELLBOOK_SPELLS, MAX_SPELL_LEVEL, MAX_SPELL_NAME_LENGTH, MIN_SPELL_LEVEL } from './limits.js';

/** Lowest CON score over-casting may burn down to (the stat table starts at 1; MG-9). */
export const MIN_CON_AFTER_BURN = MIN_STAT_SCORE;

/** Table settings of magick, each with the default named in its ruling. */
export interface MagickSettings {
  /** How the spells sustained penalize the concentration Test: on its target (default, MG-8) or as steps. */
  readonly concentrationPenalty: 'target' | 'steps';
  /** A town rest also restores CON burnt by over-casting (default true, MG-9). */
  readonly townRestRestoresCon: boolean;
  /** The most CON points one over-cast may burn; null: only the CON floor limits it (MG-9). */
  readonly maxOvercastPoints: number | null;
}

/** The default settings. */
export const DEFAULT_MAGICK_SETTINGS: MagickSettings = {
  concentrationPenalty: 'target',
  townRestRestoresCon: true,
  maxOvercastPoints: null,
};

/**
 * Everything a caster or the Smith can ask of magick.
 * @example { kind: 'cast', spellId: 'sleep', effect: 'sustained', onForget: 'mana-burn' }
 */
export type MagickCommand =
  | { readonly kind: 'set-caster'; readonly caster: Caster }
  | { readonly kind: 'learn'; readonly name: string; readonly level: number; readonly id?: string }
  | { readonly kind: 'prepare'; readonly spellIds?: readonly string[] }
  | { readonly kind: 'remember'; readonly spellIds: readonly string[] }
  | {
      readonly kind: 'cast';
      readonly spellId: string;
      /** What the spell leaves behind (default `instant`); `sustained` holds its forget check until release. */
      readonly effect?: SpellEffectKind;
      /** A sustained spell's effect lingers after release (default false). */
      readonly lingers?: boolean;
      /** The spell allows cancelling (default true; Canceling Spells). */
      readonly cancellable?: boolean;
      /** CON points burnt to over-cast (+1 effective level each; True Mage). */
      readonly overcast?: number;
      /** What to do if the forget check fails (default `forget`; MG-4). */
      readonly onForget?: ForgetChoice;
      /** The Smith's manual steps on the Spell Die rolled (armour, a curse; MG-12); + is a bigger die. */
      readonly spellDieSteps?: readonly StepModifier[];
    }
  | {
      readonly kind: 'release';
      /** Which sustained effects (default: all), checked highest level first. */
      readonly effectIds?: readonly number[];
      readonly onForget?: ForgetChoice;
      readonly spellDieSteps?: readonly StepModifier[];
    }
  | {
      readonly kind: 'concentration';
      /** The event damaged the caster: the Test is against the half-stat. */
      readonly damaged: boolean;
      /** Declared as a Feat (the caster's Feat Die, when the class makes spellcasting checks Feats). */
      readonly feat?: boolean;
      readonly steps?: readonly StepModifier[];
      readonly onForget?: ForgetChoice;
      readonly spellDieSteps?: readonly StepModifier[];
    }
  | { readonly kind: 'cancel'; readonly effectId: number }
  | { readonly kind: 'end-effect'; readonly effectId: number }
  | { readonly kind: 'night-rest' }
  | { readonly kind: 'town-rest' }
  | { readonly kind: 'record-affliction'; readonly text: string }
  | { readonly kind: 'restore-con'; readonly points: number }
  | {
      /** A spell cast from a scroll: anyone who reads its language (MG-10); no caster needed. */
      readonly kind: 'read-scroll';
      readonly spell: string;
      readonly reader: ScrollReader;
      readonly intScore: number;
      /** The reader's level, for a Feat's Feat Die. */
      readonly level: number;
      readonly canReadLanguage?: boolean;
      /** Declared as a Feat (MG-11). */
      readonly feat?: boolean;
    };

/** Every code a magick problem may carry. */
export type MagickProblemCode =
  | 'magick/scroll-unreadable'
  | 'magick/no-caster'
  | 'magick/bad-caster'
  | 'magick/over-sustain-limit'
  | 'magick/bad-spell-name'
  | 'magick/bad-spell-id'
  | 'magick/spell-level'
  | 'magick/spell-known'
  | 'magick/spellbook-full'
  | 'magick/unknown-spell'
  | 'magick/duplicate'
  | 'magick/too-many-prepared'
  | 'magick/choose-spells'
  | 'magick/not-prepared'
  | 'magick/forgotten'
  | 'magick/not-forgotten'
  | 'magick/burned-out'
  | 'magick/sustain-limit'
  | 'magick/already-sustained'
  | 'magick/no-mana-burn'
  | 'magick/cannot-overcast'
  | 'magick/bad-points'
  | 'magick/not-enough-con'
  | 'magick/overcast-limit'
  | 'magick/spell-die-too-large'
  | 'magick/nothing-sustained'
  | 'magick/not-sustained'
  | 'magick/unknown-effect'
  | 'magick/release-instead'
  | 'magick/not-cancellable'
  | 'magick/cancel-forgotten'
  | 'magick/nothing-to-recover'
  | 'magick/no-affliction-due'
  | 'magick/bad-affliction';

/** A player's or Smith's mistake: a code and a message saying how to fix it. */
export interface MagickProblem {
  readonly code: MagickProblemCode;
  readonly message: string;
}

/** The outcome of a command: the events (and the state they fold to), or the problem. */
export type MagickCommandResult =
  | { readonly ok: true; readonly events: readonly MagickEvent[]; readonly state: MagickState }
  | { readonly ok: false; readonly problem: MagickProblem };

class Refusal {
  constructor(readonly problem: MagickProblem) {}
}

function refuse(code: MagickProblemCode, message: string): never {
  throw new Refusal({ code, message });
}

/** Collects events and applies each at once, so later decisions read the state the log would give. */
class Log {
  readonly events: MagickEvent[] = [];
  constructor(public state: MagickState) {}
  emit(body: MagickEventBody): void {
    const event = { schemaVersion: MAGICK_SCHEMA_VERSION, ...body } as MagickEvent;
    this.state = applyMagickEvent(this.state, event);
    this.events.push(event);
  }
}

/**
 * The kebab-case id of a spell name ("Magic Missile" -> "magic-missile").
 * @example spellIdOf('Bigby\'s Hand!') // 'bigby-s-hand'
 */
export function spellIdOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function needCaster(state: MagickState): Caster {
  if (!state.caster) refuse('magick/no-caster', 'no caster is set: send set-caster first (casterFromCharacter builds one)');
  return state.caster;
}

function netSteps(steps: readonly StepModifier[] | undefined): number {
  return (steps ?? []).reduce((s, m) => s + m.amount, 0);
}

/** The die a forget check rolls now, or a refusal when the manual steps push it past d30. */
function dieToRoll(state: MagickState, steps: number): number {
  const die = currentSpellDie(state);
  if (die === null) refuse('magick/burned-out', 'the caster is burned out: a night-rest roll or a town-rest restores the Spell Die');
  try {
    return rolledDie(die, steps);
  } catch {
    return refuse('magick/spell-die-too-large', `d${die} ${steps >= 0 ? '+' : ''}${steps} steps goes past d30; use fewer steps`);
  }
}

function checkOnForget(caster: Caster, choice: ForgetChoice | undefined): ForgetChoice {
  const c = choice ?? 'forget';
  if (c === 'mana-burn' && !caster.hasManaBurn) {
    refuse('magick/no-mana-burn', 'only a caster with the Mana-burn special (the True Mage) may risk Mana-burn; forget the spell instead');
  }
  return c;
}

function releaseAllSustained(log: Log, reason: ReleaseReason): void {
  for (const s of [...log.state.sustained]) log.emit({ kind: 'sustain-released', effectId: s.effectId, reason });
}

function levelOf(state: MagickState, spellId: string): number {
  const s = knownSpell(state, spellId);
  if (!s) throw new RangeError(`spell '${spellId}' is not in the spellbook`);
  return s.level;
}

/**
 * The forget check after a spell, and what follows it: forgetting (this spell, then one random spell
 * per point of difference), or Mana-burn (a re-roll, or an automatic step, then a check for each extra
 * spell in turn). Casting Spells; Mana-burn (Special); MG-3 .. MG-6.
 */
function rollForgetSequence(
  rng: RandomSource,
  log: Log,
  spellId: string,
  effectId: number,
  level: number,
  choice: ForgetChoice,
  steps: number,
): void {
  if (log.state.burnedOut) return;
  const die = dieToRoll(log.state, steps);
  const automatic = level >= die;
  const face = automatic ? null : rng.rollDie(die);
  const kept = face !== null && face > level;
  const extraDraws = extraForgetDraws(die, level);
  log.emit({ kind: 'forget-checked', spellId, effectId, die, level, face, kept, extraDraws });
  if (kept) return;
  // Mana-burn keeps a spell; one already forgotten (a sustained spell drawn earlier) has nothing to keep (MG-6).
  if (choice === 'mana-burn' && isRemembered(log.state, spellId)) {
    const reroll = automatic ? null : rng.rollDie(die);
    log.emit({ kind: 'mana-burn-checked', spellId, die, level, face: reroll, burned: reroll === null || reroll <= level, draw: null });
    // The spells that would have been forgotten are distinct: a spell drawn and checked is not drawn again.
    const checked = new Set<string>([spellId]);
    for (let i = 0; i < extraDraws && !log.state.burnedOut; i++) {
      const pool = rememberedSpellIds(log.state).filter((id) => !checked.has(id));
      if (pool.length === 0) break;
      const pick = rng.rollDie(pool.length);
      const drawn = pool[pick - 1]!;
      checked.add(drawn);
      const drawnLevel = levelOf(log.state, drawn);
      const d = dieToRoll(log.state, steps);
      const f = drawnLevel >= d ? null : rng.rollDie(d);
      log.emit({ kind: 'mana-burn-checked', spellId: drawn, die: d, level: drawnLevel, face: f, burned: f === null || f <= drawnLevel, draw: { face: pick, of: pool.length } });
    }
    if (log.state.burnedOut) releaseAllSustained(log, 'burned-out');
    return;
  }
  if (isRemembered(log.state, spellId)) log.emit({ kind: 'spell-forgotten', spellId, cause: 'forget-check', draw: null });
  for (let i = 0; i < extraDraws; i++) {
    const pool = rememberedSpellIds(log.state, spellId);
    if (pool.length === 0) break;
    const pick = rng.rollDie(pool.length);
    log.emit({ kind: 'spell-forgotten', spellId: pool[pick - 1]!, cause: 'extra', draw: { face: pick, of: pool.length } });
  }
}

/**
 * The concentration Test (Sustaining Spells): the Spellcasting Stat score, or its half-stat when the
 * event did damage, with the spells sustained as a penalty (on the target by default, or as steps; MG-8).
 * @example concentrationSpec(caster, 2, { damaged: false }, DEFAULT_MAGICK_SETTINGS).mods // [{ amount: -2, ... }]
 */
export function concentrationSpec(
  caster: Caster,
  sustained: number,
  options: Pick<Extract<MagickCommand, { kind: 'concentration' }>, 'damaged' | 'feat' | 'steps'>,
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): CheckSpec {
  const n = sustained;
  const origin = { kind: 'rule', id: 'spells-sustained', label: `${n} spell${n === 1 ? '' : 's'} sustained` } as const;
  return {
    kind: 'test',
    target: options.damaged ? halfStat(caster.spellStatScore) : caster.spellStatScore,
    mods: settings.concentrationPenalty === 'target' ? [{ amount: -n, origin }] : [],
    steps: [...(settings.concentrationPenalty === 'steps' ? [{ amount: -n, origin }] : []), ...(options.steps ?? [])],
    ...(options.feat ? { feat: featDieBonus(caster.level) } : {}),
    label: `Concentration (${caster.spellStat}${options.damaged ? ' half-stat' : ''})`,
  };
}

/** Releases sustained spells, then rolls their forget checks highest effective level first (MG-7). */
function rollRelease(rng: RandomSource, log: Log, effectIds: readonly number[], reason: ReleaseReason, choice: ForgetChoice, steps: number): void {
  const released = log.state.sustained
    .filter((s) => effectIds.includes(s.effectId))
    .sort((a, b) => b.effectiveLevel - a.effectiveLevel || a.effectId - b.effectId);
  for (const s of released) log.emit({ kind: 'sustain-released', effectId: s.effectId, reason });
  for (const s of released) rollForgetSequence(rng, log, s.spellId, s.effectId, s.effectiveLevel, choice, steps);
}

function checkSpellIds(state: MagickState, ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!knownSpell(state, id)) {
      const known = state.spellbook.map((s) => s.id).join(', ') || 'none yet';
      refuse('magick/unknown-spell', `no spell '${id}' in the spellbook (known: ${known}); learn it first`);
    }
    if (seen.has(id)) refuse('magick/duplicate', `'${id}' is named twice; name each spell once`);
    seen.add(id);
  }
}

function checkCastable(state: MagickState, spellId: string): void {
  if (state.burnedOut) refuse('magick/burned-out', 'the caster is burned out and can cast nothing: a night-rest roll or a town-rest restores the Spell Die');
  checkSpellIds(state, [spellId]);
  const p = state.prepared.find((x) => x.spellId === spellId);
  if (!p) refuse('magick/not-prepared', `'${spellId}' is not prepared today; prepare it first`);
  if (!p.remembered) refuse('magick/forgotten', `'${spellId}' is forgotten; prepare again (or remember it at a camp) before casting it`);
}

function decide(rng: RandomSource, state: MagickState, command: MagickCommand, settings: MagickSettings): Log {
  const log = new Log(state);
  switch (command.kind) {
    case 'set-caster': {
      const problems = casterProblems(command.caster);
      if (problems.length > 0) refuse('magick/bad-caster', `the caster is not valid: ${problems.join('; ')}`);
      const limit = sustainLimit(command.caster);
      if (state.sustained.length > limit) {
        refuse('magick/over-sustain-limit', `${state.sustained.length} spells are sustained but the new limit is ${limit}; release some first`);
      }
      log.emit({ kind: 'caster-set', caster: command.caster });
      return log;
    }
    case 'learn': {
      needCaster(state);
      const name = command.name.trim();
      if (name.length === 0 || name.length > MAX_SPELL_NAME_LENGTH) {
        refuse('magick/bad-spell-name', `a spell name has 1 to ${MAX_SPELL_NAME_LENGTH} characters, got ${name.length}`);
      }
      const id = command.id ?? spellIdOf(name);
      if (!KEBAB.test(id) || id.length > MAX_SPELL_NAME_LENGTH) {
        refuse('magick/bad-spell-id', `a spell id is kebab-case (letters, digits, dashes), at most ${MAX_SPELL_NAME_LENGTH} characters; got '${id}'`);
      }
      if (!Number.isInteger(command.level) || command.level < MIN_SPELL_LEVEL || command.level > MAX_SPELL_LEVEL) {
        refuse('magick/spell-level', `a spell level is a whole number from ${MIN_SPELL_LEVEL} to ${MAX_SPELL_LEVEL}, got ${command.level}`);
      }
      if (knownSpell(state, id)) refuse('magick/spell-known', `'${id}' is already in the spellbook; give a different name or id`);
      if (state.spellbook.length >= MAX_SPELLBOOK_SPELLS) {
        refuse('magick/spellbook-full', `a spellbook holds at most ${MAX_SPELLBOOK_SPELLS} spells`);
      }
      log.emit({ kind: 'spell-learned', spell: { id, name, level: command.level } });
      return log;
    }
    case 'prepare': {
      const caster = needCaster(state);
      if (state.burnedOut) refuse('magick/burned-out', 'a burned-out caster cannot prepare spells until the Spell Die is restored');
      const limit = preparationLimit(caster);
      let ids = command.spellIds;
      if (ids === undefined) {
        if (state.spellbook.length > limit) {
          refuse('magick/choose-spells', `${state.spellbook.length} spells are known but only ${limit} (the ${caster.spellStat} score) can be prepared: name them`);
        }
        ids = state.spellbook.map((s) => s.id);
      }
      checkSpellIds(state, ids);
      if (ids.length > limit) {
        refuse('magick/too-many-prepared', `at most ${limit} spells (the ${caster.spellStat} score) can be prepared, got ${ids.length}; leave ${ids.length - limit} out`);
      }
      log.emit({ kind: 'spells-prepared', spellIds: [...ids] });
      return log;
    }
    case 'remember': {
      needCaster(state);
      if (state.burnedOut) refuse('magick/burned-out', 'a burned-out caster cannot remember spells until the Spell Die is restored');
      checkSpellIds(state, command.spellIds);
      for (const id of command.spellIds) {
        const p = state.prepared.find((x) => x.spellId === id);
        if (!p) refuse('magick/not-prepared', `'${id}' was not prepared today; only prepared spells can be remembered at a camp`);
        if (p.remembered) refuse('magick/not-forgotten', `'${id}' is not forgotten; leave it out`);
      }
      log.emit({ kind: 'spells-remembered', spellIds: [...command.spellIds] });
      return log;
    }
    case 'cast': {
      const caster = needCaster(state);
      checkCastable(state, command.spellId);
      const choice = checkOnForget(caster, command.onForget);
      const effect = command.effect ?? 'instant';
      const points = command.overcast ?? 0;
      if (!Number.isInteger(points) || points < 0) refuse('magick/bad-points', `over-casting burns a whole number of CON points, got ${points}`);
      if (points > 0) {
        if (!caster.canOvercast) refuse('magick/cannot-overcast', 'only a caster with the Over-Casting special (the True Mage) may burn CON to over-cast');
        const con = caster.conScore - state.burntCon;
        if (con - points < MIN_CON_AFTER_BURN) {
          refuse('magick/not-enough-con', `CON is ${con}; burning ${points} would take it below ${MIN_CON_AFTER_BURN}: burn at most ${Math.max(0, con - MIN_CON_AFTER_BURN)}`);
        }
        if (settings.maxOvercastPoints !== null && points > settings.maxOvercastPoints) {
          refuse('magick/overcast-limit', `this table allows at most ${settings.maxOvercastPoints} CON points per over-cast`);
        }
      }
      if (effect === 'sustained') {
        const limit = sustainLimit(caster);
        if (state.sustained.length >= limit) {
          refuse('magick/sustain-limit', `already sustaining ${state.sustained.length} of ${limit} spells; release one first`);
        }
        if (state.sustained.some((s) => s.spellId === command.spellId)) {
          refuse('magick/already-sustained', `'${command.spellId}' is already sustained; the same spell cannot be sustained twice at once`);
        }
      }
      const steps = netSteps(command.spellDieSteps);
      dieToRoll(state, steps);
      const level = levelOf(state, command.spellId);
      const effectId = state.nextEffectId;
      if (points > 0) log.emit({ kind: 'con-burned', spellId: command.spellId, points });
      log.emit({
        kind: 'spell-cast',
        effectId,
        spellId: command.spellId,
        level,
        effectiveLevel: level + points,
        effect,
        lingers: effect === 'sustained' ? (command.lingers ?? false) : false,
        cancellable: command.cancellable ?? true,
      });
      if (effect !== 'sustained') rollForgetSequence(rng, log, command.spellId, effectId, level + points, choice, steps);
      return log;
    }
    case 'release': {
      const caster = needCaster(state);
      const choice = checkOnForget(caster, command.onForget);
      if (state.sustained.length === 0) refuse('magick/nothing-sustained', 'no spell is being sustained');
      const ids = command.effectIds ?? state.sustained.map((s) => s.effectId);
      for (const id of ids) {
        if (!state.sustained.some((s) => s.effectId === id)) {
          refuse('magick/not-sustained', `effect ${id} is not sustained (sustained: ${state.sustained.map((s) => s.effectId).join(', ')})`);
        }
      }
      if (new Set(ids).size !== ids.length) refuse('magick/duplicate', 'an effect is named twice; name each once');
      const steps = netSteps(command.spellDieSteps);
      dieToRoll(state, steps);
      rollRelease(rng, log, ids, 'voluntary', choice, steps);
      return log;
    }
    case 'concentration': {
      const caster = needCaster(state);
      const choice = checkOnForget(caster, command.onForget);
      const n = state.sustained.length;
      if (n === 0) refuse('magick/nothing-sustained', 'no spell is being sustained: there is no concentration to break');
      const steps = netSteps(command.spellDieSteps);
      dieToRoll(state, steps);
      const spec = concentrationSpec(caster, n, command, settings);
      const target = spec.target!;
      const r = rollCheck(rng, spec);
      log.emit({
        kind: 'concentration-tested',
        target,
        halfStat: command.damaged,
        penalty: n,
        penaltyAs: settings.concentrationPenalty,
        dice: r.dice,
        natural: r.natural,
        featRoll: r.featRoll,
        total: r.total,
        success: r.success === true,
        summary: r.summary,
      });
      if (r.success !== true) rollRelease(rng, log, state.sustained.map((s) => s.effectId), 'concentration-broken', choice, steps);
      return log;
    }
    case 'cancel': {
      needCaster(state);
      if (state.sustained.some((s) => s.effectId === command.effectId)) {
        refuse('magick/release-instead', `effect ${command.effectId} is sustained: release it instead`);
      }
      const e = state.effects.find((x) => x.effectId === command.effectId);
      if (!e) refuse('magick/unknown-effect', `no running effect ${command.effectId}`);
      if (!e.cancellable) refuse('magick/not-cancellable', `'${e.spellId}' cannot be cancelled: let it run its course or dispel it`);
      if (!isRemembered(state, e.spellId) || state.burnedOut) {
        refuse('magick/cancel-forgotten', `'${e.spellId}' is not remembered: prepare it again before cancelling it, or dispel it`);
      }
      log.emit({ kind: 'effect-cancelled', effectId: command.effectId });
      return log;
    }
    case 'end-effect': {
      if (!state.effects.some((x) => x.effectId === command.effectId)) {
        refuse('magick/unknown-effect', `no running effect ${command.effectId}${state.sustained.some((s) => s.effectId === command.effectId) ? ' (it is sustained: release it)' : ''}`);
      }
      log.emit({ kind: 'effect-ended', effectId: command.effectId });
      return log;
    }
    case 'night-rest': {
      needCaster(state);
      if (state.burnSteps === 0 && !state.burnedOut) refuse('magick/nothing-to-recover', 'the Spell Die has no Mana-burn to recover');
      const die = currentSpellDie(state) ?? 3;
      const face = rng.rollDie(die);
      log.emit({ kind: 'night-rest-rolled', die, face, restored: face === die });
      return log;
    }
    case 'town-rest': {
      needCaster(state);
      log.emit({ kind: 'town-rested', conRestored: settings.townRestRestoresCon });
      return log;
    }
    case 'record-affliction': {
      needCaster(state);
      if (state.afflictionsDue === 0) refuse('magick/no-affliction-due', 'no burn-out is waiting for its affliction');
      const text = command.text.trim();
      if (text.length === 0 || text.length > MAX_AFFLICTION_LENGTH) {
        refuse('magick/bad-affliction', `describe the affliction in 1 to ${MAX_AFFLICTION_LENGTH} characters`);
      }
      log.emit({ kind: 'affliction-recorded', text });
      return log;
    }
    case 'read-scroll': {
      const r = rollScrollCasting(rng, scrollSpecOf(command));
      if (!r.ok) refuse(r.problem.code, r.problem.message);
      const c = r.casting;
      log.emit({
        kind: 'scroll-read',
        spell: command.spell,
        reader: command.reader,
        dice: c.test.dice,
        natural: c.test.natural,
        featRoll: c.test.featRoll,
        total: c.test.total,
        target: scrollTestSpec(scrollSpecOf(command)).target!,
        success: c.success,
        failureRoll: c.failureRoll,
        failureId: c.failure?.id ?? null,
        summary: c.summary,
      });
      return log;
    }
    case 'restore-con': {
      needCaster(state);
      if (!Number.isInteger(command.points) || command.points < 1 || command.points > state.burntCon) {
        refuse('magick/bad-points', `restore a whole number of CON points from 1 to ${state.burntCon} (burnt now)`);
      }
      log.emit({ kind: 'con-restored', points: command.points });
      return log;
    }
  }
}

/**
 * Checks a command against the state and rolls what it needs; the result holds the events (every face
 * in them) and the state they fold to, or the problem with a fix-it message (MAGICK).
 * @example rollMagickCommand(scriptedRandom([3]), state, { kind: 'cast', spellId: 'sleep' })
 */
export function rollMagickCommand(
  rng: RandomSource,
  state: MagickState,
  command: MagickCommand,
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): MagickCommandResult {
  try {
    const log = decide(rng, state, command, settings);
    return { ok: true, events: log.events, state: log.state };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, problem: e.problem };
    throw e;
  }
}

/** The odds of a cast, or of releasing a sustained spell, before it happens. */
export type CastOddsResult = { readonly ok: true; readonly odds: ForgetOdds } | { readonly ok: false; readonly problem: MagickProblem };

/**
 * The exact odds of the forget check a cast would make, before casting, from the state the command
 * reads: keeping the spell, forgetting it and k others, Mana-burn steps and burn-out. For a spell to be
 * sustained, the odds of its check if released now. Casting Spells; Mana-burn (Special).
 * @example castOdds(state, { kind: 'cast', spellId: 'sleep' }) // { ok: true, odds: { kept: 0.75, ... } }
 */
export function castOdds(state: MagickState, command: Extract<MagickCommand, { kind: 'cast' }>, settings: MagickSettings = DEFAULT_MAGICK_SETTINGS): CastOddsResult {
  // The same checks as the command itself (a refused cast has no odds), without rolling.
  const refusal = rollMagickCommandDry(state, command, settings);
  if (refusal) return { ok: false, problem: refusal };
  const caster = state.caster!;
  const steps = netSteps(command.spellDieSteps);
  const level = levelOf(state, command.spellId) + (command.overcast ?? 0);
  const choice = command.onForget === 'mana-burn' && caster.hasManaBurn ? 'mana-burn' : 'forget';
  const others = rememberedSpellIds(state, command.spellId).map((id) => levelOf(state, id));
  return { ok: true, odds: forgetOdds({ spellDie: currentSpellDie(state)!, steps, level, others, choice }) };
}

/**
 * The exact odds of the forget check of one sustained spell if it were released now, alone
 * (Sustaining Spells: the check waits for the release).
 * @example sustainedOdds(state, 1) // { ok: true, odds: { kept: 0.75, ... } }
 */
export function sustainedOdds(state: MagickState, effectId: number, onForget: ForgetChoice = 'forget', spellDieSteps?: readonly StepModifier[]): CastOddsResult {
  const refusal = rollMagickCommandDry(state, { kind: 'release', effectIds: [effectId], onForget, ...(spellDieSteps ? { spellDieSteps } : {}) }, DEFAULT_MAGICK_SETTINGS);
  if (refusal) return { ok: false, problem: refusal };
  const s = state.sustained.find((x) => x.effectId === effectId)!;
  const choice = onForget === 'mana-burn' && isRemembered(state, s.spellId) ? 'mana-burn' : 'forget';
  const others = rememberedSpellIds(state, s.spellId).map((id) => levelOf(state, id));
  return { ok: true, odds: forgetOdds({ spellDie: currentSpellDie(state)!, steps: netSteps(spellDieSteps), level: s.effectiveLevel, others, choice }) };
}

/** The odds of a concentration Test, or why there is none. */
export type ConcentrationOddsResult = { readonly ok: true; readonly odds: CheckOdds } | { readonly ok: false; readonly problem: MagickProblem };

/**
 * The exact odds of holding concentration now (Sustaining Spells), from the Test the command rolls.
 * @example concentrationOdds(state, { damaged: true }) // { ok: true, odds: { success: 0.25, ... } }
 */
export function concentrationOdds(
  state: MagickState,
  options: Pick<Extract<MagickCommand, { kind: 'concentration' }>, 'damaged' | 'feat' | 'steps'>,
  settings: MagickSettings = DEFAULT_MAGICK_SETTINGS,
): ConcentrationOddsResult {
  const refusal = rollMagickCommandDry(state, { kind: 'concentration', ...options }, settings);
  if (refusal) return { ok: false, problem: refusal };
  return { ok: true, odds: checkOdds(concentrationSpec(state.caster!, state.sustained.length, options, settings)) };
}

/** Runs a command's checks with dice that never roll; returns the problem, or null when it would go ahead. */
function rollMagickCommandDry(state: MagickState, command: MagickCommand, settings: MagickSettings): MagickProblem | null {
  const noDice: RandomSource = {
    rollDie(sides: number): number {
      return sides; // a face that always beats the level: the sequence stops at once
    },
  };
  const r = rollMagickCommand(noDice, state, command, settings);
  return r.ok ? null : r.problem;
}

/** The chain position of the Spell Die now, for callers that show burn (0 is d3); null when burned out. */
export function spellDiePosition(state: MagickState): number | null {
  const die = currentSpellDie(state);
  return die === null ? null : chainPosition(die);
}

/** The scroll casting a `read-scroll` command asks for (MG-10, MG-11). */
export function scrollSpecOf(command: Extract<MagickCommand, { kind: 'read-scroll' }>): ScrollSpec {
  return {
    reader: command.reader,
    intScore: command.intScore,
    ...(command.canReadLanguage !== undefined ? { canReadLanguage: command.canReadLanguage } : {}),
    ...(command.feat === true ? { feat: featDieBonus(command.level) } : {}),
  };
}

/**
 * The exact odds of a scroll casting before it is read: success, and each row of the d100 failure table.
 * @example readScrollOdds({ kind: 'read-scroll', spell: 'Sleep', reader: 'non-caster', intScore: 12, level: 1 })
 */
export function readScrollOdds(command: Extract<MagickCommand, { kind: 'read-scroll' }>): ReturnType<typeof scrollCastingOdds> {
  return scrollCastingOdds(scrollSpecOf(command));
}
