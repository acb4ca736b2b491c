/**
 * HAMMERCRAWL!'s sections of the help dialog: its checks in the rules' own words, and the Smith's tools
 * it adds (the Venture, camps and counted uses, light, hammer dice). Rules: HAMMERCRAWL! v4, DICE CHECKS,
 * VENTURES AND SESSION STRUCTURE, CAMPING AND RESTING, Light, THE HAMMER DICE.
 */
import type { HelpSection } from '../types.js';

/** The help of a HAMMERCRAWL! table. */
export const HAMMERCRAWL_HELP: readonly HelpSection[] = [
  {
    id: 'checks',
    title: 'Tests, Challenges and the dice chain',
    paragraphs: [
      'A Test asks whether something is within your own ability: roll a d20 equal to or under the stat. A Challenge pits you against an outside force, such as a foe’s Defense: roll a d20 and beat the number.',
      'Steps move the die along the dice chain, d3 to d30. A step in your favour makes a Test’s die smaller and a Challenge’s die bigger. A Feat rolls the Feat Die of your level along with it, in your favour. Saves and Competitions (both sides roll, the higher wins) are under “HAMMERCRAWL! checks” in the tray. A check with a Crit (C16) crits on the die’s highest face (a natural 1 on a Test); Crit range widens that, so 2 crits on 19-20 on a d20.',
      'A stat clicked on a sheet brings the character’s stock into the check: a Troll’s STR and an Ogre’s CON checks are one step better, and the odds say so. In a Save’s form, Stock, “Off stone and earth” and “Health Die at full” give a Droffen’s and an Elfin’s Save bonuses.',
    ],
  },
  // combat: the tracker's actions (tracker-actions.ts)
  {
    id: 'combat-actions',
    title: 'Fighting in the tracker',
    paragraphs: [
      'Each combatant’s row has an Attack form with the odds before the click, and “More actions” for the rest. Against one of the Smith’s minions a roll equal to its number is enough (the table setting can ask for higher).',
    ],
    terms: [
      ['Total Defense', 'A full round spent defending: until the combatant’s next turn (or until they act again), every attack on them is a Competition (both roll, ties to the defender). It ends by itself when the turn comes back to them. A Tank may cover allies: attacks on them come to the Tank, who defends as a Feat.'],
      ['Lay on Hands', 'A Devout with the power heals someone else: a WIL Test (against the half-stat when the patient is not of the faith) brings back one Health Die step, three on a crit. In a fight only the advanced power may, as a full round, once every other round; the odds and the die after show first.'],
      ['Tactical Attack', 'An attack that does no damage. If it connects, the target saves against the stat you name; if the Save fails you choose an effect (two on a crit): Exposed (the next Check against them +1 step), Hampered (their next Check -1 step), Loses action (they can only pass next turn), or one agreed with the Smith.'],
      ['Crit step', 'A crit takes one free step off the defender’s Armour Die, or their Health Die if they tick that choice under “More actions”.'],
      ['Thrown', 'Throw the weapon: a melee weapon thrown is one step worse to hit and to harm.'],
      ['Damage, not an attack', 'The Smith’s: a trap, a fall or a spell’s DV, as a number or dice (2d6+1), through Armour and Health Dice as a hit is; the odds of each result show first, and a character’s sheet follows.'],
    ],
  },
  {
    id: 'encumbrance',
    title: 'Encumbrance and bags',
    paragraphs: [
      'A character’s sheet counts what they carry the Easy Way: Stow slots used of their own (half-STR plus the INT mod) and every bag’s (the Satchel adds 5), hands used of two, and what is worn (one of each kind). Whatever breaks these rules is named under it; move or drop an item to put it right.',
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
    id: 'hammer-check',
    title: 'Hammer dice for a Check (the tray)',
    paragraphs: [
      'Build a Check’s pool in the tray (Feat, advantages, disadvantages, stance) and pick your character: a public roll writes on the character what the dice do at once, a Health step for each teardrop and the XP the hammers or crossblades earn. A secret roll writes nothing; the Smith writes what it did.',
      'Choose a Check die (Test, Challenge or Open roll) to roll it with the pool in one click; its chance of success shows before you roll. With the table setting that puts hammer dice in place of the Feat Die and Advantage, the Check’s Feat and advantages become hammer dice.',
      'A hammer+ you set aside, and a falcon you spend on Pay it forward, stay with your character until the Smith ends the scene; spend them on a later Check of yours. After a roll, the tray asks for the effect of each hammer, falcon and comet left; the Smith picks for crossblades, skulls, hourglasses and chaos stars.',
    ],
  },
  {
    id: 'smith-tools',
    title: 'The Smith’s screen: Venture, camps, light and hammer dice',
    paragraphs: [],
    terms: [
      ['Venture', 'One trip from town into the dungeon and back, usually one session. Start it with the party, enter each node (room), roll the node’s hammer dice and choose a use for each mark left, clear the node for XP, and return to town at the end.'],
      ['Camp', 'Between nodes the Smith calls a camp break or a night’s camp (never while a fight runs). Each character in the party gets back the uses counted per camp (and, after a night, per night) and the Health and Armour steps the Smith gives, since the rules name no amount; a caster burned by Mana-burn rolls the Spell Die after a night, a d3 if burned out, and only its top face brings one step back: the chance shows by the button. Every sheet’s history says what the camp gave.'],
      ['Counted uses', 'Powers and re-rolls that come back only at a camp, a night, another dungeon or the return to town. The Smith counts one on a character’s sheet; its owner spends a use with Use, and past the limit the table refuses it, unless the Smith allows it anyway (the log says so).'],
      ['Party resources and XP', 'The party’s resource dice (food, ammo) are set and used on the Smith’s screen: each use shows the chance it steps the die down. A boss the node’s chaos star brought gives the dungeon level in XP to those who beat it, and the Smith may award XP with a reason; both are written on the characters’ sheets.'],
      ['Initiative', 'In the combat tracker, once the combatants are in, the Smith picks each side’s leader, ticks anyone caught by surprise and starts initiative. The panel above the order says whose decision it is and offers the moves the rules allow to whoever may make them: a player for their own character, the Smith for everyone. In the original flow the leaders roll the Initiative Contest and the winning side names who acts first; whoever ends a turn passes the initiative to someone who has not acted, may ready against one combatant and interrupt them (both roll d20 + INT mod; a tie is re-rolled), and the last to act names who starts the next round. The odds show before each roll, except against a foe whose numbers the Smith keeps hidden.'],
      ['Surprise', 'A surprised combatant sits out the first round (or Exchange). Before anyone acts, the Smith may let some of them roll an INT Test: a d20 at or under their INT, with its chance shown, and on a success they may act at once.'],
      ['Exchanges', 'A table setting. Whoever starts the fight acts first. When an action ends, tick everyone it affected: one of them who has not acted goes next, or all of them at once; if one of them has acted already, that one names the next. Anyone who has not acted may try to cut in before the one about to act: both roll d20 + DEX mod and a tie goes to the one acting. Once everyone has acted, the Smith starts a new Exchange (one round of the tracker) or ends the fight. The log shows every d20 rolled, its total and who won.'],
      ['Light', 'Torches burn for one hour of real time and a lantern for a whole Venture. The timers run on the server, so every device shows the same time left.'],
      ['Hammer dice', 'Special dice whose symbols tell how a node or a Check turns out: hammers and falcons help, crossblades and skulls hinder, comets bring fortune, hourglasses cost time and teardrops cost supplies. Purple dice add danger, a blue die the reward. The odds of each symbol show before the roll. The Smith rolls a node’s pool here, seen by the Smith alone; players roll hammer dice for a Check from the tray.'],
    ],
  },
];
