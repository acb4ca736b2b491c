/**
 * HAMMERCRAWL!'s web parts (the registry's `hammercrawl` entry, a chunk of its own): the tray's Feat
 * Die and hammer dice pools, the Smith's Venture panel, light timers and node pool, the magick section
 * of a caster's sheet, the richer creation choices, and the tracker's one-click attacks with their
 * monster lines, and the log cards of its rolls, Ventures and magick. The panels are chunks of their own again,
 * loaded on first use.
 */
import { InitiativePanel } from './initiative-panel.js';
import { MAX_CHARACTER_LEVEL, MIN_CHARACTER_LEVEL, featDie } from '../../../../src/rules/hammercrawl/feat-die.js';
import { lazyComponent } from '../../ui/lazy.js';
import type { CombatAttackProps, CreationFieldsProps, RulesetWeb, SheetPanelProps, SmithPanelProps, TrayPanelProps } from '../types.js';
import { HAMMERCRAWL_HELP } from './help.js';
import { hammercrawlLogCard } from './log-card.js';
import { hammercrawlRollCard } from './roll-card.js';
import { magickEvents, ventureEvents } from './wire.js';
import { hammercrawlCreationDefs, hammercrawlValues } from './wizard.js';

const HammerTray = lazyComponent<TrayPanelProps>(() => import('./hammer-tray.js').then((m) => m.HammerTray));
const NodePool = lazyComponent<SmithPanelProps>(() => import('./hammer-tray.js').then((m) => m.NodePool));
const VenturePanel = lazyComponent<SmithPanelProps>(() => import('./venture.js').then((m) => m.VenturePanel));
const LightTimers = lazyComponent<SmithPanelProps>(() => import('./lights.js').then((m) => m.LightTimers));
const MagickPanel = lazyComponent<SheetPanelProps>(() => import('./magick.js').then((m) => m.MagickPanel));
const LimitsPanel = lazyComponent<SheetPanelProps>(() => import('./limits-panel.js').then((m) => m.LimitsPanel));
const EncumbrancePanel = lazyComponent<SheetPanelProps>(() => import('./encumbrance.js').then((m) => m.EncumbrancePanel));
const CreationFields = lazyComponent<CreationFieldsProps>(() => import('./wizard-fields.js').then((m) => m.HammercrawlCreationFields));
const AttackControl = lazyComponent<CombatAttackProps>(() => import('./combat-attack.js').then((m) => m.AttackControl));

function MonsterLineHint() {
  return (
    <>
      HD, attack bonus, Defense, damage (a DV or dice). Health and Armour above are the dice rolled (Health left empty: from the HD). E.g. goblin{' '}
      <code>hd=1,attack=+1,defense=11,damage=d6</code>, ogre <code>hd=4,attack=+4,defense=12,damage=2d6</code>, boss{' '}
      <code>hd=6,attack=+5,defense=14,damage=d10,role=boss</code>.
    </>
  );
}

/** Character levels, lowest first. */
const LEVELS = Array.from({ length: MAX_CHARACTER_LEVEL - MIN_CHARACTER_LEVEL + 1 }, (_, i) => MIN_CHARACTER_LEVEL + i);

/** HAMMERCRAWL!'s web parts. */
export const web: RulesetWeb = {
  id: 'hammercrawl',
  tray: {
    feat: { levels: LEVELS, dieOf: (level) => featDie(level) },
    panels: [{ id: 'hammer', title: 'Hammer dice pool', Panel: HammerTray }],
  },
  smithPanels: [VenturePanel, LightTimers, NodePool],
  sheetPanels: [
    {
      // Casters, characters with magick already, and to whoever may act, any character: anyone may cast from a scroll (MG-10).
      isShown: ({ session, character, canAct }) => canAct || character.document['spellcasting'] != null || magickEvents(session.state.value.rulesetEvents, character.id).length > 0,
      Panel: MagickPanel,
    },
    // Counted uses (VE-18): for a character the Venture counts uses of, and to the Smith, who counts them.
    { isShown: ({ session, character }) => session.isSmith.value || ventureEvents(session.state.value.rulesetEvents).some((e) => e.kind === 'limit-set' && e.holder === character.id), Panel: LimitsPanel },
    // Encumbrance and bags (INVENTORY), for every character with an inventory.
    { isShown: ({ character }) => Array.isArray(character.document['inventory']), Panel: EncumbrancePanel },
  ],
  creation: { fields: hammercrawlCreationDefs, values: hammercrawlValues, Fields: CreationFields },
  combat: {
    healthExample: 'd8',
    armourExample: 'd4',
    monsterLine: { label: 'Monster line (for one-click attacks)', placeholder: 'hd=2,attack=+3,defense=12,damage=d6', Hint: MonsterLineHint },
    attack: { canAttack: (c) => c.characterId !== null || c.monster !== null, Control: AttackControl },
    Panel: InitiativePanel,
  },
  rollCard: hammercrawlRollCard,
  help: HAMMERCRAWL_HELP,
  logCard: hammercrawlLogCard,
};
