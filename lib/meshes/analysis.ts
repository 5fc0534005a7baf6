import {
  hostnameOf,
  serviceKey,
  type GlobalServiceIntent,
  type InventoryCluster,
  type InventoryPort,
  type InventoryService,
} from "./kit/fleet-input";
import type { AnalyzedService, Exporter, FleetIndex } from "./kit/analyzed-service";
import { canVerify, shortFingerprint } from "./kit/trust-roots";
import type { CompileWarning } from "./kit/warnings";
import { MESH_ADAPTERS } from "./registry";

export { indexFleet, isHttpPort } from "./kit/analyzed-service";
export type { AnalyzedService, Exporter, FleetIndex } from "./kit/analyzed-service";

const portSig = (p: InventoryPort) => `${p.name || "-"}/${p.port}/${p.protocol}`;
const portsSig = (s: InventoryService) => s.ports.map(portSig).sort().join(",");
const typeClass = (s: InventoryService) => (s.type === "Headless" ? "Headless" : "ClusterSetIP");

/** Resolves one intent against the inventory and collects the fleet-level warnings. */
export function analyzeService(
  intent: GlobalServiceIntent,
  index: FleetIndex,
  namesakes: GlobalServiceIntent[] = [],
): AnalyzedService {
  const key = serviceKey(intent);
  const warnings: CompileWarning[] = [];
  const warn = (code: CompileWarning["code"], message: string, cluster?: string) =>
    warnings.push({ code, message, globalService: key, ...(cluster ? { cluster } : {}) });

  const exporters: Exporter[] = [];
  for (const name of intent.exports) {
    const cluster = index.clusters.get(name);
    const service = index.services.get(name)?.get(key);
    if (!cluster || !service) continue; // validateIntent reports these
    // MCS API: ExternalName services are not exportable (KEP-1645 "Constraints and Conflict
    // Resolution"); no mesh can share endpoints a DNS alias does not have.
    if (service.type === "ExternalName") {
      warn(
        "externalname-not-exported",
        `${key} in ${name} is an ExternalName Service and is never exported`,
        name,
      );
      continue;
    }
    exporters.push({ cluster, service });
  }
  const primary = exporters[0]?.service;
  const exporting = new Set(exporters.map((e) => e.cluster.name));
  const bystanders = (index.hosts.get(key) ?? []).filter((c) => !exporting.has(c.name));
  detectConflicts(key, exporters, warn);

  const importers = intent.imports.flatMap((n) => index.clusters.get(n) ?? []);
  const allowed = intent.access ? new Set(intent.access) : undefined;
  const consumers = allowed ? importers.filter((c) => allowed.has(c.name)) : importers;

  for (const imp of importers) {
    if (!exporters.length) {
      warn(
        "no-exporter",
        `${imp.name} imports ${key}, but no cluster exports it: nothing is generated`,
        imp.name,
      );
      continue;
    }
    if (allowed && !allowed.has(imp.name))
      warn(
        "import-not-allowed",
        `${imp.name} imports ${key} but is not on its access list: ${MESH_ADAPTERS[imp.mesh].texts.notAllowed}`,
        imp.name,
      );
    for (const exp of exporters) {
      if (exp.cluster.name === imp.name) continue;
      for (const m of pairMismatches(imp, exp.cluster)) warn(m.code, m.message, imp.name);
    }
  }

  const byName = new Map(exporters.map((e) => [e.cluster.name, e]));
  const tiers = (intent.failover?.tiers ?? [])
    .map((t) => t.clusters.flatMap((m) => byName.get(m.name) ?? []))
    .filter((t) => t.length > 0);
  if (exporters.length && importers.length) checkHealth(key, tiers, exporters, importers, warn);

  return {
    key,
    intent,
    hostname: hostnameOf(intent),
    exporters,
    primary,
    importers,
    consumers,
    bystanders,
    tiers,
    fleet: index.clusters,
    namesakes,
    warnings,
  };
}

type Warn = (code: CompileWarning["code"], message: string, cluster?: string) => void;

// MCS conformance: a conflict is reported on every exporting cluster (the ServiceExport
// Conflict condition), and the oldest export's definition is used. "Oldest" here is the
// first cluster in the intent's exports list, which the API appends to in time order.
function detectConflicts(key: string, exporters: Exporter[], warn: Warn): void {
  const first = exporters[0];
  if (!first) return;
  const portsDiffer = exporters.some((e) => portsSig(e.service) !== portsSig(first.service));
  const typesDiffer = exporters.some((e) => typeClass(e.service) !== typeClass(first.service));
  if (!portsDiffer && !typesDiffer) return;
  const what = [portsDiffer ? "ports" : "", typesDiffer ? "type" : ""]
    .filter(Boolean)
    .join(" and ");
  const detail = exporters
    .map((e) => `${e.cluster.name}: ${typeClass(e.service)} ${portsSig(e.service) || "no ports"}`)
    .join("; ");
  for (const e of exporters)
    warn(
      "export-conflict",
      `${what} of ${key} differ between exporters (${detail}); using the oldest exporter ${first.cluster.name}`,
      e.cluster.name,
    );
}

function checkHealth(
  key: string,
  tiers: Exporter[][],
  exporters: Exporter[],
  importers: InventoryCluster[],
  warn: Warn,
): void {
  const ready = (group: Exporter[]) => group.reduce((n, e) => n + e.service.endpoints.ready, 0);
  const problems: string[] = [];
  for (const [i, tier] of tiers.entries())
    if (ready(tier) === 0)
      problems.push(
        `failover tier ${i + 1} (${tier.map((e) => e.cluster.name).join(", ")}) has no ready endpoints`,
      );
  if (!tiers.length && ready(exporters) === 0)
    problems.push(`no exporter of ${key} has ready endpoints`);
  for (const p of problems)
    for (const imp of importers) warn("no-healthy-endpoints", `${key}: ${p}`, imp.name);
}

/**
 * mTLS between an importer and an exporter needs each to verify the other: the importer the
 * exporter's server certificate, the exporter the importer's client certificate. A failure
 * names both roots; a rotation window (both roots trusted) passes.
 */
/** The parts of a cluster {@link pairMismatches} reads. */
export type PairSide = Pick<
  InventoryCluster,
  "name" | "mesh" | "rootCaFingerprint" | "trustedRoots"
>;

/**
 * Why an importer cannot call an exporter: different meshes, or trust roots that do not verify
 * each other (mTLS fails). The plan's warnings and the sharing matrix's early warnings (issue 36)
 * both come from here, so they never disagree.
 */
export function pairMismatches(
  imp: PairSide,
  exp: PairSide,
): { code: "mesh-mismatch" | "trust-root-mismatch"; message: string }[] {
  const out: { code: "mesh-mismatch" | "trust-root-mismatch"; message: string }[] = [];
  if (exp.mesh !== imp.mesh)
    out.push({
      code: "mesh-mismatch",
      message: `${imp.name} runs ${imp.mesh} but exporter ${exp.name} runs ${exp.mesh}`,
    });
  // Without a mesh (plain MCS) there is no mTLS to break.
  if (imp.mesh === "none") return out;
  const importerOk = canVerify(imp, exp);
  const exporterOk = canVerify(exp, imp);
  if (importerOk !== false && exporterOk !== false) return out;
  const a = `${imp.name} (root ${shortFingerprint(imp.rootCaFingerprint)})`;
  const b = `exporter ${exp.name} (root ${shortFingerprint(exp.rootCaFingerprint)})`;
  const who =
    importerOk === false && exporterOk === false
      ? "neither trusts the other's root"
      : importerOk === false
        ? `${imp.name} does not trust ${exp.name}'s root`
        : `${exp.name} does not trust ${imp.name}'s root`;
  out.push({
    code: "trust-root-mismatch",
    message: `trust roots of ${a} and ${b} differ, ${who}: mTLS will fail`,
  });
  return out;
}
