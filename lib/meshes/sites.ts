import type { AnalyzedService, Exporter } from "./analysis";
import type { InventoryCluster } from "./kit/fleet-input";
import type { Sink } from "./kit/mesh-adapter";
import type { SitePlacement } from "./kit/site-placement";
import { MESH_ADAPTERS } from "./registry";

// Sites: VM groups and bare-metal hosts reported by static-mode agents. A site has no Kubernetes
// API, so what its mesh needs to reach its workloads is written into Kubernetes clusters of the
// same mesh: its host cluster (the one whose control plane its proxies join), and every consumer
// of the service on that mesh (an istiod reads WorkloadEntries of its own cluster only). What is
// written is each mesh's own (its adapter's compileSite); a mesh without one warns (texts.site).

/** True for a VM site. */
export const isSite = (c: InventoryCluster): boolean => c.kind === "vm-site";

/**
 * The clusters that receive an exporting site's mesh objects: its host (when named and known)
 * and the consumers of the service on the site's mesh. Warns on the site when there are none.
 */
export function sitePlacements(
  svc: AnalyzedService,
  warn: (site: string, code: "mesh-config-required" | "mesh-mismatch", message: string) => void,
): SitePlacement[] {
  const out: SitePlacement[] = [];
  for (const site of svc.exporters.filter((e) => isSite(e.cluster))) {
    const name = site.cluster.name;
    const named = site.cluster.hostCluster;
    const host = named ? svc.fleet.get(named) : undefined;
    if (named && (!host || isSite(host)))
      warn(
        name,
        "mesh-config-required",
        `site ${name} names host cluster ${named}, which is not a Kubernetes cluster of the fleet`,
      );
    else if (host && host.mesh !== site.cluster.mesh)
      warn(
        name,
        "mesh-mismatch",
        `site ${name} runs ${site.cluster.mesh} but its host cluster ${host.name} runs ${host.mesh}: its workloads cannot join that mesh`,
      );
    const clusters = new Map<string, boolean>();
    if (host && !isSite(host) && host.mesh === site.cluster.mesh) clusters.set(host.name, true);
    for (const c of svc.consumers)
      if (!isSite(c) && c.mesh === site.cluster.mesh && !clusters.has(c.name))
        clusters.set(c.name, false);
    if (!clusters.size && MESH_ADAPTERS[site.cluster.mesh].compileSite)
      warn(
        name,
        "mesh-config-required",
        `site ${name} exports ${svc.key} but names no host cluster and no ${MESH_ADAPTERS[site.cluster.mesh].displayName} cluster imports it: its workloads are written nowhere`,
      );
    for (const [cluster, isHost] of clusters)
      out.push({ site, cluster: svc.fleet.get(cluster)!, host: isHost || !host });
  }
  return out;
}

/** Warnings for an exporting site whose mesh cannot take workloads from outside Kubernetes. */
export function warnSiteMesh(svc: AnalyzedService, site: Exporter, out: Sink): void {
  const text = MESH_ADAPTERS[site.cluster.mesh].texts.site;
  if (text)
    out.warn(
      "mesh-cannot-express",
      text.replace("{service}", svc.key).replace("{site}", site.cluster.name),
    );
}

/** Compile one exporting site's workloads into one cluster of its mesh. */
export function compileSite(svc: AnalyzedService, p: SitePlacement, out: Sink): void {
  MESH_ADAPTERS[p.cluster.mesh].compileSite?.(svc, p, out);
}
