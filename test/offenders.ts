// Shared by the data-integrity tests: every row that breaks a rule, described, so that one run names
// all of them (a loop of expects stops at the first). Tests expect the lists to be empty.

/** "value (n times)" for each value that occurs more than once. */
export function duplicatesOf(values: readonly unknown[]): string[] {
  const counts = new Map<unknown, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([v, n]) => `${String(v)} (${n} times)`);
}

/** `describe(row)` for each row where `isOffender(row)` holds. */
export function offendersOf<T>(rows: readonly T[], isOffender: (row: T) => boolean, describe: (row: T) => string): string[] {
  return rows.filter(isOffender).map(describe);
}

/** "where: id" for each referenced id that `known` lacks. */
export function missingIds(known: Iterable<unknown>, references: readonly (readonly [where: string, id: unknown])[]): string[] {
  const ids = new Set(known);
  return references.filter(([, id]) => !ids.has(id)).map(([where, id]) => `${where}: ${String(id)}`);
}

/**
 * Faces of 1..sides that the ranges cover other than exactly once: "face 3 covered 2 times". A roll
 * table covers its die exactly when this is empty.
 */
export function coverageOffenders(sides: number, ranges: readonly { readonly min: number; readonly max: number }[]): string[] {
  const counts = new Array<number>(sides).fill(0);
  const outside: string[] = [];
  for (const { min, max } of ranges) {
    for (let f = min; f <= max; f++) {
      if (f < 1 || f > sides) outside.push(`face ${f} is off the d${sides}`);
      else counts[f - 1]! += 1;
    }
  }
  return [...counts.flatMap((n, i) => (n === 1 ? [] : [`face ${i + 1} covered ${n} times`])), ...outside];
}

/**
 * "name: rule" for each rule a row breaks. `rules(row)` names each rule and whether the row keeps it:
 * `rulesBroken(ARMOUR, (a) => a.id, (a) => ({ 'soak die on the chain': sides.includes(a.soakDie) }))`.
 */
export function rulesBroken<T>(rows: readonly T[], nameOf: (row: T) => string, rules: (row: T) => Readonly<Record<string, boolean>>): string[] {
  return rows.flatMap((row) =>
    Object.entries(rules(row))
      .filter(([, kept]) => !kept)
      .map(([rule]) => `${nameOf(row)}: ${rule}`),
  );
}
