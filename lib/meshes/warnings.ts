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
  | "no-workload-selector";

/** One compile warning, attached to a global service and/or a cluster where it applies. */
export interface CompileWarning {
  code: WarningCode;
  message: string;
  globalService?: string;
  cluster?: string;
}

/** Warnings sorted (cluster, service, code, message) with exact duplicates removed. */
export function sortWarnings(warnings: readonly CompileWarning[]): CompileWarning[] {
  const key = (w: CompileWarning) =>
    [w.cluster ?? "", w.globalService ?? "", w.code, w.message].join("\u0000");
  const unique = new Map<string, CompileWarning>();
  for (const w of warnings) unique.set(key(w), w);
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w);
}
