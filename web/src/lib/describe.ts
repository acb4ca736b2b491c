/**
 * A roll event as a card of the roll log: who, what, every die (kept or dropped), the steps with
 * where they came from, the outcome, the visibility; a redacted secret roll as "secret roll by X".
 * Also the one sentence read out to screen readers when the card arrives. Rolls of the kinds a ruleset
 * adds are read by its web parts (`RulesetCardReader`).
 */
import { isCoreEvent, type RollEvent, type RulesetRollEvent, type Visibility, type WireDie, type WireTerm } from './protocol.js';

/** One die on a card. */
export interface CardDie {
  /** "d20", "d30+d4". */
  readonly die: string;
  /** What the die counts for: a number, or the face of a die of symbols as the ruleset names it. */
  readonly value: number | string;
  readonly isKept: boolean;
  /** "exploded 6+6+2", "re-rolled 1", "advantage", "Feat Die". */
  readonly note: string | null;
}

/** A roll card. */
export interface RollCard {
  readonly seq: number;
  readonly at: number;
  readonly who: string;
  readonly isSecret: boolean;
  readonly visibility: Visibility;
  readonly title: string;
  /** The notation rolled, or the check's description. */
  readonly detail: string | null;
  readonly dice: readonly CardDie[];
  /** Steps and other explanations, one line each. */
  readonly lines: readonly string[];
  readonly total: number | null;
  /** What the total is called on the card ("Total", or the ruleset's word). */
  readonly totalLabel: string;
  readonly outcome: { readonly id: string; readonly label: string } | null;
  readonly isPhysical: boolean;
}

/** What a card shows of a roll, besides who rolled, when and who sees it. */
export type CardBody = Pick<RollCard, 'title' | 'detail' | 'dice' | 'lines' | 'total' | 'outcome'> & {
  /** "Total" when absent. */
  readonly totalLabel?: string;
  readonly isPhysical?: boolean;
};

/** Reads a roll of a kind the ruleset adds into a card's body; null for a kind it does not know. */
export type RulesetCardReader = (e: RulesetRollEvent) => CardBody | null;

/** Badge text of a visibility. */
export const VISIBILITY_LABEL: Record<Visibility, string> = { public: 'Public', smith: 'Smith only', blind: 'Blind' };

function wireDie(d: WireDie): CardDie {
  const notes: string[] = [];
  if (d.exploded && d.faces.length > 1) notes.push(`exploded ${d.faces.join('+')}`);
  if (d.rerolled.length > 0) notes.push(`re-rolled ${d.rerolled.join(', ')}`);
  return { die: d.die, value: d.value, isKept: d.kept, note: notes.length > 0 ? notes.join('; ') : null };
}

function originText(o: { readonly kind: string; readonly label?: string }): string {
  if (o.label !== undefined) return o.label;
  if (o.kind === 'notation') return 'as written';
  return o.kind;
}

function termLines(terms: readonly WireTerm[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    if (t.kind !== 'dice') continue;
    if (t.steps) {
      const from = t.steps.modifiers.map((m) => `${m.amount > 0 ? '+' : ''}${m.amount} ${originText(m.origin)}`).join(', ');
      out.push(from.length > 0 ? `${t.steps.explanation} (${from})` : t.steps.explanation);
    }
    if (t.vantage) out.push(`${t.notation}: ${t.vantage}`);
  }
  return out;
}

/** The card of a roll of a ruleset's kind: its reader's, else its label and kind alone. */
function rulesetCard(e: RulesetRollEvent, read: RulesetCardReader | undefined): CardBody {
  const body = read?.(e) ?? null;
  if (body !== null) return body;
  return { title: typeof e.label === 'string' ? e.label : fieldName(e.kind), detail: null, dice: [], lines: [], total: null, outcome: null };
}

/**
 * The card of a roll event. `nameOf` gives a member's name, `checkLabel` a check's name ("Test"),
 * `readRuleset` the card of a roll of a kind the ruleset adds.
 */
export function rollCard(e: RollEvent, nameOf: (id: string | null) => string, checkLabel: (id: string) => string | null = () => null, readRuleset?: RulesetCardReader): RollCard {
  const who = nameOf(e.by);
  const visibility = e.visibility;
  const base = { seq: e.seq, at: e.at, who, visibility, isPhysical: false, totalLabel: 'Total' };
  if (e.redacted === true) {
    return {
      ...base,
      isSecret: true,
      title: `Secret roll by ${who}`,
      detail: null,
      dice: [],
      lines: [],
      total: null,
      outcome: null,
    };
  }
  if (!isCoreEvent(e)) {
    const { totalLabel, isPhysical, ...body } = rulesetCard(e, readRuleset);
    return { ...base, ...body, isSecret: false, isPhysical: isPhysical === true, totalLabel: totalLabel ?? 'Total' };
  }
  switch (e.kind) {
    case 'rolled':
      return {
        ...base,
        isSecret: false,
        isPhysical: e.isPhysical === true,
        title: e.label ?? e.notation,
        detail: e.label !== undefined ? e.notation : null,
        dice: e.dice.map(wireDie),
        lines: termLines(e.terms),
        total: e.total,
        outcome: null,
      };
    case 'checked': {
      const r = e.result;
      return {
        ...base,
        isSecret: false,
        title: e.label ?? checkLabel(e.check) ?? fieldName(e.check),
        detail: r.description,
        dice: r.dice.map((d) => ({ die: `d${d.sides}`, value: d.face, isKept: d.isKept, note: d.role ?? null })),
        lines: [...r.explanation],
        total: r.total,
        outcome: { id: r.outcome, label: r.label },
      };
    }
    case 'usage-rolled':
      return {
        ...base,
        isSecret: false,
        title: e.label,
        detail: `usage die d${e.die}`,
        dice: [{ die: `d${e.die}`, value: e.face, isKept: true, note: null }],
        lines: [e.explanation],
        total: e.face,
        outcome: e.after === null ? { id: 'depleted', label: 'Depleted' } : e.after !== e.die ? { id: 'stepped-down', label: `Steps down to d${e.after}` } : { id: 'holds', label: 'Holds' },
      };
  }
}

function fieldName(id: string): string {
  const t = id.replace(/-/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The sentence announced to screen readers for a new card. */
export function announce(card: RollCard): string {
  if (card.isSecret) return `${card.title}.`;
  const parts = [`${card.who} rolled ${card.title}`];
  if (card.total !== null) parts.push(`total ${card.total}`);
  if (card.outcome) parts.push(card.outcome.label);
  if (card.visibility !== 'public') parts.push(VISIBILITY_LABEL[card.visibility]);
  return `${parts.join(', ')}.`;
}
