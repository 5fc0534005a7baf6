// Trust edges ("A trusts B", lib/domain/trust.ts) as overlay edges between the map's cluster
// nodes: one undirected edge where two clusters trust each other, an arrow where only one does.
import { clusterId } from "@/lib/graph/model";
import type { TrustEdge } from "@/lib/model/trust";
import type { ElementDef } from "./graph-elements";

/** The class every overlay edge carries (graph-style.ts draws it; the canvas swaps them). */
export const TRUST_CLASS = "trust";

/** Overlay edges between clusters drawn on the map (`present` holds the map's node ids). */
export function trustOverlayElements(
  edges: readonly TrustEdge[],
  present: ReadonlySet<string>,
): ElementDef[] {
  const byPair = new Map(edges.map((e) => [`${e.from}\n${e.to}`, e]));
  const out: ElementDef[] = [];
  for (const e of edges) {
    const reverse = byPair.get(`${e.to}\n${e.from}`);
    const mutual = reverse !== undefined;
    // A mutual pair is drawn once, from the name that sorts first.
    if (mutual && e.from > e.to) continue;
    const source = clusterId(e.from);
    const target = clusterId(e.to);
    if (!present.has(source) || !present.has(target)) continue;
    out.push({
      group: "edges",
      data: {
        id: `trust:${e.from}:${e.to}`,
        source,
        target,
        label: mutual ? "mTLS" : "trusts",
      },
      classes: [
        TRUST_CLASS,
        mutual ? "mutual" : "oneway",
        e.viaRotation || reverse?.viaRotation ? "rotation" : "",
      ]
        .filter(Boolean)
        .join(" "),
    });
  }
  return out;
}
