import type { LabelSelector, ServiceScopeConfig } from "../../agent-protocol/snapshot";
import type { AnalyzedService } from "../kit/analyzed-service";
import { istioVersion } from "./network";
import { workloadSelector } from "../kit/workload-selector";
import { authorizationPolicy } from "./policy";
import type { InventoryCluster } from "../kit/fleet-input";
import type { Sink, Target } from "../kit/mesh-adapter";
import { serviceOverlay, warnUnsupported } from "../kit/translate-helpers";

/**
 * The Service label Meridian sets on an ambient exporter. Istio gives it no meaning of its own:
 * the mesh config's `serviceScopeConfigs` must select it with scope GLOBAL, as the upstream
 * multicluster install does (`servicesSelector` on `istio.io/global`).
 */
export const ISTIO_GLOBAL_LABEL = "istio.io/global";
const AMBIENT_MC_DOC = "https://istio.io/latest/docs/ambient/install/multicluster/";

/**
 * Whether a LabelSelector matches `labels`, as Kubernetes reads it; an empty selector matches
 * everything (Istio treats an absent one so too).
 */
export function selectorMatches(sel: LabelSelector | undefined, labels: Record<string, string>) {
  for (const [k, v] of Object.entries(sel?.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of sel?.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const inValues = has && (e.values ?? []).includes(labels[e.key]!);
    const ok =
      e.operator === "Exists"
        ? has
        : e.operator === "DoesNotExist"
          ? !has
          : e.operator === "In"
            ? inValues
            : !inValues;
    if (!ok) return false;
  }
  return true;
}

const emptySelector = (sel: LabelSelector | undefined) =>
  !sel || (!Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length);

/**
 * A Service's scope under a cluster's serviceScopeConfigs, as istiod decides it: GLOBAL when any
 * GLOBAL entry selects the Service and its namespace, else LOCAL (Istio's default). Meridian does
 * not see namespace labels, so an entry with a namespaceSelector makes the answer "unknown".
 */
export function serviceScope(
  configs: readonly ServiceScopeConfig[],
  labels: Record<string, string>,
): "GLOBAL" | "LOCAL" | "unknown" {
  let unknown = false;
  for (const c of configs) {
    if (c.scope !== "GLOBAL" || !selectorMatches(c.servicesSelector, labels)) continue;
    if (emptySelector(c.namespaceSelector)) return "GLOBAL";
    unknown = true;
  }
  return unknown ? "unknown" : "LOCAL";
}

/**
 * Warns where a cluster's own serviceScopeConfigs would keep the service LOCAL: each istiod reads
 * only its own cluster's scope configuration (remote clusters' are not respected), so the
 * exporter's and every importer's must select it.
 */
function warnScope(cluster: InventoryCluster, svc: AnalyzedService, out: Sink): void {
  const labels = { ...(svc.primary?.labels ?? {}), [ISTIO_GLOBAL_LABEL]: "true" };
  const configs = cluster.serviceScopeConfigs;
  const scope = configs ? serviceScope(configs, labels) : undefined;
  if (scope === "GLOBAL") return;
  const fix = `add a serviceScopeConfigs entry with scope GLOBAL selecting ${ISTIO_GLOBAL_LABEL}=true to its mesh config (${AMBIENT_MC_DOC})`;
  out.warn(
    "mesh-config-required",
    scope === undefined
      ? `the agent of ${cluster.name} did not report Istio's serviceScopeConfigs: ${svc.key} is global there only if they select ${ISTIO_GLOBAL_LABEL}=true; if not, ${fix}`
      : scope === "unknown"
        ? `Istio in ${cluster.name} makes ${svc.key} global only if its namespace matches a serviceScopeConfigs namespaceSelector, and Meridian does not see namespace labels; if it does not, ${fix}`
        : `Istio in ${cluster.name} keeps ${svc.key} local (no serviceScopeConfigs entry makes it GLOBAL): ${fix}`,
  );
}

/**
 * Istio ambient multicluster (alpha in 1.27, multi-network Beta in 1.29): a Service is shared
 * across clusters when the mesh config's serviceScopeConfigs make it GLOBAL, and clients call it by
 * its own `<name>.<namespace>.svc.cluster.local` name through ztunnel. An exporter gets the
 * `istio.io/global` label on its Service (a fields-only apply) and, with an access list, an L4
 * AuthorizationPolicy (ztunnel enforces principals); an importer needs nothing written, only its
 * own scope configuration to select the service. Failover order and weights need waypoints, which
 * upstream assumes are deployed and named alike in every cluster: Meridian does not write them.
 */
export function translateAmbient(svc: AnalyzedService, target: Target, out: Sink): void {
  const self = target.cluster;
  const version = istioVersion(self.meshVersion ?? "");
  if (version && version[0] === 1 && version[1] < 27)
    out.warn(
      "mesh-cannot-express",
      `Istio ${self.meshVersion} in ${self.name} has no ambient multicluster (alpha in Istio 1.27): ${svc.key} stays local there`,
    );
  if (target.exporter) {
    out.resource(serviceOverlay(svc, { labels: { [ISTIO_GLOBAL_LABEL]: "true" } }));
    warnScope(self, svc, out);
    const selector = workloadSelector(target.exporter.service);
    if (svc.intent.access) {
      if (selector) out.resource(authorizationPolicy(svc, target, selector, out));
      else
        out.warn(
          "no-workload-selector",
          `no pod selector or app label known for ${svc.key}: its AuthorizationPolicy is skipped, so every caller is allowed`,
        );
    }
  }
  const consumer = target.importer && svc.consumers.includes(self);
  if (!consumer) return;
  if (!target.exporter) warnScope(self, svc, out);
  const sidecars = svc.exporters
    .filter((e) => e.cluster.mesh === "istio" && e.cluster.dataplaneMode !== "ambient")
    .map((e) => e.cluster.name);
  if (sidecars.length)
    out.warn(
      "mesh-cannot-express",
      `${self.name} runs ambient but ${sidecars.join(", ")} ${sidecars.length === 1 ? "runs" : "run"} sidecars: Istio's ambient multicluster has known issues with sidecar clusters (${AMBIENT_MC_DOC})`,
    );
  const local = `${svc.intent.name}.${svc.intent.namespace}.svc.cluster.local`;
  if (svc.hostname !== local)
    out.warn(
      "mesh-cannot-express",
      `Istio ambient serves ${svc.key} in ${self.name} as ${local}, not ${svc.hostname}`,
    );
  const waypoints =
    "needs waypoints deployed and named alike in every cluster, which Meridian does not manage";
  warnUnsupported(svc, target, out, {
    failover: `ambient failover ${waypoints}`,
    trafficWeights: `ambient weighted routing ${waypoints}`,
  });
}
