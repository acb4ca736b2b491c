/**
 * The HAMMERCRAWL! rulings that are table settings (docs/rulings.md: where the text offers a choice, the
 * choice is a setting with the default named here). A module of its own, so the web table can offer
 * them without loading the ruleset. Labels and help are for someone who has not read the rulings; the
 * ruling's code is in `ref`.
 */
import type { ParamDef } from '../rule-system.js';

/** Every HAMMERCRAWL! table setting with its default. */
export const HAMMERCRAWL_SETTINGS: readonly ParamDef[] = [
  {
    name: 'below-d3',
    kind: 'choice',
    label: 'When a die is stepped below a d3',
    help: 'Enough penalty steps can push a die below the smallest one: keep rolling a d3, or lose the die altogether.',
    choices: [
      { id: 'clamp', label: 'It stays a d3' },
      { id: 'negate', label: 'The die is lost' },
    ],
    default: 'clamp',
    ref: 'rulings D-1, C-8',
  },
  {
    name: 'stance-symbols',
    kind: 'choice',
    label: 'Hourglasses and teardrops on the hammer dice',
    help: 'The rules put these two symbols on different dice in two places: the list of faces (hourglass on green, teardrop on red) or the symbol descriptions (the other way round).',
    choices: [
      { id: 'face-list', label: 'As the list of faces' },
      { id: 'symbol-sections', label: 'As the symbol descriptions' },
    ],
    default: 'face-list',
    ref: 'hammer dice ruling H-2',
  },
  {
    name: 'xp-when-both',
    kind: 'choice',
    label: 'Experience when the hammer dice show hammers and crossblades',
    help: 'Each of the two symbols earns 1 XP; when both show on one Check, the character gets 1 XP in all, or 2.',
    choices: [
      { id: 'one', label: '1 XP' },
      { id: 'two', label: '2 XP' },
    ],
    default: 'one',
    ref: 'hammer dice ruling H-9',
  },
  {
    name: 'hammer-die',
    kind: 'choice',
    label: 'The hammer dice instead of the Feat Die and Advantage',
    help: "The rules offer the hammer dice as a proposed replacement for the Feat Die and Advantage. Off: a check keeps its Feat Die and Advantage. Replace: a check rolled with its hammer dice turns its Feat, Advantage and Disadvantage into hammer dice instead.",
    choices: [
      { id: 'off', label: 'Off: the Feat Die and Advantage' },
      { id: 'replace', label: 'Replace them with hammer dice' },
    ],
    default: 'off',
    ref: 'hammer dice ruling H-23',
  },
  {
    name: 'con-on-armour',
    kind: 'boolean',
    label: 'Constitution also helps the Armour Die soak damage',
    help: 'The CON modifier always adds to Health Die soaks; on, it adds to Armour Die soaks as well.',
    default: false,
    ref: 'damage ruling H-1',
  },
  {
    name: 'minion-challenge',
    kind: 'choice',
    label: "Rolling against a minion's Defense or attack",
    help: "Players roll against a minion's fixed numbers: must the roll be higher, or is a tie enough?",
    choices: [
      { id: 'meet', label: 'A tie is enough (equal or exceed)' },
      { id: 'beat', label: 'Must roll higher' },
    ],
    default: 'meet',
    ref: 'ruling CB-1',
  },
  {
    name: 'initiative-flow',
    kind: 'choice',
    label: 'Initiative in the combat tracker',
    help: "The rules' original flow (the leaders' Initiative Contest, then each combatant passes the initiative) or the 2024-09 Exchanges (who acts next follows from who was affected).",
    choices: [
      { id: 'passing', label: 'Passing the initiative (original)' },
      { id: 'exchanges', label: 'Exchanges (2024-09 proposal)' },
    ],
    default: 'passing',
    ref: 'ruling IN-2',
  },
  {
    name: 'interrupt-ties',
    kind: 'choice',
    label: 'A tie when someone interrupts (passing the initiative)',
    help: 'Both roll to see who goes first: re-roll a tie, as every other initiative tie, or give it to the one who was about to act. In the Exchanges the rules give the tie to the one about to act.',
    choices: [
      { id: 'reroll', label: 'Re-roll the tie' },
      { id: 'target', label: 'The one about to act goes first' },
    ],
    default: 'reroll',
    ref: 'ruling IN-4',
  },
  {
    name: 'concentration-penalty',
    kind: 'choice',
    label: 'Penalty for each spell a caster keeps going',
    help: "When a caster's concentration is tested, each spell they sustain makes the Test harder.",
    choices: [
      { id: 'target', label: '-1 to the target number per spell' },
      { id: 'steps', label: 'One penalty step on the die per spell' },
    ],
    default: 'target',
    ref: 'ruling MG-8',
  },
  {
    name: 'town-rest-restores-con',
    kind: 'boolean',
    label: 'A rest in town gives back CON burnt by over-casting',
    help: 'Off: only the Smith gives the points back.',
    default: true,
    ref: 'ruling MG-9',
  },
  {
    name: 'max-overcast-points',
    kind: 'integer',
    min: 0,
    max: 20,
    label: 'Most CON a caster may burn on one spell',
    help: 'Leave it empty for no limit (CON never goes below 1).',
    ref: 'ruling MG-9',
  },
];
