/**
 * What a hammer dice roll leaves at the table after it is rolled (HAMMERCRAWL! v4, NEW IDEA: THE HAMMER
 * DIE!, SYMBOLS): the dice set aside for a later Check of the scene (a Hammer+ as three advantages, a
 * falcon's "Pay it forward" as one), the choices each remaining symbol still asks for, and who may make
 * them. Pure: the fold of `hammer-rolled` and `hammer-effects-chosen` events. Rulings H-19 to H-23.
 */
import { ok, problem, type RuleResult, type Visibility } from '../../rule-system.js';
import type { HammerSymbol } from '../hammer-dice.js';
import { effectsFor, type EffectChooser, type HammerPoolRoll, type PoolContext } from '../hammer-pools.js';

/** Most dice one character may hold set aside; a new one past it pushes out the oldest (H-20). */
export const MAX_BANKED_DICE = 20;
/** Most rolls the table keeps waiting for choices; a new one past it pushes out the oldest (H-21). */
export const MAX_OPEN_HAMMER_ROLLS = 50;
/** Most picks one `hammer-effects` command may carry. */
export const MAX_EFFECT_PICKS = 100;

/** A die set aside for a later Check of the scene, with the advantages it adds (H-6, H-20). */
export interface BankedDie {
  /** 3: a Hammer+ set aside; 1: a white die of "Pay it forward". */
  readonly advantages: 1 | 3;
  /** Why it is there ("hammer+ set aside (Climb the wall)"). */
  readonly why: string;
}

/** One symbol of a roll still waiting for its picks. */
export interface OpenPrompt {
  readonly symbol: HammerSymbol;
  readonly chooser: EffectChooser;
  readonly count: number;
}

/** A roll whose remaining symbols still ask for choices (H-21). */
export interface OpenHammerRoll {
  readonly rollerId: string;
  readonly visibility: Visibility;
  readonly context: PoolContext;
  readonly characterId?: string;
  readonly label?: string;
  readonly prompts: readonly OpenPrompt[];
}

/** The hammer part of HAMMERCRAWL!'s table state. */
export interface HammerTableState {
  /** Dice set aside, by character id, oldest first. */
  readonly banked: Readonly<Record<string, readonly BankedDie[]>>;
  /** Rolls waiting for choices, by the roll's request id, oldest first. */
  readonly open: Readonly<Record<string, OpenHammerRoll>>;
}

/** No dice set aside, no roll waiting. */
export const EMPTY_HAMMER_STATE: HammerTableState = { banked: {}, open: {} };

/** One pick: a remaining symbol and the effect chosen for it (an id of its `effectsFor` choices). */
export interface EffectPick {
  readonly symbol: HammerSymbol;
  readonly effect: string;
  /** "Pay it forward" only: the allied character who gets the white die ("by self or any allied character", H-20); the roller's own by default. */
  readonly forCharacterId?: string;
}

/** The effect whose die may go to an ally. */
export const PAY_IT_FORWARD = 'pay-it-forward';

/** The symbols whose picks are made after the roll: a Hammer+ is decided with the roll, a teardrop applies itself (H-14, H-19). */
export function openPromptsOf(result: HammerPoolRoll): OpenPrompt[] {
  return result.effects
    .filter((e) => e.symbol !== 'hammer-plus' && e.chooser !== 'automatic')
    .map((e) => ({ symbol: e.symbol, chooser: e.chooser, count: e.count }));
}

function bankOf(state: HammerTableState, id: string): readonly BankedDie[] {
  return Object.hasOwn(state.banked, id) ? state.banked[id]! : [];
}

function withBank(state: HammerTableState, id: string, dice: readonly BankedDie[]): HammerTableState {
  const kept = dice.slice(Math.max(0, dice.length - MAX_BANKED_DICE));
  if (kept.length === 0) {
    if (!Object.hasOwn(state.banked, id)) return state;
    const { [id]: _gone, ...banked } = state.banked;
    void _gone;
    return { ...state, banked };
  }
  return { ...state, banked: { ...state.banked, [id]: kept } };
}

/** The dice `id` holds set aside. */
export function bankedDiceOf(state: HammerTableState | undefined, id: string): readonly BankedDie[] {
  return state === undefined ? [] : bankOf(state, id);
}

/** The body fields of `hammer-rolled` this fold reads. */
export interface HammerRolledFold {
  readonly requestId: string;
  readonly visibility: Visibility;
  readonly result: HammerPoolRoll;
  readonly characterId?: string;
  readonly label?: string;
  readonly rollerId?: string;
  /** Set-aside dice of the character this Check spent, oldest first (H-20). */
  readonly spentBanked?: number;
}

/**
 * Folds a `hammer-rolled` event: the dice the Check spent leave the character's bank, a Hammer+ set aside
 * on a public Check of a character joins it (H-20), and a roll with choices left waits for them (H-21).
 */
export function foldHammerRolled(state: HammerTableState, body: HammerRolledFold): HammerTableState {
  let next = state;
  const id = body.characterId;
  if (id !== undefined && body.visibility === 'public') {
    const spent = body.spentBanked ?? 0;
    const setAside = body.result.banked.map((): BankedDie => ({ advantages: 3, why: `hammer+ set aside${body.label ? ` (${body.label})` : ''}` }));
    if (spent > 0 || setAside.length > 0) next = withBank(next, id, [...bankOf(next, id).slice(spent), ...setAside]);
  }
  const prompts = openPromptsOf(body.result);
  if (prompts.length === 0 || body.rollerId === undefined) return next;
  const open: Record<string, OpenHammerRoll> = { ...next.open };
  open[body.requestId] = {
    rollerId: body.rollerId,
    visibility: body.visibility,
    context: body.result.context,
    prompts,
    ...(id !== undefined ? { characterId: id } : {}),
    ...(body.label !== undefined ? { label: body.label } : {}),
  };
  const keys = Object.keys(open);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_OPEN_HAMMER_ROLLS))) delete open[k];
  return { ...next, open };
}

/** The body of `hammer-effects-chosen`: the picks for one roll's symbols, with that roll's visibility. */
export type HammerEffectsChosenBody = {
  readonly requestId: string;
  /** The request id of the roll chosen for. */
  readonly rollId: string;
  readonly visibility: Visibility;
  readonly picks: readonly EffectPick[];
  readonly characterId?: string;
  readonly label?: string;
};

/** Folds a `hammer-effects-chosen` event: the symbols picked leave the roll's prompts; a public "Pay it forward" banks a white die (H-20). */
export function foldEffectsChosen(state: HammerTableState, body: HammerEffectsChosenBody): HammerTableState {
  if (!Object.hasOwn(state.open, body.rollId)) return state;
  const roll = state.open[body.rollId]!;
  const picked = new Set(body.picks.map((p) => p.symbol));
  const prompts = roll.prompts.filter((p) => !picked.has(p.symbol));
  const open: Record<string, OpenHammerRoll> = { ...state.open };
  if (prompts.length === 0) delete open[body.rollId];
  else open[body.rollId] = { ...roll, prompts };
  let next: HammerTableState = { ...state, open };
  if (roll.visibility !== 'public') return next;
  const white: BankedDie = { advantages: 1, why: `pay it forward${roll.label ? ` (${roll.label})` : ''}` };
  // Each white die goes to the ally named, else to the roll's own character (H-20).
  for (const p of body.picks) {
    if (p.effect !== PAY_IT_FORWARD) continue;
    const to = p.forCharacterId ?? roll.characterId;
    if (to !== undefined) next = withBank(next, to, [...bankOf(next, to), white]);
  }
  return next;
}

/** Folds the Smith's end of the scene: every die set aside is gone (H-20). */
export function foldSceneEnded(state: HammerTableState): HammerTableState {
  return { ...state, banked: {} };
}

/**
 * Checks picks for an open roll (H-21): each symbol picked must be waiting, picked as many times as it
 * shows, with an effect its list offers, a non-repeatable effect at most once; the roller picks the
 * player's symbols, the Smith any. Returns the roll.
 */
export function checkPicks(
  state: HammerTableState | undefined,
  rollId: string,
  picks: readonly EffectPick[],
  actor: { readonly id: string; readonly isSmith: boolean },
  /** The table's character ids, for a die paid forward to an ally. */
  characterIds: readonly string[] = [],
): RuleResult<OpenHammerRoll> {
  const roll = state !== undefined && Object.hasOwn(state.open, rollId) ? state.open[rollId]! : undefined;
  if (roll === undefined) return problem('hammer/no-open-roll', `No hammer roll ${rollId} waits for choices: its symbols were all chosen, or it had none.`, '$.command.rollId');
  if (!actor.isSmith && actor.id !== roll.rollerId) return problem('auth/forbidden', 'Only the roller or the Smith picks the effects of this roll.');
  if (picks.length === 0) return problem('hammer/no-picks', 'Pick at least one effect.', '$.command.picks');
  const table = effectsFor(roll.context);
  const bySymbol = new Map<HammerSymbol, EffectPick[]>();
  for (const [i, p] of picks.entries()) {
    const prompt = roll.prompts.find((x) => x.symbol === p.symbol);
    if (prompt === undefined) return problem('hammer/symbol-not-waiting', `No ${p.symbol} of this roll waits for a pick (waiting: ${roll.prompts.map((x) => x.symbol).join(', ')}).`, `$.command.picks[${i}].symbol`);
    if (prompt.chooser === 'smith' && !actor.isSmith) return problem('auth/forbidden', `The Smith picks for each ${p.symbol} (H-14).`);
    const effect = table[p.symbol].choices.find((c) => c.id === p.effect);
    if (effect === undefined) {
      return problem('hammer/unknown-effect', `${p.effect} is no effect of a ${p.symbol}; choose one of ${table[p.symbol].choices.map((c) => c.id).join(', ')}.`, `$.command.picks[${i}].effect`);
    }
    if (p.forCharacterId !== undefined) {
      if (p.effect !== PAY_IT_FORWARD) return problem('hammer/not-paid-forward', `Only a die paid forward goes to an ally; ${effect.label} is no such effect.`, `$.command.picks[${i}].forCharacterId`);
      if (!characterIds.includes(p.forCharacterId)) return problem('table/no-such-character', `No character ${p.forCharacterId} at this table to pay the die forward to.`, `$.command.picks[${i}].forCharacterId`);
      if (roll.visibility !== 'public') return problem('hammer/secret-pay-forward', 'A secret roll keeps nothing set aside (H-19): pay a die forward from a public roll.', `$.command.picks[${i}].forCharacterId`);
    }
    bySymbol.set(p.symbol, [...(bySymbol.get(p.symbol) ?? []), p]);
  }
  for (const [symbol, list] of bySymbol) {
    const prompt = roll.prompts.find((x) => x.symbol === symbol)!;
    if (list.length !== prompt.count) return problem('hammer/pick-count', `This roll has ${prompt.count} ${symbol} to pick for; ${list.length} picks given.`, '$.command.picks');
    for (const c of table[symbol].choices) {
      if (!c.isRepeatable && list.filter((p) => p.effect === c.id).length > 1) return problem('hammer/effect-once', `${c.label} can be picked once per roll.`, '$.command.picks');
    }
  }
  return ok(roll);
}

/**
 * The hammer state a list of events folds to, as a viewer holds them (a redacted roll, which carries no
 * result, is skipped): the web table's view of set-aside dice and of the rolls waiting for picks.
 */
export function foldHammerEvents(events: readonly { readonly kind: string; readonly [key: string]: unknown }[]): HammerTableState {
  let state = EMPTY_HAMMER_STATE;
  for (const e of events) {
    if (e['redacted'] === true) continue;
    if (e.kind === 'hammer-rolled' && typeof e['result'] === 'object' && e['result'] !== null) state = foldHammerRolled(state, e as unknown as HammerRolledFold);
    else if (e.kind === 'hammer-effects-chosen' && Array.isArray(e['picks'])) state = foldEffectsChosen(state, e as unknown as HammerEffectsChosenBody);
    else if (e.kind === 'hammer-scene-ended') state = foldSceneEnded(state);
  }
  return state;
}
