/** The effect picks of a hammer roll as the page offers them (H-21). */
import type { HammerSymbol } from '../../../../src/rules/hammercrawl/hammer-dice.js';
import type { effectsFor } from '../../../../src/rules/hammercrawl/hammer-pools.js';

/**
 * The effect each slot shows: the one picked, else the first of its symbol's effects that the roll may
 * still take (an effect picked once per roll, by an earlier slot or a pick, is passed over).
 */
export function shownPicks(
  slots: readonly { readonly symbol: HammerSymbol; readonly key: string }[],
  picks: Readonly<Record<string, string>>,
  table: ReturnType<typeof effectsFor>,
): Record<string, string> {
  const used = new Set(slots.filter((s) => picks[s.key] !== undefined).map((s) => `${s.symbol}:${picks[s.key]}`));
  const out: Record<string, string> = {};
  for (const s of slots) {
    const picked = picks[s.key];
    if (picked !== undefined) {
      out[s.key] = picked;
      continue;
    }
    const choices = table[s.symbol].choices;
    const free = choices.find((c) => c.isRepeatable === true || !used.has(`${s.symbol}:${c.id}`)) ?? choices[0]!;
    used.add(`${s.symbol}:${free.id}`);
    out[s.key] = free.id;
  }
  return out;
}

