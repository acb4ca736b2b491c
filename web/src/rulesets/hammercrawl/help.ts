/**
 * HAMMERCRAWL!'s sections of the help dialog: its checks in the rules' own words, and the Smith's tools
 * it adds (the Venture, light, hammer dice). Rules: HAMMERCRAWL! v4, DICE CHECKS, VENTURES AND SESSION
 * STRUCTURE, Light, THE HAMMER DICE.
 */
import type { HelpSection } from '../types.js';

/** The help of a HAMMERCRAWL! table. */
export const HAMMERCRAWL_HELP: readonly HelpSection[] = [
  {
    id: 'checks',
    title: 'Tests, Challenges and the dice chain',
    paragraphs: [
      'A Test asks whether something is within your own ability: roll a d20 equal to or under the stat. A Challenge pits you against an outside force, such as a foe’s Defense: roll a d20 and beat the number.',
      'Steps move the die along the dice chain, d3 to d30. A step in your favour makes a Test’s die smaller and a Challenge’s die bigger. A Feat rolls the Feat Die of your level along with it, in your favour. Saves and Competitions (both sides roll, the higher wins) are under “HAMMERCRAWL! checks” in the tray.',
    ],
  },
  {
    id: 'magick',
    title: 'Magick on the sheet',
    paragraphs: [
      'Prepare the spells you tick, up to your spellcasting stat’s score; the odds of keeping a spell show before you cast it, with any CON you over-cast. While you sustain a spell, a hit calls for a concentration Test: its odds show by the button. Lasting spells you still remember can be cancelled. Anyone may cast from a scroll in a language they read: an INT Test (a Dedicated caster one step better, a non-caster against the INT half-stat), and on a failure a d100 on the failure table; the odds of each show first.',
      'Preparing and the rests take time: they are not offered while a fight runs in the tracker, a town rest waits for town, and forgotten spells come back with Remember only at a camp in the dungeon. The Smith may always send them.',
    ],
  },
  {
    id: 'smith-tools',
    title: 'The Smith’s screen: Venture, light and hammer dice',
    paragraphs: [],
    terms: [
      ['Venture', 'One trip from town into the dungeon and back, usually one session. Start it with the party, enter each node (room), roll the node’s hammer dice and choose a use for each mark left, clear the node for XP, and return to town at the end.'],
      ['Light', 'Torches burn for one hour of real time and a lantern for a whole Venture. The timers run on the server, so every device shows the same time left.'],
      ['Hammer dice', 'Special dice whose symbols tell how a node or a Check turns out: hammers and falcons help, crossblades and skulls hinder, comets bring fortune, hourglasses cost time and teardrops cost supplies. Purple dice add danger, a blue die the reward. The odds of each symbol show before the roll. The Smith rolls a node’s pool here, seen by the Smith alone; players roll hammer dice for a Check from the tray.'],
    ],
  },
];
