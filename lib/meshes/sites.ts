import { isIpAddress, type SiteWorkload } from "../agent-protocol/workload";
import type { AnalyzedService, Exporter } from "./analysis";
import { consulTranslator } from "./consul";
import { workloadSelector } from "./istio-policy";
import type { InventoryCluster, InventoryPort } from "./model";
import { derivedName } from "./names";
import { managedResource } from "./resources";
import { MESH_NAMES, type Sink } from "./translator";

// Sites: VM groups and bare-metal hosts reported by static-mode agents. A site has no Kubernetes
// API, so what its mesh needs to reach its workloads is written into Kubernetes clusters of the
// same mesh: its host cluster (the one whose control plane its proxies join), and every consumer
// of the service on that mesh (an istiod reads WorkloadEntries of its own cluster only).

/** True for a VM site. */
export const isSite = (c: InventoryCluster): boolean => c.kind === "vm-site";

/** Where one exporting site's objects go, and whether that cluster is its host. */
export interface SitePlacement {
  site: Exporter;
  cluster: InventoryCluster;
  host: boolean;
}

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
    if (!clusters.size && ["istio", "linkerd", "consul"].includes(site.cluster.mesh))
      warn(
        name,
        "mesh-config-required",
        `site ${name} exports ${svc.key} but names no host cluster and no ${MESH_NAMES[site.cluster.mesh]} cluster imports it: its workloads are written nowhere`,
      );
    for (const [cluster, isHost] of clusters)
      out.push({ site, cluster: svc.fleet.get(cluster)!, host: isHost || !host });
  }
  return out;
}

/** Warnings for an exporting site whose mesh cannot take workloads from outside Kubernetes. */
export function warnSiteMesh(svc: AnalyzedService, site: Exporter, out: Sink): void {
  if (site.cluster.mesh === "cilium")
    out.warn(
      "mesh-cannot-express",
      `Cilium cannot serve ${svc.key} from site ${site.cluster.name}: external workloads were removed in Cilium 1.18 (https://docs.cilium.io/en/stable/operations/upgrade/), so VMs cannot join a ClusterMesh`,
    );
  else if (site.cluster.mesh === "none")
    out.warn(
      "mesh-cannot-express",
      `The MCS API cannot serve ${svc.key} from site ${site.cluster.name}: a ServiceExport exports Kubernetes endpoints only`,
    );
}

/** Compile one exporting site's workloads into one cluster of its mesh. */
export function compileSite(svc: AnalyzedService, p: SitePlacement, out: Sink): void {
  const workloads = p.site.service.workloads ?? [];
  switch (p.cluster.mesh) {
    case "istio":
      return istioSite(svc, p, workloads, out);
    case "linkerd":
      return linkerdSite(svc, p, workloads, out);
    case "consul":
      // Consul: the site's services register with the host's datacenter natively (its Consul
      // agents); the host's ExportedServices entry for the service covers them.
      if (p.host)
        consulTranslator.translate(
          svc,
          {
            cluster: p.cluster,
            exporter: { cluster: p.cluster, service: p.site.service },
            importer: false,
          },
          out,
        );
      return;
    default:
      return;
  }
}

const portOf = (p: InventoryPort, w: SiteWorkload) => w.ports?.[p.name] ?? p.port;
const portName = (p: InventoryPort) => p.name || `tcp-${p.port}`;

// Istio: a WorkloadEntry per host (address, labels that the ServiceEntry's workloadSelector
// selects, locality, network, service account) and, in the host cluster, a WorkloadGroup the
// VMs' proxies are onboarded from (https://istio.io/latest/docs/reference/config/networking/workload-group/).
function istioSite(
  svc: AnalyzedService,
  p: SitePlacement,
  workloads: SiteWorkload[],
  out: Sink,
): void {
  const site = p.site.cluster;
  const selector = workloadSelector(p.site.service) ?? {};
  const ports = (svc.primary?.ports ?? p.site.service.ports).filter((x) => x.protocol === "TCP");
  const serviceAccount = workloads.find((w) => w.serviceAccount)?.serviceAccount;
  const common = {
    namespace: svc.intent.namespace,
    globalService: svc.key,
    labels: { "meridian.dev/site": site.name },
  };
  if (p.host)
    out.resource(
      managedResource({
        ...common,
        apiVersion: "networking.istio.io/v1",
        kind: "WorkloadGroup",
        name: derivedName(svc.intent.name, site.name),
        body: {
          spec: {
            metadata: { labels: { ...selector, "meridian.dev/site": site.name } },
            template: {
              ...(serviceAccount ? { serviceAccount } : {}),
              ...(site.network ? { network: site.network } : {}),
              ports: Object.fromEntries(ports.map((x) => [portName(x), x.port])),
            },
          },
        },
      }),
    );
  for (const w of workloads)
    out.resource(
      managedResource({
        ...common,
        apiVersion: "networking.istio.io/v1",
        kind: "WorkloadEntry",
        name: derivedName(site.name, w.name),
        body: {
          spec: {
            address: w.address,
            labels: { ...w.labels, ...selector, "meridian.dev/site": site.name },
            locality: [site.region, w.zone ?? site.zone].filter(Boolean).join("/"),
            ...(site.network ? { network: site.network } : {}),
            ...(w.serviceAccount ? { serviceAccount: w.serviceAccount } : {}),
            // Every reported host is listed whatever its health: the proxies' outlier detection
            // ejects one that fails, and a health flap does not rewrite the cluster's objects.
            ports: Object.fromEntries(ports.map((x) => [portName(x), portOf(x, w)])),
          },
        },
      }),
    );
}

// Linkerd: an ExternalWorkload per host (workload.linkerd.io/v1beta1), labelled so the host
// cluster's Service of the same name selects it (https://linkerd.io/2-edge/reference/external-workload/).
function linkerdSite(
  svc: AnalyzedService,
  p: SitePlacement,
  workloads: SiteWorkload[],
  out: Sink,
): void {
  const site = p.site.cluster;
  const trustDomain = site.trustDomain || p.cluster.trustDomain || "cluster.local";
  const selector = workloadSelector(p.site.service) ?? {};
  for (const w of workloads) {
    if (!isIpAddress(w.address)) {
      out.warn(
        "mesh-cannot-express",
        `Linkerd's ExternalWorkload takes IP addresses only: ${w.name} of site ${site.name} (${w.address}) is left out of ${svc.key}`,
      );
      continue;
    }
    const sa = w.serviceAccount ?? svc.intent.name;
    out.resource(
      managedResource({
        apiVersion: "workload.linkerd.io/v1beta1",
        kind: "ExternalWorkload",
        namespace: svc.intent.namespace,
        name: derivedName(site.name, w.name),
        globalService: svc.key,
        labels: { ...w.labels, ...selector, "meridian.dev/site": site.name },
        body: {
          spec: {
            meshTLS: {
              identity: w.spiffeId ?? `spiffe://${trustDomain}/ns/${svc.intent.namespace}/sa/${sa}`,
              serverName: `${w.name}.${site.name}.${svc.intent.namespace}.${trustDomain}`.slice(
                0,
                253,
              ),
            },
            ports: p.site.service.ports.map((x) => ({
              name: portName(x),
              port: portOf(x, w),
              protocol: x.protocol === "UDP" ? "UDP" : "TCP",
            })),
            workloadIPs: [{ ip: w.address }],
          },
        },
      }),
    );
  }
}
