/**
 * What a HAMMERCRAWL! sheet shows of a character's load (INVENTORY, the Easy Way that the item changes
 * count by default): hands, worn slots, Stow slots with each bag's, and what breaks the rules. Pure: read
 * from the character document, the one truth.
 */
import { readCharacters } from '../../../../src/rules/hammercrawl/character.js';
import { BAGS } from '../../../../src/rules/hammercrawl/data/gear.js';
import { encumbrance } from '../../../../src/rules/hammercrawl/inventory.js';

/** The sheet's encumbrance section, or why the document cannot be read. */
export type EncumbranceView =
  | {
      readonly ok: true;
      /** Stow slots used and the whole (the base plus every bag). */
      readonly slots: { readonly used: number; readonly capacity: number; readonly base: number };
      /** Each bag that adds slots, with what it adds. */
      readonly bags: readonly { readonly label: string; readonly slots: number }[];
      readonly hands: { readonly used: number; readonly of: number };
      readonly worn: readonly string[];
      /** The inventory rules broken, each as its message. */
      readonly problems: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/** The encumbrance of the character a document holds. */
export function encumbranceView(document: unknown): EncumbranceView {
  const read = readCharacters(document as never);
  if (!read.ok) return { ok: false, message: read.problems[0]?.message ?? 'not a character' };
  const c = read.characters[0]!;
  const r = encumbrance(c.inventory, { stowSlots: c.stowSlots, strScore: c.stats.STR.score });
  return {
    ok: true,
    slots: { used: r.slots.used, capacity: r.slots.capacity, base: r.slots.base },
    bags: r.slots.bags.filter((b) => b.slots > 0).map((b) => ({ label: BAGS.find((x) => x.id === b.id)?.label ?? b.id, slots: b.slots })),
    hands: { used: r.held.handsUsed, of: r.held.hands },
    worn: r.worn.map((w) => w.label),
    problems: r.problems.map((p) => p.message),
  };
}
