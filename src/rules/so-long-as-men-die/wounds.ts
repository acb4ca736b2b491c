/**
 * What a rolled attack does to a character document: Toughness Dice exhausted, then the injury the
 * CON save and the player's choice leave (unconscious with a Flesh Wound, mutilated, or both), one
 * Wound taken (the CON Score counts them: the last one kills), the mutilation written down with where
 * it struck and how long is left, Scarred's CHA point, death. Rules: So Long as Men Die, Stats
 * (Constitution); Toughness; Injury; Mutilation. Rulings SL-10, SL-12, SL-20, SL-22, SL-24.
 */
import { ok, problem, type RuleResult } from '../rule-system.js';
import type { AttackRoll } from './attack.js';
import { MIN_SCORE } from './attributes.js';
import { statOf, type CharacterCondition, type CharacterInjury, type SlamdCharacter } from './character.js';
import { FLESH_WOUND_ID } from './data/mutilations.js';
import type { MutilationResult } from './injury.js';
import { exhaustToughness, freshToughness } from './toughness.js';

/** What a character who made the CON save chooses (Injury). */
export type InjuryChoice = 'unconscious' | 'mutilated';

/** The player's side of an injury: the choice after a made save, and the mutilation rolled when one applies. */
export interface InjuryDecision {
  readonly choice?: InjuryChoice;
  /** From `rollMutilation(rng, roll.mutilationDamage)`, when the character is mutilated. */
  readonly mutilation?: MutilationResult;
}

const worse = (a: CharacterCondition, b: CharacterCondition): CharacterCondition => {
  const order: readonly CharacterCondition[] = ['standing', 'unconscious', 'dead'];
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
};

/**
 * Applies a rolled attack to its target's document (Toughness; Injury; Mutilation). Dead characters
 * take no more; a made save needs the choice; a mutilation needs its roll for the damage left.
 */
export function applyAttack(character: SlamdCharacter, roll: AttackRoll, decision: InjuryDecision = {}): RuleResult<SlamdCharacter> {
  if (character.condition === 'dead') return problem('so-long-as-men-die/already-dead', `${character.name} is dead; nothing more can happen to them.`, '$.condition');
  if (roll.soak.faces.length > freshToughness(character.toughness)) {
    return problem('so-long-as-men-die/toughness-exhausted', `${character.name} has ${freshToughness(character.toughness)} fresh Toughness Dice, but the attack rolled ${roll.soak.faces.length}.`, '$.toughness');
  }
  let next: SlamdCharacter = { ...character, toughness: exhaustToughness(character.toughness, roll.soak.exhausted) };
  const fleshWound: CharacterInjury = { mutilationId: FLESH_WOUND_ID, note: 'Unconscious from the blow.' };
  const knockOut = (c: SlamdCharacter): SlamdCharacter => ({ ...c, condition: worse(c.condition, 'unconscious'), injuries: [...c.injuries, fleshWound] });
  // A lethal blow past Toughness is one Wound; the one that leaves none kills (Stats, Constitution; SL-24).
  const wound = (c: SlamdCharacter): SlamdCharacter => {
    const woundsLeft = Math.max(0, c.woundsLeft - 1);
    return { ...c, woundsLeft, condition: woundsLeft === 0 ? 'dead' : c.condition };
  };
  const mutilate = (c: SlamdCharacter): RuleResult<SlamdCharacter> => {
    const m = decision.mutilation;
    if (m === undefined) return problem('so-long-as-men-die/mutilation-needed', `Roll the mutilation for ${roll.mutilationDamage} damage (rollMutilation) and pass it.`, '$.mutilation');
    if (m.damage !== roll.mutilationDamage) return problem('so-long-as-men-die/mutilation-mismatch', `The mutilation was rolled for ${m.damage} damage, but the blow calls for one by ${roll.mutilationDamage} (ruling SL-10).`, '$.mutilation');
    const isDead = m.mutilation.isDeath || (m.mutilation.id === 'severed' && m.location?.id === 'head');
    const cha = m.mutilation.chaLoss === 0 ? c.stats.cha : statOf(Math.max(MIN_SCORE, c.stats.cha.score - m.mutilation.chaLoss));
    const injury: CharacterInjury = {
      mutilationId: m.mutilation.id, note: m.explanation,
      ...(m.location === null ? {} : { location: m.location.id }),
      ...(m.countdown === null ? {} : { countdown: m.countdown }),
    };
    return ok({ ...c, stats: { ...c.stats, cha }, condition: isDead ? 'dead' : c.condition, injuries: [...c.injuries, injury] });
  };
  switch (roll.outcome) {
    case 'no-damage':
    case 'soaked':
      return ok(next);
    case 'knocked-out':
      return ok(knockOut(next));
    case 'injured-save-failed':
      return mutilate(knockOut(wound(next)));
    case 'injured-save-made':
      if (decision.choice === undefined) return problem('so-long-as-men-die/choice-needed', 'The CON save was made: choose unconscious (with a Flesh Wound) or mutilated (and standing).', '$.choice');
      next = wound(next);
      return decision.choice === 'unconscious' ? ok(knockOut(next)) : mutilate(next);
  }
}
