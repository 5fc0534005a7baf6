import type { AnalyzedService } from "../kit/analyzed-service";
import type { Sink } from "../kit/mesh-adapter";
import { derivedName } from "../kit/names";
import { managedResource } from "../kit/resources";
import { sitePortName, sitePortOf, type SitePlacement } from "../kit/site-placement";
import { workloadSelector } from "../kit/workload-selector";

// Istio: a WorkloadEntry per host (address, labels that the ServiceEntry's workloadSelector
// selects, locality, network, service account) and, in the host cluster, a WorkloadGroup the
// VMs' proxies are onboarded from (https://istio.io/latest/docs/reference/config/networking/workload-group/).
export function compileIstioSite(svc: AnalyzedService, p: SitePlacement, out: Sink): void {
  const workloads = p.site.service.workloads ?? [];
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
              ports: Object.fromEntries(ports.map((x) => [sitePortName(x), x.port])),
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
            ports: Object.fromEntries(ports.map((x) => [sitePortName(x), sitePortOf(x, w)])),
          },
        },
      }),
    );
}
