/** Results of table commands: a refusal is a value with a namespaced code and a fix-it message. */

/** A refused command. */
export interface TableProblem {
  readonly code: string;
  readonly message: string;
  /** JSON path of the offending value in the command (`$.params.steps`), when one value is at fault. */
  readonly path?: string;
}

/** A value or a refusal. */
export type TableResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TableProblem };

/** A success. */
export function done<T>(value: T): TableResult<T> {
  return { ok: true, value };
}

/** A refusal. */
export function refuse<T = never>(code: string, message: string, path?: string): TableResult<T> {
  return { ok: false, error: path === undefined ? { code, message } : { code, message, path } };
}
