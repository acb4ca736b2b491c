import type { VantageMark } from './ast.js';

/**
 * The vantage that counts: several of one kind count once, any of both cancel.
 * Rules: HAMMERCRAWL! v4, ADVANTAGE AND DISADVANTAGE.
 */
export function netVantage(marks: readonly VantageMark[]): 'advantage' | 'disadvantage' | null {
  if (marks.length === 0) return null;
  const adv = marks.includes('adv');
  const dis = marks.includes('dis');
  if (adv && !dis) return 'advantage';
  if (dis && !adv) return 'disadvantage';
  return null;
}
