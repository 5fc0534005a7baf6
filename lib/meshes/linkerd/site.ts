import { isIpAddress } from "../../agent-protocol/workload";
import type { AnalyzedService } from "../kit/analyzed-service";
import type { Sink } from "../kit/mesh-adapter";
import { derivedName } from "../kit/names";
import { managedResource } from "../kit/resources";
import { sitePortName, sitePortOf, type SitePlacement } from "../kit/site-placement";
import { workloadSelector } from "../kit/workload-selector";

// Linkerd: an ExternalWorkload per host (workload.linkerd.io/v1beta1), labelled so the host
// cluster's Service of the same name selects it (https://linkerd.io/2-edge/reference/external-workload/).
export function compileLinkerdSite(svc: AnalyzedService, p: SitePlacement, out: Sink): void {
  const workloads = p.site.service.workloads ?? [];
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
              name: sitePortName(x),
              port: sitePortOf(x, w),
              protocol: x.protocol === "UDP" ? "UDP" : "TCP",
            })),
            workloadIPs: [{ ip: w.address }],
          },
        },
      }),
    );
  }
}
