import { LineCounter, parseDocument, isNode, type Node } from "yaml";
import { z } from "zod";
import { dnsLabel, labelMap } from "./k8s-names";
import {
  clusterSnapshotSchema,
  reportedMeshSchema,
  servicePortSchema,
  type ClusterSnapshot,
} from "./snapshot";
import { siteWorkloadsSchema, workloadEndpoints } from "./workload";

/**
 * A site file: what a static-mode agent (MERIDIAN_SITE_FILE) reports for a VM group or a set of
 * bare-metal hosts. Its parts are the agent protocol's own schemas (meshes, ports, workloads);
 * each service becomes a ReportedService whose endpoints are its workloads, counted per zone.
 */
export const siteFileSchema = z
  .object({
    /** The site's name as registered (informational: the credential decides which site it is). */
    site: dnsLabel("site").optional(),
    /** Zone of workloads that name none. */
    zone: z.string().max(63).default(""),
    meshes: z.array(reportedMeshSchema).max(5).default([]),
    services: z
      .array(
        z
          .object({
            namespace: dnsLabel("namespace"),
            name: dnsLabel("service name"),
            ports: z.array(servicePortSchema).max(100).default([]),
            labels: labelMap.default({}),
            workloads: siteWorkloadsSchema,
          })
          .strict(),
      )
      .max(20_000),
  })
  .strict();
export type SiteFile = z.infer<typeof siteFileSchema>;

/** A site file that cannot be used, with the line (1-based) and column its first problem is at. */
export class SiteFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${col}: ${detail}`);
    this.name = "SiteFileError";
  }
}

/** The snapshot a site file reports (unvalidated): its services as ClusterIP Services of its workloads. */
function snapshotOf(site: SiteFile): z.input<typeof clusterSnapshotSchema> {
  return {
    meshes: site.meshes,
    services: site.services.map((s) => ({
      namespace: s.namespace,
      name: s.name,
      // A mesh gives a site's service a virtual IP (Istio ServiceEntry, Linkerd, Consul), as a
      // ClusterIP Service has one; its endpoints are the workloads.
      type: "ClusterIP",
      ports: s.ports,
      labels: s.labels,
      endpointsByZone: workloadEndpoints(s.workloads, site.zone),
      workloads: s.workloads,
    })),
  };
}

/**
 * Parse and validate a site file's text into the snapshot it reports. Throws a SiteFileError
 * naming the line and column of the first problem (YAML syntax, then the schema's).
 */
export function parseSiteFile(text: string, file = "site file"): ClusterSnapshot {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => lineCounter.linePos(offset);
  const syntax = doc.errors[0];
  if (syntax) {
    const { line, col } = at(syntax.pos[0]);
    throw new SiteFileError(file, line, col, syntax.message.split("\n")[0] ?? "invalid YAML");
  }
  const parsed = siteFileSchema.safeParse(doc.toJS());
  const issue = parsed.error?.issues[0];
  if (issue) {
    const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    const { line, col } = at(nodeAt(doc.contents, path)?.range?.[0] ?? 0);
    const where = path.length ? `${path.join(".")}: ` : "";
    throw new SiteFileError(file, line, col, `${where}${issue.message}`);
  }
  const snapshot = clusterSnapshotSchema.safeParse(snapshotOf(parsed.data!));
  if (!snapshot.success) {
    const i = snapshot.error.issues[0]!;
    const path = i.path.filter((p): p is string | number => typeof p !== "symbol");
    const { line, col } = at(nodeAt(doc.contents, path)?.range?.[0] ?? 0);
    throw new SiteFileError(file, line, col, `${path.join(".")}: ${i.message}`);
  }
  return snapshot.data;
}

// The deepest node of the document on `path` (a missing key points at its parent).
function nodeAt(root: unknown, path: (string | number)[]): Node | undefined {
  let node = isNode(root) ? root : undefined;
  for (const key of path) {
    const child = (node as { get?: (k: unknown, keep: boolean) => unknown } | undefined)?.get?.(
      key,
      true,
    );
    if (!isNode(child)) break;
    node = child;
  }
  return node;
}
