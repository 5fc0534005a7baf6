// Alerts → global services, and the rollup that tells "down in one of three clusters, still
// served" (degraded) from "down everywhere" (outage). Pure and unit-tested; docs/alerts.md
// explains the label mapping and the rules below.
import { MESH_LIST } from "@/lib/meshes/registry";
import {
  maxSeverity,
  normalizeSeverity,
  severityRank,
  shortHash,
  type AlertItem,
  type AlertSeverity,
  type AlertState,
  type RawAlert,
  type ServiceRef,
} from "./alert-model";

/** A global service and the clusters it runs in (its instances). */
export interface RollupService extends ServiceRef {
  hostname: string;
  clusters: readonly string[];
}

export { ROLLUP_STATUSES, type RollupStatus } from "@/lib/model/alert-vocabulary";
import { ROLLUP_STATUSES, type RollupStatus } from "@/lib/model/alert-vocabulary";

/** Alert counts of a group. */
export interface AlertCounts {
  firing: number;
  pending: number;
  suppressed: number;
}

/** One global service with alerts. */
export interface ServiceRollup extends ServiceRef {
  hostname: string;
  status: RollupStatus;
  /** Clusters the service runs in. */
  clusters: string[];
  /** Instances with a firing metrics alert. */
  affectedClusters: string[];
  /**
   * A firing metrics alert names the service but no cluster (e.g. a rule over all clusters),
   * or a cluster the service is not known to run in.
   */
  serviceWide: boolean;
  severity: AlertSeverity;
  counts: AlertCounts;
  alertIds: string[];
}

/** A cluster's alerts that name no global service (agent down, node alerts, …). */
export interface ClusterRollup {
  cluster: string;
  severity: AlertSeverity;
  counts: AlertCounts;
  alertIds: string[];
}

/** The rollup of a set of alerts. */
export interface AlertRollup {
  services: ServiceRollup[];
  clusters: ClusterRollup[];
  /** Alerts with neither a known service nor a cluster. */
  otherIds: string[];
}

// The metrics dialects of the meshes whose series Meridian reads (lib/meshes/registry.ts).
const DIALECTS = MESH_LIST.flatMap((m) => (m.metrics ? [m.metrics] : []));

// Label pairs naming a service, in order of preference. The meshes' own come first (Istio's
// metrics, and Meridian's Linkerd rules, which split Linkerd's `authority` into the same labels);
// kube-state-metrics and most exporters use `service` + `namespace`; `exported_*` is what
// Prometheus renames them to when a scrape target's own labels clash (honor_labels: false).
const SERVICE_LABELS: ReadonlyArray<readonly [namespace: string, name: string]> = uniquePairs([
  ...DIALECTS.map((d) => d.alertServiceLabels),
  ["namespace", "service"],
  ["exported_namespace", "exported_service"],
]);
// Cluster labels in order: the external label, then the meshes' destination cluster.
const CLUSTER_LABELS = [...new Set(["cluster", ...DIALECTS.map((d) => d.alertClusterLabel)])];

function uniquePairs(
  pairs: ReadonlyArray<readonly [string, string]>,
): Array<readonly [string, string]> {
  const seen = new Set<string>();
  return pairs.filter(([a, b]) => !seen.has(`${a}/${b}`) && seen.add(`${a}/${b}`));
}

interface ServiceIndex {
  byKey: Map<string, RollupService>;
  byName: Map<string, RollupService[]>;
}

function indexServices(services: readonly RollupService[]): ServiceIndex {
  const byKey = new Map<string, RollupService>();
  const byName = new Map<string, RollupService[]>();
  for (const s of services) {
    byKey.set(`${s.namespace}/${s.name}`, s);
    byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  }
  return { byKey, byName };
}

/** The service an alert's labels name: `{ref}` when known, `{unknown}` when not, or null. */
function resolveService(
  labels: Record<string, string>,
  index: ServiceIndex,
): { ref: ServiceRef } | { unknown: string } | null {
  for (const [nsLabel, nameLabel] of SERVICE_LABELS) {
    const name = labels[nameLabel];
    if (!name) continue;
    const namespace = labels[nsLabel];
    if (namespace) {
      const hit = index.byKey.get(`${namespace}/${name}`);
      return hit ? { ref: { namespace, name } } : { unknown: `${namespace}/${name}` };
    }
    // A name without a namespace matches only when exactly one global service has it.
    const candidates = index.byName.get(name) ?? [];
    if (candidates.length === 1) return { ref: { namespace: candidates[0]!.namespace, name } };
    return { unknown: name };
  }
  // Istio's FQDN label: reviews.bookinfo.svc.cluster.local
  const fqdn = /^([a-z0-9-]+)\.([a-z0-9-]+)\.svc(\.|$)/.exec(labels.destination_service ?? "");
  if (fqdn) {
    const [, name, namespace] = fqdn as unknown as [string, string, string];
    return index.byKey.has(`${namespace}/${name}`)
      ? { ref: { namespace, name } }
      : { unknown: `${namespace}/${name}` };
  }
  return null;
}

function resolveCluster(alert: RawAlert): string | null {
  for (const l of CLUSTER_LABELS) if (alert.labels[l]) return alert.labels[l];
  return alert.sourceCluster ?? null;
}

const STATE_PRIORITY: Record<AlertState, number> = { suppressed: 0, firing: 1, pending: 2 };

function identity(alert: RawAlert, cluster: string | null): string {
  const labels = Object.entries(alert.labels)
    .filter(([k]) => k !== "cluster" && k !== "alertname")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
  return `${alert.kind}|${alert.name}|${cluster ?? ""}|${labels}`;
}

/**
 * Maps raw alerts to global services and clusters, and merges the same alert read from
 * several sources (a per-cluster Prometheus and the Alertmanager it sends to) into one item:
 * sources listed, earliest activeAt, and the state Alertmanager decided (suppressed) over
 * firing over pending.
 */
export function mapAlerts(
  raw: readonly RawAlert[],
  services: readonly RollupService[],
): AlertItem[] {
  const index = indexServices(services);
  const items = new Map<string, AlertItem>();
  for (const alert of raw) {
    const cluster = resolveCluster(alert);
    const key = identity(alert, cluster);
    const existing = items.get(key);
    if (existing) {
      if (
        !existing.sources.some((s) => s.name === alert.source.name && s.type === alert.source.type)
      )
        existing.sources.push(alert.source);
      if (STATE_PRIORITY[alert.state] < STATE_PRIORITY[existing.state])
        existing.state = alert.state;
      if (alert.activeAt && (!existing.activeAt || alert.activeAt < existing.activeAt))
        existing.activeAt = alert.activeAt;
      existing.value ??= alert.value;
      continue;
    }
    const service = resolveService(alert.labels, index);
    items.set(key, {
      id: shortHash(key),
      name: alert.name,
      kind: alert.kind,
      severity: normalizeSeverity(alert.labels.severity),
      state: alert.state,
      summary: alert.annotations.summary || alert.annotations.message || alert.name,
      description: alert.annotations.description ?? "",
      labels: alert.labels,
      sources: [alert.source],
      cluster,
      globalService: service && "ref" in service ? service.ref : null,
      unknownService: service && "unknown" in service ? service.unknown : null,
      activeAt: alert.activeAt,
      value: alert.value,
    });
  }
  return [...items.values()].sort(compareAlerts);
}

/** Most severe first, firing before pending before suppressed, then oldest, then name. */
export function compareAlerts(a: AlertItem, b: AlertItem): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    stateOrder(a.state) - stateOrder(b.state) ||
    byTime(a.activeAt, b.activeAt) ||
    a.name.localeCompare(b.name) ||
    (a.cluster ?? "").localeCompare(b.cluster ?? "") ||
    a.id.localeCompare(b.id)
  );
}
// Oldest first; alerts without a start time (configuration problems) after those with one.
const byTime = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b);
const stateOrder = (s: AlertState) => ({ firing: 0, pending: 1, suppressed: 2 })[s];

function count(alerts: readonly AlertItem[]): AlertCounts {
  const counts: AlertCounts = { firing: 0, pending: 0, suppressed: 0 };
  for (const a of alerts) counts[a.state]++;
  return counts;
}

// Suppressed alerts are shown, but a silence means an operator took it: they never set
// a group's severity or status.
function groupSeverity(alerts: readonly AlertItem[]): AlertSeverity {
  const live = alerts.filter((a) => a.state !== "suppressed");
  return maxSeverity((live.length ? live : alerts).map((a) => a.severity)) ?? "info";
}

/**
 * Rolls alerts up per global service and per cluster.
 *
 * - A service is **outage** when every cluster it runs in has a firing metrics alert for it,
 *   **degraded** when some do (or a firing metrics alert names it without a cluster), and
 *   **at-risk** when it has only pending, suppressed or fleet alerts (configuration problems
 *   such as an export conflict say nothing about which instances fail).
 * - Alerts naming a cluster but no known service are grouped by cluster; the rest are other.
 */
export function rollupAlerts(
  alerts: readonly AlertItem[],
  services: readonly RollupService[],
): AlertRollup {
  const byService = new Map<string, AlertItem[]>();
  const byCluster = new Map<string, AlertItem[]>();
  const otherIds: string[] = [];
  for (const a of alerts) {
    if (a.globalService) {
      const key = `${a.globalService.namespace}/${a.globalService.name}`;
      byService.set(key, [...(byService.get(key) ?? []), a]);
    } else if (a.cluster) {
      byCluster.set(a.cluster, [...(byCluster.get(a.cluster) ?? []), a]);
    } else otherIds.push(a.id);
  }
  const known = new Map(services.map((s) => [`${s.namespace}/${s.name}`, s]));

  const rollups: ServiceRollup[] = [];
  for (const [key, list] of byService) {
    const svc = known.get(key);
    if (!svc) continue; // mapAlerts only maps to known services
    const instances = [...new Set(svc.clusters)].sort();
    const failing = list.filter((a) => a.kind === "metrics" && a.state === "firing");
    // Meridian's endpoint checks name the instance that fails, like a metrics alert: no ready
    // endpoint counts towards an outage, some not ready only makes the service degraded.
    const firingFleet = (name: string) =>
      list.filter((a) => a.kind === "fleet" && a.name === name && a.state === "firing");
    const down = [...failing, ...firingFleet("EndpointsDown")];
    const clustersOf = (alerts: typeof list) =>
      new Set(alerts.flatMap((a) => (a.cluster ? [a.cluster] : [])));
    const downIn = clustersOf(down);
    const affected = new Set([...downIn, ...clustersOf(firingFleet("EndpointsDegraded"))]);
    const affectedClusters = instances.filter((c) => affected.has(c));
    // Failing without a cluster, or in a cluster the inventory does not list for it.
    const serviceWide = failing.some((a) => a.cluster === null || !instances.includes(a.cluster));
    const status: RollupStatus =
      instances.length > 0 && instances.every((c) => downIn.has(c))
        ? "outage"
        : affectedClusters.length > 0 || serviceWide
          ? "degraded"
          : "at-risk";
    rollups.push({
      namespace: svc.namespace,
      name: svc.name,
      hostname: svc.hostname,
      status,
      clusters: instances,
      affectedClusters,
      serviceWide,
      severity: groupSeverity(list),
      counts: count(list),
      alertIds: list.map((a) => a.id),
    });
  }
  const statusRank = (s: RollupStatus) => ROLLUP_STATUSES.indexOf(s);
  rollups.sort(
    (a, b) =>
      statusRank(a.status) - statusRank(b.status) ||
      severityRank(a.severity) - severityRank(b.severity) ||
      a.namespace.localeCompare(b.namespace) ||
      a.name.localeCompare(b.name),
  );

  const clusters: ClusterRollup[] = [...byCluster.entries()]
    .map(([cluster, list]) => ({
      cluster,
      severity: groupSeverity(list),
      counts: count(list),
      alertIds: list.map((a) => a.id),
    }))
    .sort(
      (a, b) =>
        severityRank(a.severity) - severityRank(b.severity) || a.cluster.localeCompare(b.cluster),
    );
  return { services: rollups, clusters, otherIds };
}

/** "outage · all 3 clusters", "degraded · 1 of 3 clusters", "at risk". */
export function rollupLabel(
  r: Pick<ServiceRollup, "status" | "clusters" | "affectedClusters" | "serviceWide">,
): string {
  const n = r.clusters.length;
  const noun = n === 1 ? "cluster" : "clusters";
  if (r.status === "outage")
    return n === 1 ? "outage · its only cluster" : `outage · all ${n} ${noun}`;
  if (r.status === "degraded")
    return r.affectedClusters.length
      ? `degraded · ${r.affectedClusters.length} of ${n} ${noun}`
      : "degraded · cluster unknown";
  return "at risk";
}
