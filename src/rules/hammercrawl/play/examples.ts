/**
 * A short evening of HAMMERCRAWL! play, applied in order to the character of the default creation
 * options (`rollCharacter(seededRandom(1), {})`: Tamsin Nettle, a level 1 Human Combatant, Health Die d8,
 * CON +0, 180 coins): armour bought, a fight's damage, a repair, a trap, a potion, camps, XP, a level-up
 * banking its WP selections, coins, items moved and used, an edit, the rest in town, and an heir. Each is accepted
 * whatever the dice show (the DVs that must cost a step are Overwhelming, which rolls nothing).
 * Rules: the change kinds' own (play/*.ts).
 */
import type { CharacterChangeRequest } from '../../rule-system.js';

/** The evening, in order; every change kind at least once. */
export const PLAY_EXAMPLES: readonly CharacterChangeRequest[] = [
  { change: 'item-add', params: { item: 'leather-boiled', carried: 'worn', cost: 30 } },
  // DV 6 against a d6 Armour Die is Overwhelming: d6 -> d5, nothing left to soak.
  { change: 'damage', params: { source: 'Goblin spear', dv: 6 } },
  { change: 'heal', params: { die: 'armour', steps: 1, source: 'Mended at the camp' } },
  // Penetrating DV 8 against the d8 Health Die is Overwhelming: d8 -> d7.
  { change: 'damage', params: { source: 'Dart trap', dv: 8, penetrating: true } },
  { change: 'damage', params: { source: 'Falling rocks', dv: 1, 'dv-die': 4 } },
  { change: 'rest', params: { kind: 'break' } },
  { change: 'heal', params: { steps: 1, source: 'Healing potion' } },
  { change: 'xp', params: { reason: 'node', note: 'the guard room' } },
  { change: 'xp', params: { reason: 'smith', amount: 9, note: 'the goblin chief' } },
  { change: 'rest', params: { kind: 'night', 'health-steps': 1 } },
  { change: 'level-up', params: { bank: true } },
  { change: 'coins', params: { amount: 25, reason: "the goblin chief's purse" } },
  // The great sword takes both hands (EQ-16): it goes on the back before the torch is drawn.
  { change: 'item-move', params: { item: 'sword-great', to: 'packed' } },
  { change: 'item-move', params: { item: 'torch', to: 'held' } },
  { change: 'item-remove', params: { item: 'ration', quantity: 1, reason: 'eaten' } },
  { change: 'edit', params: { notes: 'Owes the innkeeper a round', conditions: 'tired' } },
  { change: 'rest', params: { kind: 'town' } },
  // Tamsin falls on the next Venture: her cousin takes over (Breed like Rabbits).
  { change: 'heir', params: { 'player-stat': 'STR', 'smith-stat': 'CON' } },
];
