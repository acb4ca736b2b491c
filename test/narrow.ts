// Shared by the tests: narrow a tagged value before asserting on its fields, failing the test
// (instead of skipping the assertion) when the value is of another kind.
import { expect } from 'vitest';

/** Fails unless `value.kind` is `kind`; afterwards `value` has that kind's type. */
export function assertKind<T extends { readonly kind: string }, K extends T['kind']>(value: T, kind: K, label?: string): asserts value is Extract<T, { readonly kind: K }> {
  expect(value.kind, label).toBe(kind);
}

/** Fails unless the result is `ok` (showing the refusal when it is not); afterwards it is the success type. */
export function assertOk<T extends { readonly ok: boolean }>(result: T, label?: string): asserts result is Extract<T, { readonly ok: true }> {
  expect(result.ok ? 'ok' : result, label).toBe('ok');
}

/** Fails unless the result is a refusal (`ok: false`); afterwards it is the refusal type. */
export function assertRefused<T extends { readonly ok: boolean }>(result: T, label = 'expected a refusal'): asserts result is Extract<T, { readonly ok: false }> {
  expect(result.ok, label).toBe(false);
}
