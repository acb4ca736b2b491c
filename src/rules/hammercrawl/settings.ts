/**
 * The HAMMERCRAWL! rulings that are table settings (docs/rulings.md: where the text offers a choice, the
 * choice is a setting with the default named here). A module of its own, so the web table can offer
 * them without loading the ruleset.
 */
import type { ParamDef } from '../rule-system.js';

/** Every HAMMERCRAWL! table setting with its default. */
export const HAMMERCRAWL_SETTINGS: readonly ParamDef[] = [
  {
    name: 'below-d3',
    kind: 'choice',
    label: 'A die stepped below d3',
    help: 'Ruling D-1 / C-8: clamp keeps a d3; negate removes the die.',
    choices: [
      { id: 'clamp', label: 'Clamp (stays d3)' },
      { id: 'negate', label: 'Negate (no die)' },
    ],
    default: 'clamp',
  },
  {
    name: 'stance-symbols',
    kind: 'choice',
    label: 'Hourglasses and teardrops',
    help: 'Ruling H-2: as the face list (default), or as the symbol sections read.',
    choices: [
      { id: 'face-list', label: 'As the face list' },
      { id: 'symbol-sections', label: 'As the symbol sections' },
    ],
    default: 'face-list',
  },
  {
    name: 'xp-when-both',
    kind: 'choice',
    label: 'XP when hammers and crossblades both show',
    help: 'Ruling H-9: one XP for the Check, or two.',
    choices: [
      { id: 'one', label: 'One XP' },
      { id: 'two', label: 'Two XP' },
    ],
    default: 'one',
  },
  { name: 'con-on-armour', kind: 'boolean', label: 'CON mod adds to Armour Die soaks', help: 'Ruling H-1: off by default.', default: false },
  {
    name: 'minion-challenge',
    kind: 'choice',
    label: "Rolls against a minion's static values",
    help: 'Ruling CB-1: must beat the value (default), or equal or exceed it.',
    choices: [
      { id: 'beat', label: 'Must beat it' },
      { id: 'meet', label: 'Equal or exceed' },
    ],
    default: 'beat',
  },
  {
    name: 'concentration-penalty',
    kind: 'choice',
    label: 'Concentration penalty per spell sustained',
    help: 'Ruling MG-8: -1 to the target (default), or a step down.',
    choices: [
      { id: 'target', label: 'Lowers the target' },
      { id: 'steps', label: 'Steps the die' },
    ],
    default: 'target',
  },
  { name: 'town-rest-restores-con', kind: 'boolean', label: 'A town rest restores burnt CON', help: 'Ruling MG-9: on by default.', default: true },
  { name: 'max-overcast-points', kind: 'integer', min: 0, max: 20, label: 'Most CON burnt in one over-cast', help: 'Ruling MG-9: leave empty for no limit.' },
];
