/**
 * Reading a whole parameter record against its descriptions, and the parameter descriptions the check
 * kinds share. Rules: The Exalted Hack, Resolving Actions and Attributes; Other Rolls.
 */
import { ok, problem, readParam, unknownParam, type CheckParamDef, type ParamDef, type ParamRecord, type ParamValue, type RuleResult } from '../rule-system.js';
import { MAX_ATTRIBUTE_SCORE, MAX_LEVEL, MAX_TARGET_MODIFIER } from './attributes.js';

/** Most members a group roll, initiative or surprise check takes (Group Rolls; a project limit). */
export const MAX_GROUP_SIZE = 20;

/** Longest list of scores a group roll accepts as text, 20 scores with commas and spaces (Group Rolls). */
export const MAX_SCORE_LIST_LENGTH = 100;

/** Every parameter of a record, read: defaults filled, `undefined` where optional and absent (rule-system.ts). */
export type ReadParams = Readonly<Record<string, ParamValue | undefined>>;

/** Reads every parameter of `params` against `defs` (rule-system.ts `readParam`): the first problem, or the values. */
export function readParams(defs: readonly ParamDef[], params: ParamRecord): RuleResult<ReadParams> {
  const unknown = unknownParam(defs, params);
  if (unknown !== null) return { ok: false, error: unknown };
  const out: Record<string, ParamValue | undefined> = {};
  for (const def of defs) {
    const r = readParam(defs, params, def.name);
    if (!r.ok) return r;
    out[def.name] = r.value;
  }
  return ok(out);
}

/** A read integer parameter; a programmer error throws (rule-system.ts). */
export function intOf(values: ReadParams, name: string): number {
  const v = values[name];
  if (typeof v !== 'number') throw new TypeError(`parameter ${name} is not a number`);
  return v;
}

/** A read integer parameter that may be absent (rule-system.ts). */
export function optionalIntOf(values: ReadParams, name: string): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number') throw new TypeError(`parameter ${name} is not a number`);
  return v;
}

/** A read boolean parameter (rule-system.ts). */
export function boolOf(values: ReadParams, name: string): boolean {
  const v = values[name];
  if (typeof v !== 'boolean') throw new TypeError(`parameter ${name} is not a boolean`);
  return v;
}

/** A read choice or text parameter (rule-system.ts). */
export function textOf(values: ReadParams, name: string): string {
  const v = values[name];
  if (typeof v !== 'string') throw new TypeError(`parameter ${name} is not text`);
  return v;
}

/** An attribute score parameter, 1-18 (Attribute Limit). */
export function attributeParam(name: string, label: string, help: string): CheckParamDef {
  return { kind: 'integer', name, role: 'stat-score', label, help, min: 1, max: MAX_ATTRIBUTE_SCORE, isRequired: true };
}

/** The + or - on the target (+ or -). */
export const MODIFIER_PARAM = {
  kind: 'integer', name: 'modifier', role: 'modifier', label: 'Modifier', min: -MAX_TARGET_MODIFIER, max: MAX_TARGET_MODIFIER, default: 0,
  help: 'A + or - that moves the target, never the die (+ or -).',
} as const satisfies CheckParamDef;

/** Advantage: two d20s, keep the lower (Extra Rules). */
export const ADVANTAGE_PARAM = {
  kind: 'boolean', name: 'advantage', role: 'advantage', label: 'Advantage', default: false,
  help: 'Roll two d20s and keep the lower; with disadvantage too the roll is normal.',
} as const satisfies CheckParamDef;

/** Disadvantage: two d20s, keep the higher (Extra Rules). */
export const DISADVANTAGE_PARAM = {
  kind: 'boolean', name: 'disadvantage', role: 'disadvantage', label: 'Disadvantage', default: false,
  help: 'Roll two d20s and keep the higher; with advantage too the roll is normal.',
} as const satisfies CheckParamDef;

/** Rolling against a powerful NPC halves the attribute unless the character is epic (Powerful NPCs; EH-3). */
export const POWERFUL_FOE_PARAM = {
  kind: 'boolean', name: 'powerful-foe', role: 'option', label: 'Against a powerful NPC', default: false,
  help: 'The foe is a powerful NPC: the attribute is halved, unless the character is level 20 (Powerful NPCs).',
} as const satisfies CheckParamDef;

/** The roller's level; only level 20 matters for checks (Powerful NPCs). */
export const LEVEL_PARAM = {
  kind: 'integer', name: 'level', role: 'level', label: 'Level', min: 1, max: MAX_LEVEL, default: 1,
  help: 'The character\'s level; at level 20 a powerful foe does not halve the attribute.',
} as const satisfies CheckParamDef;

/** A comma-separated list of attribute scores, one per member of a group (Group Rolls). */
export function scoreListParam(name: string, label: string, help: string): CheckParamDef {
  return { kind: 'text', name, role: 'option', label, help, maxLength: MAX_SCORE_LIST_LENGTH, isRequired: true, example: '12,14,9' };
}

/**
 * Parses "12, 14, 9" into scores 1-18, 1 to 20 of them; a problem names the entry that is wrong.
 * @example parseScoreList('12,14,9', 'attributes') // ok([12, 14, 9])
 */
export function parseScoreList(text: string, name: string): RuleResult<number[]> {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > MAX_GROUP_SIZE) {
    return problem('exalted-hack/group-too-large', `A group roll takes at most ${MAX_GROUP_SIZE} members, got ${parts.length}; split the company.`, `$.${name}`);
  }
  const scores: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,2}$/.test(part) || Number(part) < 1 || Number(part) > MAX_ATTRIBUTE_SCORE) {
      return problem(
        'exalted-hack/bad-score-list',
        `Entry ${i + 1} of ${name} must be an attribute score from 1 to ${MAX_ATTRIBUTE_SCORE}, got "${part}"; write the scores like 12,14,9.`,
        `$.${name}[${i}]`,
      );
    }
    scores.push(Number(part));
  }
  return ok(scores);
}
