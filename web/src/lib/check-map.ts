/**
 * The tray's buttons as a ruleset check: a Test or a Challenge of the table's ruleset, its parameters
 * filled from the tray by their names (die, target, steps, mod, adv, dis, vantage, feat). Parameters the
 * check does not describe are not sent, so the ruleset's own validation applies unchanged.
 */
import type { CheckKindDef, ParamRecord, ParamValue, RuleSystem } from '../../../src/rules/rule-system.js';
import type { TrayState } from './tray.js';
import type { Settings } from './protocol.js';

/** The ruleset's check for a tray mode (`test`, `challenge`), when it has one. */
export function trayCheck(rs: RuleSystem | null, mode: TrayState['mode']): CheckKindDef | null {
  if (rs === null || mode === 'roll') return null;
  return rs.checks.find((c) => c.id === mode) ?? null;
}

/** The check's parameters from the tray. */
export function trayParams(def: CheckKindDef, tray: TrayState, settings: Settings = {}): ParamRecord {
  const out: Record<string, ParamValue> = {};
  for (const p of def.params) {
    switch (p.name) {
      case 'die':
        if (p.kind === 'die' ? p.sides.includes(tray.die) : p.kind === 'integer') out[p.name] = tray.die;
        break;
      case 'target':
        out[p.name] = tray.target;
        break;
      // A Test whose target is the stat's score under another name (The Bare Bones: `stat`).
      case 'stat':
      case 'score':
      case 'attribute':
      case 'attribute-score':
        if (p.kind === 'integer') out[p.name] = tray.target;
        break;
      case 'steps':
        if (tray.steps !== 0) out[p.name] = tray.steps;
        break;
      case 'mod':
      case 'modifier':
        if (tray.mod !== 0) out[p.name] = tray.mod;
        break;
      case 'adv':
      case 'advantage':
        if (p.kind === 'boolean' && tray.vantage === 'adv') out[p.name] = true;
        break;
      case 'dis':
      case 'disadvantage':
        if (p.kind === 'boolean' && tray.vantage === 'dis') out[p.name] = true;
        break;
      case 'vantage':
        if (p.kind === 'choice' && tray.vantage !== 'none') {
          const want = tray.vantage === 'adv' ? /^adv/ : /^dis/;
          const choice = p.choices.find((c) => want.test(c.id));
          if (choice) out[p.name] = choice.id;
        }
        break;
      case 'feat':
        if (tray.isFeat) out[p.name] = p.kind === 'boolean' ? true : tray.featLevel;
        break;
      case 'level':
      case 'feat-level':
        if (tray.isFeat) out[p.name] = tray.featLevel;
        break;
      case 'below-d3': {
        const v = settings['below-d3'];
        if (typeof v === 'string' && p.kind === 'choice' && p.choices.some((c) => c.id === v)) out[p.name] = v;
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Names of a parameter that takes the stat's score. */
const SCORE_PARAMS = ['target', 'stat', 'score', 'attribute-score'];
/** Names of a parameter that names the stat. */
const STAT_PARAMS = ['stat', 'attribute'];

/** The parameters a stat button gives a check, or null when a required parameter stays empty. */
function statParams(c: CheckKindDef, statId: string, score: number): ParamRecord | null {
  const params: Record<string, ParamValue> = {};
  for (const p of c.params) {
    if (STAT_PARAMS.includes(p.name) && p.kind === 'choice') {
      const choice = p.choices.find((x) => x.id.toLowerCase() === statId.toLowerCase());
      if (choice) params[p.name] = choice.id;
    } else if ((SCORE_PARAMS.includes(p.name) || STAT_PARAMS.includes(p.name)) && p.kind === 'integer' && score >= p.min && score <= p.max) {
      params[p.name] = score;
    }
  }
  if (Object.keys(params).length === 0) return null;
  for (const p of c.params) if (p.isRequired === true && params[p.name] === undefined && p.default === undefined) return null;
  return params;
}

/**
 * The check and parameters a stat's roll button sends: the ruleset's Test when it has one (roll
 * against the score), else the first check a stat alone can fill; null when none can.
 */
export function statCheck(rs: Pick<RuleSystem, 'checks'>, statId: string, score: number): { check: string; params: ParamRecord } | null {
  const ordered = [...rs.checks.filter((c) => c.id === 'test'), ...rs.checks.filter((c) => c.id !== 'test')];
  for (const c of ordered) {
    const params = statParams(c, statId, score);
    if (params) return { check: c.id, params };
  }
  return null;
}
