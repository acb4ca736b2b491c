/**
 * The Exalted Hack's web parts: the combat tracker's words (HP and armour as numbers, the foe's monster
 * line) and its one-click attacks (combat-attack.tsx, a lazy chunk of its own); a dice tray whose plain
 * rolls take no Steps (EH-37).
 */
import { lazyComponent } from '../../ui/lazy.js';
import type { CombatAttackProps, RulesetWeb } from '../types.js';

function MonsterLineHint() {
  return (
    <>
      What the foe's attacks do (the protagonists roll everything): its damage die and bonus, and "powerful" (halves the protagonists' rolls against it) or "magical" (passes regular armour). E.g.{' '}
      <code>damage=d8+1</code>, <code>damage=d10+2, powerful</code>. Left empty: d6. Its HP and armour are the fields above.
    </>
  );
}

const AttackControl = lazyComponent<CombatAttackProps>(() => import('./combat-attack.js').then((m) => m.AttackControl));

/** The Exalted Hack's web parts. */
export const web: RulesetWeb = {
  id: 'exalted-hack',
  // Its chain is the usage dice' (d4 to d12), stepped by use; a plain roll is never stepped (ruling EH-37).
  tray: { plainSteps: false },
  combat: {
    healthExample: '9/9',
    armourExample: '1',
    healthLabel: 'HP',
    armourLabel: 'Armour',
    monsterLine: { label: 'Foe’s damage (for one-click attacks)', placeholder: 'damage=d8+1', Hint: MonsterLineHint },
    attack: { canAttack: () => true, Control: AttackControl },
  },
};
