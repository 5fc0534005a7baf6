// The sharing matrix's early warnings (issue 36): an import or export whose pair of clusters
// cannot work — different meshes, or trust roots that do not verify each other — shown on the
// cells as soon as it is drafted, in the planner's own words (lib/meshes/analysis.ts). Pure.
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import { pairMismatches } from "@/lib/meshes/analysis";

/** What the matrix knows of a live cluster: its primary mesh and its roots (the Trust page's). */
export interface CompatCluster {
  name: string;
  mesh: MeshTypeName;
  /** The root that signs its workloads ("" = not reported). */
  signingRoot: string;
  /** Every root it trusts (empty = its signing root alone). */
  trustedRoots: readonly string[];
}

/**
 * For one global service's (drafted or current) exporters and importers: each cluster whose cell
 * takes part in a pair that cannot work, with why. Both the importer's and the exporter's cell
 * carry the warning; an importer left off the access list is the planner's to explain.
 */
export function sharingMismatches(
  intent: { exports: readonly string[]; imports: readonly string[] },
  clusters: ReadonlyMap<string, CompatCluster>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (cluster: string, message: string) =>
    out.set(cluster, [...(out.get(cluster) ?? []), message]);
  const side = (c: CompatCluster) => ({
    name: c.name,
    mesh: c.mesh,
    rootCaFingerprint: c.signingRoot,
    trustedRoots: [...c.trustedRoots],
  });
  for (const i of intent.imports) {
    const imp = clusters.get(i);
    if (!imp) continue;
    for (const e of intent.exports) {
      const exp = clusters.get(e);
      if (!exp || e === i) continue;
      for (const m of pairMismatches(side(imp), side(exp))) {
        add(i, m.message);
        add(e, m.message);
      }
    }
  }
  return out;
}
