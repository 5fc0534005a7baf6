/** Codes of compile warnings (the plan shows them; fleet alerts reuse the same codes). */
export type WarningCode =
  /** The target cluster's mesh has no way to say part of the intent. */
  | "mesh-cannot-express"
  /** An ExternalName Service is never exported (MCS API: it has no endpoints to share). */
  | "externalname-not-exported"
  /** Exporters disagree on ports or type; the oldest exporter's definition wins. */
  | "export-conflict"
  /** An import whose global service has no exporter left: nothing is generated for it. */
  | "no-exporter"
  /** A failover tier, or the only exporter, has no ready endpoints. */
  | "no-healthy-endpoints"
  /** Exporter and importer trust roots differ, so mTLS between them will fail. */
  | "trust-root-mismatch"
  /** Exporter and importer run different meshes; the import cannot reach the exporter. */
  | "mesh-mismatch"
  /** An importing cluster is not on the access allow-list; its calls will be denied. */
  | "import-not-allowed"
  /** The mesh needs a Service in the importing cluster that does not exist there. */
  | "needs-local-service"
  /** No workload selector is known for the Service, so a workload-scoped resource is skipped. */
  | "no-workload-selector"
  /** A resource goes to a namespace the cluster is not known to have; applying it fails. */
  | "namespace-missing"
  /** The cluster's mesh configuration lacks (or did not report) a setting the output relies on. */
  | "mesh-config-required";

/** One compile warning, attached to a global service and/or a cluster where it applies. */
export interface CompileWarning {
  code: WarningCode;
  message: string;
  globalService?: string;
  cluster?: string;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Order of warnings: cluster (fleet-wide ones first), global service, code, message. */
function compareWarnings(a: CompileWarning, b: CompileWarning): number {
  return (
    cmp(a.cluster ?? "", b.cluster ?? "") ||
    cmp(a.globalService ?? "", b.globalService ?? "") ||
    cmp(a.code, b.code) ||
    cmp(a.message, b.message)
  );
}

/** Warnings sorted (cluster, service, code, message) with exact duplicates removed. */
export function sortWarnings(warnings: readonly CompileWarning[]): CompileWarning[] {
  const sorted = [...warnings].sort(compareWarnings);
  return sorted.filter((w, i) => i === 0 || compareWarnings(sorted[i - 1]!, w) !== 0);
}
