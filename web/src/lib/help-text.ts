/**
 * The help dialog's text for every table, whatever its ruleset (a ruleset adds its own through its web
 * parts' `help`): rolling in the tray, where the tools are, who sees a secret roll, chat and whispers,
 * seats on several devices, the Smith's screen. It names no ruleset.
 */
import { MAX_CHAT_LENGTH } from '../../../src/table/limits.js';
import type { HelpSection } from '../rulesets/types.js';

/** What every table has, whatever its ruleset. */
export const GENERAL_HELP: readonly HelpSection[] = [
  {
    id: 'rolling',
    title: 'Rolling: Roll, Test and Challenge',
    paragraphs: [
      'The dice tray has three modes. Roll throws the dice you choose (or what you type, like 4d6kh3) and adds them up.',
      'A Test is made against something of your own, usually a stat: it succeeds when the die shows the target or less, so a high stat is good.',
      'A Challenge is made against something outside you, such as a difficulty or a foe’s Defense: the total must be above the target; a tie fails.',
      'In Test and Challenge, a + step or a + modifier always helps you, whichever way the roll counts. Advantage rolls the die twice and keeps the better one.',
      'Before you roll, the tray shows the exact chance of each outcome, worked out on your device from the dice and the rules. Change a step or the target and the odds change with it.',
    ],
  },
  {
    id: 'tools',
    title: 'Where things are',
    paragraphs: [],
    terms: [
      ['Dice tray', 'Rolls, checks and their odds. A stat on a character sheet opens the tray set up for a Test against it.'],
      ['Log', 'The table’s story as it happens: every roll, check and message you may see, with who made it.'],
      ['Characters', 'Make a character (roll it, look it over, keep it), import one from JSON, and open a sheet: its stats roll, its dice step down as they are used, and it prints on its own.'],
      ['Combat', 'The tracker: who is in the fight, their Health and Armour, and whose turn it is.'],
      ['Smith', 'The Smith’s screen, for the Smith only.'],
    ],
  },
  {
    id: 'secret',
    title: 'Who sees a roll',
    paragraphs: [
      'Choose it under “Who sees it” in the tray, or “Rolls seen by” on a sheet, before you roll.',
      'The server hides a secret result before it leaves: the other players’ devices never receive it, so it cannot be found in the page either.',
    ],
    terms: [
      ['Public', 'Everyone at the table sees the roll and its result.'],
      ['Smith only', 'The Smith and you see the result; the others see “Secret roll by” your name, without it.'],
      ['Blind', 'Only the Smith sees the result, not even you: for rolls whose outcome your character would not know, like searching for a trap.'],
    ],
  },
  {
    id: 'chat',
    title: 'Chat and whispers',
    paragraphs: [
      `Write in the message box of the log: everyone at the table reads it (up to ${MAX_CHAT_LENGTH} characters).`,
      'Send it to the Smith to whisper: only the Smith and you read it, the others see only that a whisper was sent. The Smith can whisper to any one player. Messages stay in the log with the rolls.',
    ],
  },
  {
    id: 'seats',
    title: 'Seats and devices',
    paragraphs: [
      'Your seat at a table is kept in this browser. To sit in the same seat on another device, open your personal seat link there. Keep it to yourself: whoever opens it plays as you. A new seat link stops the old one on every device.',
      'The Smith invites players with the invite link (Invite players, at the top of the table). A new invite link stops the old one for newcomers; players already at the table stay.',
      'The Smith can rename and remove members, hand a character to another player, and give a player who lost their device a new seat link.',
    ],
  },
  {
    id: 'smith',
    title: 'The Smith’s screen',
    paragraphs: [
      'The Smith runs the game. The Smith’s screen has a blind roll, the table’s rulings (options the rules leave to each table, set to sensible defaults), the members of the table, and then the tools of this table’s ruleset.',
    ],
  },
];

