/**
 * Readers of untrusted JSON into typed values, for the commands a ruleset adds to a shared table
 * (`TableExtension.readCommand`). Pure and small: each reader checks one value and names the JSON path
 * of the first problem (`$.command.spellId: must be at most 60 characters`), so a client's mistake
 * comes back as a `RuleProblem` it can act on (`path` is `$.command.spellId`). Unknown keys of an object are dropped, never kept.
 * @example const r = readObject({ id: readString({ min: 1, max: 60 }), n: optional(readInteger(0, 9)) }); r({ id: 'a' }, '$')
 */
import { ok, problem, type RuleResult } from './rule-system.js';

/** Reads one value found at `path`. */
export type Reader<T> = (value: unknown, path: string) => RuleResult<T>;

/** A field an object may leave out: absent in the value read. */
export interface OptionalField<T> {
  readonly isOptional: true;
  readonly read: Reader<T>;
}

/** A field of an object reader's shape. */
export type Field = Reader<unknown> | OptionalField<unknown>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The value an object reader of shape `S` gives: required keys as they are, optional keys as `?:`. */
export type ObjectOf<S extends Readonly<Record<string, Field>>> = Simplify<
  { readonly [K in keyof S as S[K] extends OptionalField<unknown> ? never : K]: S[K] extends Reader<infer T> ? T : never } & {
    readonly [K in keyof S as S[K] extends OptionalField<unknown> ? K : never]?: S[K] extends OptionalField<infer T> ? T : never;
  }
>;

/** The value a reader gives. */
export type ReadValue<R> = R extends Reader<infer T> ? T : never;

/** A problem at `path`; the message names the field as the protocol's other messages do (`command.spellId: ...`). */
const bad = <T>(path: string, message: string): RuleResult<T> => problem('json/invalid', `${path.replace(/^\$\.?/, '') || 'message'}: ${message}`, path);

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

/** A path one key or index deeper. */
export function childPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Text, trimmed when `trim`, of a length from `min` (default 0) to `max`, matching `pattern` when given. */
export function readString(options: { readonly min?: number; readonly max: number; readonly trim?: boolean; readonly pattern?: RegExp; readonly patternHelp?: string }): Reader<string> {
  return (value, path) => {
    if (typeof value !== 'string') return bad(path, `must be text, got ${show(value)}`);
    const text = options.trim === true ? value.trim() : value;
    const min = options.min ?? 0;
    if (text.length < min) return bad(path, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
    if (text.length > options.max) return bad(path, `must be at most ${options.max} characters, got ${text.length}`);
    if (options.pattern !== undefined && !options.pattern.test(text)) return bad(path, `must be ${options.patternHelp ?? `like ${String(options.pattern)}`}`);
    return ok(text);
  };
}

/** A whole number from `min` to `max`. */
export function readInteger(min: number, max: number): Reader<number> {
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return bad(path, `must be a whole number, got ${show(value)}`);
    if (value < min || value > max) return bad(path, `must be from ${min} to ${max}, got ${value}`);
    return ok(value);
  };
}

/** true or false. */
export const readBoolean: Reader<boolean> = (value, path) => (typeof value === 'boolean' ? ok(value) : bad(path, `must be true or false, got ${show(value)}`));

/** One of `values` (text). */
export function readOneOf<const L extends string>(values: readonly L[]): Reader<L> {
  return (value, path) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? ok(value as L) : bad(path, `must be one of ${values.join(', ')}, got ${show(value)}`);
}

/** Exactly `literal`. */
export function readLiteral<const L extends string | number>(literal: L): Reader<L> {
  return (value, path) => (value === literal ? ok(literal) : bad(path, `must be ${JSON.stringify(literal)}, got ${show(value)}`));
}

/** A list of `min` (default 0) to `max` items, each read by `item`. */
export function readArray<T>(item: Reader<T>, options: { readonly min?: number; readonly max: number }): Reader<readonly T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) return bad(path, `must be a list, got ${show(value)}`);
    const min = options.min ?? 0;
    if (value.length < min) return bad(path, `must have at least ${min} item${min === 1 ? '' : 's'}`);
    if (value.length > options.max) return bad(path, `must have at most ${options.max} items, got ${value.length}`);
    const out: T[] = [];
    for (let i = 0; i < value.length; i++) {
      const r = item(value[i], childPath(path, i));
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  };
}

/** The value, or null. */
export function readNullable<T>(reader: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? ok(null) : reader(value, path));
}

/** The first reader that accepts the value; the problem of the last otherwise. */
export function readEither<A, B>(a: Reader<A>, b: Reader<B>, what: string): Reader<A | B> {
  return (value, path) => {
    const first = a(value, path);
    if (first.ok) return first;
    const second = b(value, path);
    return second.ok ? second : bad(path, `must be ${what}`);
  };
}

/** A field an object may leave out. */
export function optional<T>(read: Reader<T>): OptionalField<T> {
  return { isOptional: true, read };
}

function isOptional(f: Field): f is OptionalField<unknown> {
  return typeof f === 'object' && f.isOptional;
}

/** An object with the fields of `shape`; keys not in the shape are dropped. */
export function readObject<const S extends Readonly<Record<string, Field>>>(shape: S): Reader<ObjectOf<S>> {
  return (value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad(path, `must be an object, got ${show(value)}`);
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const present = Object.hasOwn(source, key) && source[key] !== undefined;
      if (isOptional(field)) {
        if (!present) continue;
        const r = field.read(source[key], childPath(path, key));
        if (!r.ok) return r;
        out[key] = r.value;
      } else {
        if (!present) return bad(childPath(path, key), 'is required');
        const r = field(source[key], childPath(path, key));
        if (!r.ok) return r;
        out[key] = r.value;
      }
    }
    return ok(out as ObjectOf<S>);
  };
}

/** An object whose `tag` field picks its reader among `variants` (a discriminated union). */
export function readTagged<const K extends string, const V extends Readonly<Record<string, Reader<unknown>>>>(tag: K, variants: V): Reader<{ [T in keyof V]: ReadValue<V[T]> & { readonly [P in K]: T } }[keyof V]> {
  const tags = Object.keys(variants);
  return (value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad(path, `must be an object, got ${show(value)}`);
    const t = (value as Record<string, unknown>)[tag];
    if (typeof t !== 'string' || !Object.hasOwn(variants, t)) return bad(childPath(path, tag), `must be one of ${tags.join(', ')}, got ${show(t)}`);
    const r = variants[t]!(value, path);
    if (!r.ok) return r;
    return ok({ ...(r.value as object), [tag]: t } as never);
  };
}
