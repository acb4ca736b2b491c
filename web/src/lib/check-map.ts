/**
 * The tray's buttons and a sheet's stats as a ruleset check, by the parameters' roles
 * (`CheckParamDef.role`), never by their names: the tray fills the die, the target or stat score,
 * steps, modifier, advantage, disadvantage, Feat and level, and the table's settings; a stat's button
 * fills the stat, its score and its modifier. Parameters of other roles are not sent, so the ruleset's
 * own defaults and validation apply unchanged.
 */
import type { CheckKindDef, CheckParamDef, ParamRecord, ParamValue, RuleSystem } from '../../../src/rules/rule-system.js';
import type { TrayState } from './tray.js';
import type { Settings } from './protocol.js';

/** The ruleset's check for a tray mode (`test`, `challenge`), when it has one. */
export function trayCheck(rs: Pick<RuleSystem, 'checks'> | null, mode: TrayState['mode']): CheckKindDef | null {
  if (rs === null || mode === 'roll') return null;
  return rs.checks.find((c) => c.id === mode) ?? null;
}

function inRange(p: CheckParamDef, n: number): boolean {
  return p.kind === 'integer' && Number.isInteger(n) && n >= p.min && n <= p.max;
}

/** The table's setting of the parameter's name, when it is a value the parameter takes. */
export function settingValue(p: CheckParamDef, settings: Settings): ParamValue | undefined {
  const v = settings[p.name];
  switch (p.kind) {
    case 'choice':
      return typeof v === 'string' && p.choices.some((c) => c.id === v) ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'integer':
      return typeof v === 'number' && inRange(p, v) ? v : undefined;
    case 'die':
      return typeof v === 'number' && p.sides.includes(v) ? v : undefined;
    case 'text':
      return typeof v === 'string' && v.length <= p.maxLength ? v : undefined;
  }
}

/** What the tray gives one parameter, by its role; undefined leaves it to the ruleset's default. */
function trayValue(p: CheckParamDef, tray: TrayState, settings: Settings): ParamValue | undefined {
  switch (p.role) {
    case 'die':
      if (p.kind === 'die') return p.sides.includes(tray.die) ? tray.die : undefined;
      return p.kind === 'integer' ? tray.die : undefined;
    case 'target':
    case 'stat-score':
      return p.kind === 'integer' ? tray.target : undefined;
    case 'steps':
      // A check declared with no steps (range 0 to 0) takes none, whatever the tray's Steps still hold.
      return p.kind === 'integer' && tray.steps !== 0 && p.max !== 0 ? tray.steps : undefined;
    case 'modifier':
      return p.kind === 'integer' && tray.mod !== 0 ? tray.mod : undefined;
    case 'advantage':
      return p.kind === 'boolean' && tray.vantage === 'adv' ? true : undefined;
    case 'disadvantage':
      return p.kind === 'boolean' && tray.vantage === 'dis' ? true : undefined;
    case 'feat':
      if (!tray.isFeat) return undefined;
      return p.kind === 'boolean' ? true : p.kind === 'integer' ? tray.featLevel : undefined;
    // The tray's level is the character level it rolls the Feat Die for.
    case 'level':
      return tray.isFeat && p.kind === 'integer' ? tray.featLevel : undefined;
    case 'setting':
      return settingValue(p, settings);
    case 'stat':
    case 'stat-mod':
    case 'option':
      return undefined;
  }
}

/** The check's parameters from the tray. */
export function trayParams(def: CheckKindDef, tray: TrayState, settings: Settings = {}): ParamRecord {
  const out: Record<string, ParamValue> = {};
  for (const p of def.params) {
    const v = trayValue(p, tray, settings);
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}

/**
 * The tray's die and target for a check a sheet set up (its `die` and its `target` or `stat-score`
 * parameters); a die the chain lacks is left out.
 */
export function trayFromCheck(def: CheckKindDef, params: ParamRecord, sides: readonly number[]): Partial<Pick<TrayState, 'die' | 'target'>> {
  const out: { die?: number; target?: number } = {};
  for (const p of def.params) {
    const v = params[p.name];
    if (typeof v !== 'number') continue;
    if (p.role === 'die' && sides.includes(v)) out.die = v;
    else if ((p.role === 'stat-score' || p.role === 'target') && out.target === undefined) out.target = v;
  }
  return out;
}

/** A stat as a roll button knows it: its attribute id, its score and its modifier (null when the ruleset has none). */
export interface StatOnSheet {
  readonly id: string;
  readonly score: number;
  readonly mod: number | null;
}

/** What a stat's button gives one parameter, by its role. */
function statValue(p: CheckParamDef, stat: StatOnSheet): ParamValue | undefined {
  switch (p.role) {
    case 'stat-score':
      return inRange(p, stat.score) ? stat.score : undefined;
    case 'stat':
      return p.kind === 'choice' ? p.choices.find((c) => c.id.toLowerCase() === stat.id.toLowerCase())?.id : undefined;
    case 'stat-mod':
      return stat.mod !== null && inRange(p, stat.mod) ? stat.mod : undefined;
    default:
      return undefined;
  }
}

/** The parameters a stat button gives a check, or null when it gives none or a required one stays empty. */
function statParams(c: CheckKindDef, stat: StatOnSheet): ParamRecord | null {
  const params: Record<string, ParamValue> = {};
  for (const p of c.params) {
    const v = statValue(p, stat);
    if (v !== undefined) params[p.name] = v;
  }
  if (Object.keys(params).length === 0) return null;
  for (const p of c.params) if (p.isRequired === true && params[p.name] === undefined && p.default === undefined) return null;
  return params;
}

/**
 * The check and parameters a stat's roll button sends: the ruleset's Test when it has one (roll
 * against the score), else the first check a stat alone can fill; null when none can.
 */
export function statCheck(rs: Pick<RuleSystem, 'checks'>, stat: StatOnSheet): { check: string; params: ParamRecord } | null {
  const ordered = [...rs.checks.filter((c) => c.id === 'test'), ...rs.checks.filter((c) => c.id !== 'test')];
  for (const c of ordered) {
    const params = statParams(c, stat);
    if (params) return { check: c.id, params };
  }
  return null;
}
