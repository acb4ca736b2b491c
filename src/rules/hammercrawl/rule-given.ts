/**
 * The advantages and disadvantages the rules give a check by themselves, not asked by the roller: a
 * stock's ability on the check's stat (Elfin Blessed Intellect on INT Saves at full Health). Under THE
 * HAMMER DIE (`hammer-die: replace`) they leave the d20 and join the check's hammer pool: "If anything
 * gives you an advantage, count the total" (ruling H-26). One reading for the plain check's refusal, the
 * pool's count and the web's odds; the check's own spec takes the same stock effects (rule-system.ts).
 */
import type { ParamRecord } from '../rule-system.js';
import { describeOrigin } from './check-modifiers.js';
import { stockBonusesById } from './derived.js';

/** The sources (their labels, each one counting once) of the advantages and disadvantages the rules give a check. */
export interface RuleGivenVantage {
  readonly advantages: readonly string[];
  readonly disadvantages: readonly string[];
}

/** No rule-given advantage or disadvantage. */
export const NO_RULE_GIVEN: RuleGivenVantage = Object.freeze({ advantages: [], disadvantages: [] });

/**
 * What the rules give a check of kind `check` with these params (the stock, stat and situation that
 * `characterCheck` fills): Tests and Challenges read the stock as Tests and Challenges, Saves as Saves
 * (a Save is a Challenge, SAVES). Other kinds and checks without a stock or stat get none.
 * @example ruleGivenVantageOf('save', { stock: 'elfin', stat: 'INT', 'full-health': true }).advantages // ['Blessed Intellect']
 */
export function ruleGivenVantageOf(check: string, params: ParamRecord): RuleGivenVantage {
  if (check !== 'test' && check !== 'challenge' && check !== 'save') return NO_RULE_GIVEN;
  const isSave = check === 'save';
  const effects = stockBonusesById(params['stock'], params['stat'], 1, {
    kind: check === 'test' ? 'test' : 'challenge',
    isSave,
    isOnEarth: params['off-earth'] !== true,
    isHealthFull: params['full-health'] === true,
  });
  if (effects.vantage.length === 0) return NO_RULE_GIVEN;
  return {
    advantages: effects.vantage.filter((v) => v.mark === 'adv').map((v) => describeOrigin(v.origin)),
    disadvantages: effects.vantage.filter((v) => v.mark === 'dis').map((v) => describeOrigin(v.origin)),
  };
}

/** How many hammer dice's worth a check brings (each source one): the count for "this check brings N". */
export function ruleGivenCount(v: RuleGivenVantage): number {
  return v.advantages.length + v.disadvantages.length;
}

/**
 * The words for what a check brings to its hammer pool, each source counted once: "1 advantage from
 * Blessed Intellect", "2 advantages from A, B and 1 disadvantage from C"; null when it brings none.
 */
export function ruleGivenWords(v: RuleGivenVantage): string | null {
  const part = (list: readonly string[], one: string, many: string) => (list.length === 0 ? null : `${list.length} ${list.length === 1 ? one : many} from ${list.join(', ')}`);
  const parts = [part(v.advantages, 'advantage', 'advantages'), part(v.disadvantages, 'disadvantage', 'disadvantages')].filter((x): x is string => x !== null);
  return parts.length === 0 ? null : parts.join(' and ');
}
