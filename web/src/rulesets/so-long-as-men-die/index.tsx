/**
 * So Long as Men Die's web parts (the registry's `so-long-as-men-die` entry, a chunk of its own): the
 * tracker's words for its fields (Wounds left, Defense), the foes' monster line, and the one-click
 * attack with its exact odds (combat-attack.tsx), and the phases of a round above the tracker
 * (phases-panel.tsx), each loaded on first use.
 */
import { lazyComponent } from '../../ui/lazy.js';
import type { CombatAttackProps, CombatPanelProps, RulesetWeb } from '../types.js';

const PhasesPanel = lazyComponent<CombatPanelProps>(() => import('./phases-panel.js').then((m) => m.PhasesPanel));
const AttackControl = lazyComponent<CombatAttackProps>(() => import('./combat-attack.js').then((m) => m.SlamdAttackControl));

function MonsterLineHint() {
  return (
    <>
      The foe's Attack Roll (damage dice that explode, and a Modifier), its Toughness Dice and CON Score; its Defense Die is the Defense field, its Wounds
      left the Wounds field (empty: as many as its CON). E.g. bandit <code>damage=1d8,mod=+1,toughness=1,con=10</code>, wolf{' '}
      <code>damage=1d6,toughness=2,con=8</code>, brawler <code>damage=1d6,con=12,nonlethal</code>.
    </>
  );
}

/** So Long as Men Die's web parts. */
export const web: RulesetWeb = {
  id: 'so-long-as-men-die',
  // No roll of the text moves a die along a chain from the tray (SL-38).
  tray: { plainSteps: false },
  combat: {
    healthLabel: 'Wounds left',
    armourLabel: 'Defense',
    healthExample: '10/10',
    armourExample: 'd6 +2',
    monsterLine: { label: 'Monster line (for one-click attacks)', placeholder: 'damage=1d8,mod=+1,toughness=1,con=10', Hint: MonsterLineHint },
    attack: { canAttack: (c) => c.characterId !== null || c.monster !== null, Control: AttackControl },
    Panel: PhasesPanel,
  },
};
