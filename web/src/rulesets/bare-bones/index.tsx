/**
 * The Bare Bones web parts (the registry's `bare-bones` entry, a chunk of its own): the tracker's
 * melee and missile exchanges with their odds, the monster line, Blood and Sweat and Armor Class as the
 * tracker's Health and Armour, and the initiative panel with the ambush (the table's one Roll initiative button).
 */
import { lazyComponent } from '../../ui/lazy.js';
import type { CombatAttackProps, CombatPanelProps, RulesetWeb } from '../types.js';
import { MONSTER_LINE_EXAMPLE } from '../../../../src/rules/bare-bones/table/monster-line.js';

const AttackControl = lazyComponent<CombatAttackProps>(() => import('./combat-attack.js').then((m) => m.AttackControl));
const InitiativePanel = lazyComponent<CombatPanelProps>(() => import('./initiative-panel.js').then((m) => m.InitiativePanel));

function MonsterLineHint() {
  return (
    <>
      STR (melee), DEX (missiles), Armor Class (or <code>armour=medium</code> and <code>shield=yes</code>), Blood and Sweat, the weapon&apos;s weight (light d6, medium d8, heavy d10) and kind. Health and Armour left empty are filled from it. E.g.
      goblin <code>str=9,dex=12,ac=10,blood=4,weapon=light</code>, orc <code>str=12,ac=11,blood=6,sweat=3,weapon=heavy</code>, archer <code>dex=13,ac=10,blood=6,kind=bow</code>.
    </>
  );
}

/** The Bare Bones web parts. */
export const web: RulesetWeb = {
  id: 'bare-bones',
  combat: {
    healthExample: '8/8 (Sweat 3/3)',
    healthLabel: 'Blood',
    armourExample: '11',
    armourLabel: 'AC',
    monsterLine: { label: 'Monster line (for the tracker’s attacks)', placeholder: MONSTER_LINE_EXAMPLE, Hint: MonsterLineHint },
    attack: { canAttack: (c) => c.characterId !== null || c.monster !== null, Control: AttackControl },
    Panel: InitiativePanel,
    // The panel's button rolls the WIS saves with the ambush chosen: the tracker's generic one would roll without it.
    rollsInitiative: true,
  },
};
