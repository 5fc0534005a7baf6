// Editing failover tiers: pure helpers shared by the drag-and-drop editor, its move buttons
// and their tests. Tiers are ordered; a cluster is in at most one tier.

export type TierMember = { name: string; weight?: number };
export type Tier = { clusters: TierMember[] };

/** Tiers without the cluster; tiers left empty are dropped. */
export function removeFromTiers(tiers: readonly Tier[], name: string): Tier[] {
  return tiers
    .map((t) => ({ clusters: t.clusters.filter((c) => c.name !== name) }))
    .filter((t) => t.clusters.length > 0);
}

/**
 * Moves a cluster into tier `to` (0-based; `to === tiers.length` makes a new last tier, a
 * negative `to` a new first tier). Weights inside the tiers it leaves and joins are cleared,
 * because they no longer sum to 100.
 */
export function moveToTier(tiers: readonly Tier[], name: string, to: number): Tier[] {
  const from = tiers.findIndex((t) => t.clusters.some((c) => c.name === name));
  const clean = (t: Tier): Tier => ({ clusters: t.clusters.map(({ name: n }) => ({ name: n })) });
  let working = tiers.map((t, i) =>
    i === from ? clean({ clusters: t.clusters.filter((c) => c.name !== name) }) : t,
  );
  // Indices refer to the tiers as the caller sees them, so empty tiers are dropped only at the end.
  if (to < 0) working = [{ clusters: [{ name }] }, ...working];
  else if (to >= working.length) working = [...working, { clusters: [{ name }] }];
  else
    working = working.map((t, i) =>
      i === to ? { clusters: [...clean(t).clusters, { name }] } : t,
    );
  return working.filter((t) => t.clusters.length > 0);
}

/**
 * The keyboard path of the editor, in half steps: a cluster alone in its tier joins the tier
 * above (up) or below (down); a cluster sharing its tier gets a tier of its own just above or
 * below. Two presses therefore move it past a neighbouring tier, and every order is reachable.
 */
export function shiftTier(tiers: readonly Tier[], name: string, dir: -1 | 1): Tier[] {
  const from = tiers.findIndex((t) => t.clusters.some((c) => c.name === name));
  if (from < 0) return [...tiers];
  if (tiers[from]?.clusters.length === 1) {
    const to = from + dir;
    return to < 0 || to >= tiers.length ? [...tiers] : moveToTier(tiers, name, to);
  }
  const rest = tiers.map((t, i) =>
    i === from
      ? { clusters: t.clusters.filter((c) => c.name !== name).map(({ name: n }) => ({ name: n })) }
      : t,
  );
  const at = dir < 0 ? from : from + 1;
  return [...rest.slice(0, at), { clusters: [{ name }] }, ...rest.slice(at)];
}

/** Sets one cluster's weight inside its tier (undefined clears it). */
export function setWeight(
  tiers: readonly Tier[],
  name: string,
  weight: number | undefined,
): Tier[] {
  return tiers.map((t) => ({
    clusters: t.clusters.map((c) => (c.name === name ? { name, weight } : c)),
  }));
}

/** Splits 100 evenly over a tier (the remainder to the first members), or clears weights. */
export function toggleTierWeights(tiers: readonly Tier[], index: number, on: boolean): Tier[] {
  return tiers.map((t, i) => {
    if (i !== index) return t;
    if (!on) return { clusters: t.clusters.map(({ name }) => ({ name })) };
    const n = t.clusters.length;
    const base = Math.floor(100 / n);
    return {
      clusters: t.clusters.map((c, j) => ({
        name: c.name,
        weight: base + (j < 100 - base * n ? 1 : 0),
      })),
    };
  });
}

/** Problems the editor shows before a plan is even asked for (the API checks them again). */
export function tierProblems(tiers: readonly Tier[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  tiers.forEach((t, i) => {
    for (const c of t.clusters) {
      if (seen.has(c.name)) problems.push(`${c.name} is in more than one tier.`);
      seen.add(c.name);
    }
    const weighted = t.clusters.filter((c) => c.weight !== undefined);
    if (weighted.length > 0) {
      const sum = weighted.reduce((s, c) => s + (c.weight ?? 0), 0);
      if (weighted.length !== t.clusters.length)
        problems.push(`Tier ${i + 1}: give every cluster a weight, or none.`);
      else if (sum !== 100) problems.push(`Tier ${i + 1}: weights add up to ${sum}, not 100.`);
    }
  });
  return problems;
}

/** Problems with migration traffic weights: every exporter weighted and the sum 100. */
export function trafficWeightProblems(weights: Readonly<Record<string, number>> | null): string[] {
  if (!weights) return [];
  const values = Object.values(weights);
  const sum = values.reduce((s, v) => s + v, 0);
  return sum === 100 ? [] : [`Traffic weights add up to ${sum}, not 100.`];
}
