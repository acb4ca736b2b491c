/**
 * HAMMERCRAWL!'s richer creation choices on top of the generic form: the stock as a list of the
 * method's setting (Option B: HAMMERCRAWL! stocks; Option P: Palladium stocks) instead of a free id,
 * and stock and class offered only where the method lets the player choose them (not Option A).
 */
import type { ParamDef } from '../../../../src/rules/rule-system.js';
import { stocksFor } from '../../../../src/rules/hammercrawl/create-character.js';
import type { CreationMethod } from '../../../../src/rules/hammercrawl/character.js';
import type { FormValues } from '../../lib/params.js';

function methodOf(values: FormValues): CreationMethod {
  const m = values['method'];
  return m === 'semi' || m === 'palladium' ? m : 'random';
}

/** The creation options to show for the values chosen so far. */
export function hammercrawlCreationDefs(defs: readonly ParamDef[], values: FormValues): ParamDef[] {
  const method = methodOf(values);
  const out: ParamDef[] = [];
  for (const d of defs) {
    if ((d.name === 'stock' || d.name === 'class') && method === 'random') continue;
    if (d.name === 'stock' && d.kind === 'text') {
      out.push({
        name: d.name,
        kind: 'choice',
        label: d.label,
        help: method === 'palladium' ? 'a Palladium stock (rolled when left out)' : 'a stock of the setting (rolled when left out)',
        choices: stocksFor(method).map((s) => ({ id: s.id, label: s.label })),
      });
      continue;
    }
    out.push(d);
  }
  return out;
}

/** Values without the choices the method does not allow (switching to Option A clears them). */
export function hammercrawlValues(values: FormValues): FormValues {
  if (methodOf(values) !== 'random') return values;
  const { stock: _s, class: _c, ...rest } = values;
  return rest;
}
