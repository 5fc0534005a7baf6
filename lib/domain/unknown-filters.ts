// Filter values from a URL that name nothing (a removed cluster, a mistyped namespace): every
// filtered page drops them, shows what it dropped, and shows the rest (issue 24.8).

/** One dropped filter value: the query key, how the page names it, and the value. */
export type UnknownFilter = { filter: string; label: string; value: string };

/** For each checked filter key: how to name it and the values that exist. */
export type KnownFilterValues<K extends string> = Partial<
  Record<K, { label: string; values: readonly string[] }>
>;

/**
 * Splits `query` into the filters whose values exist and the unknown ones. Keys without an
 * entry in `known` are kept unchecked (free text, booleans).
 */
export function splitUnknownFilters<Q extends Partial<Record<string, string>>>(
  query: Q,
  known: KnownFilterValues<Extract<keyof Q, string>>,
): { kept: Q; unknown: UnknownFilter[] } {
  const kept: Partial<Record<string, string>> = {};
  const unknown: UnknownFilter[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const check = known[key as Extract<keyof Q, string>];
    if (check && !check.values.includes(value))
      unknown.push({ filter: key, label: check.label, value });
    else kept[key] = value;
  }
  return { kept: kept as Q, unknown };
}
