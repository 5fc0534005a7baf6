// The trust federation view: which clusters verify each other's workload certificates, from
// the roots each cluster's mesh trusts (lib/agent-protocol/trust.ts). Pure.
//
// "A trusts B" when the root that signs B's workloads is among the roots A trusts. Two roots
// trusted at once is a rotation window (Istio root-cert.pem or caCertificates, Linkerd's
// ca-bundle.crt during an anchor rotation), not a mismatch: clusters on the old and the new
// root still verify each other while both are trusted.
import type { MeshTypeName } from "@/lib/agent-protocol/snapshot";
import type { ReportedTrust } from "@/lib/agent-protocol/trust";
import { canVerify, trustedRoots } from "@/lib/meshes/kit/trust-roots";

export { shortFingerprint } from "@/lib/meshes/kit/trust-roots";
import type {
  ExpiryState,
  TrustCluster,
  TrustEdge,
  TrustGroup,
  TrustRoot,
  TrustServiceCheck,
  TrustView,
} from "@/lib/model/trust";

/** One cluster's primary mesh as the inventory stores it. */
export interface TrustInputCluster {
  cluster: string;
  mesh: MeshTypeName;
  trustDomain: string;
  rootCaFingerprint: string;
  /** Absent from agents before issue 21: only the signing root's fingerprint is known. */
  trust?: Pick<ReportedTrust, "aliases" | "roots" | "caKind" | "caEvidence">;
}

/** A global service's exporters and importers (its intent). */
export interface TrustInputService {
  namespace: string;
  name: string;
  exports: readonly string[];
  imports: readonly string[];
}

/** Days before notAfter at which a root becomes a warning, then critical. */
export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRY_CRITICAL_DAYS = 7;

const DAY_MS = 86_400_000;

/** How close `notAfter` is, seen at `now`. */
export function expiryOf(notAfter: string, now: Date): { daysLeft: number; expiry: ExpiryState } {
  const ms = Date.parse(notAfter) - now.getTime();
  const daysLeft = Math.floor(ms / DAY_MS);
  const expiry: ExpiryState =
    ms <= 0
      ? "expired"
      : ms <= EXPIRY_CRITICAL_DAYS * DAY_MS
        ? "critical"
        : ms <= EXPIRY_WARNING_DAYS * DAY_MS
          ? "expiring"
          : "ok";
  return { daysLeft, expiry };
}

const side = (c: TrustInputCluster) => ({
  rootCaFingerprint: c.rootCaFingerprint,
  trustedRoots: c.trust?.roots.map((r) => r.fingerprint),
});

/** How `verifier`'s trust domain relates to `signer`'s. */
function domainRelation(
  verifier: TrustInputCluster,
  signer: TrustInputCluster,
): TrustEdge["domain"] {
  if (verifier.trustDomain === signer.trustDomain) return "same";
  return verifier.trust?.aliases.includes(signer.trustDomain) ? "alias" : "foreign";
}

/** Directed "A trusts B" edges between distinct clusters, found through a root index. */
export function trustEdges(clusters: readonly TrustInputCluster[]): TrustEdge[] {
  const signers = new Map<string, TrustInputCluster[]>();
  for (const c of clusters) {
    if (!c.rootCaFingerprint) continue;
    signers.set(c.rootCaFingerprint, [...(signers.get(c.rootCaFingerprint) ?? []), c]);
  }
  const edges: TrustEdge[] = [];
  for (const a of clusters) {
    const trusted = trustedRoots(side(a));
    for (const root of trusted)
      for (const b of signers.get(root) ?? []) {
        if (b.cluster === a.cluster) continue;
        edges.push({
          from: a.cluster,
          to: b.cluster,
          root,
          viaRotation: trusted.length > 1,
          domain: domainRelation(a, b),
        });
      }
  }
  return edges.sort((x, y) => cmp(x.from, y.from) || cmp(x.to, y.to));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups of clusters that can mTLS: connected by mutual trust (A trusts B and B trusts A).
 * Clusters whose root is unknown belong to no group.
 */
export function trustGroups(
  clusters: readonly TrustInputCluster[],
  edges: readonly TrustEdge[],
): TrustGroup[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const known = clusters.filter((c) => c.rootCaFingerprint);
  for (const c of known) parent.set(c.cluster, c.cluster);
  const directed = new Set(edges.map((e) => `${e.from}\n${e.to}`));
  for (const e of edges)
    if (directed.has(`${e.to}\n${e.from}`)) parent.set(find(e.from), find(e.to));
  const byRoot = new Map<string, TrustInputCluster[]>();
  for (const c of known) byRoot.set(find(c.cluster), [...(byRoot.get(find(c.cluster)) ?? []), c]);
  return [...byRoot.values()]
    .map((members) => ({
      clusters: members.map((m) => m.cluster).sort(cmp),
      roots: [...new Set(members.flatMap((m) => trustedRoots(side(m))))].sort(cmp),
      trustDomains: [...new Set(members.map((m) => m.trustDomain))].sort(cmp),
    }))
    .sort((a, b) => b.clusters.length - a.clusters.length || cmp(a.clusters[0]!, b.clusters[0]!));
}

/** Whether every importer of each global service can verify each of its exporters (and back). */
export function serviceChecks(
  clusters: readonly TrustInputCluster[],
  services: readonly TrustInputService[],
): TrustServiceCheck[] {
  const byName = new Map(clusters.map((c) => [c.cluster, c]));
  const out: TrustServiceCheck[] = [];
  for (const s of services)
    for (const importer of s.imports)
      for (const exporter of s.exports) {
        const imp = byName.get(importer);
        const exp = byName.get(exporter);
        if (!imp || !exp || importer === exporter) continue;
        const a = canVerify(side(imp), side(exp));
        const b = canVerify(side(exp), side(imp));
        out.push({
          globalService: `${s.namespace}/${s.name}`,
          importer,
          exporter,
          state: a === false || b === false ? "mismatch" : a && b ? "verified" : "unknown",
          importerRoot: imp.rootCaFingerprint,
          exporterRoot: exp.rootCaFingerprint,
        });
      }
  return out;
}

function rootsOf(c: TrustInputCluster, now: Date): TrustRoot[] {
  return (c.trust?.roots ?? []).map((r) => ({
    fingerprint: r.fingerprint,
    subject: r.subject,
    notBefore: r.notBefore,
    notAfter: r.notAfter,
    ...expiryOf(r.notAfter, now),
    ...(r.trustDomains ? { trustDomains: [...r.trustDomains] } : {}),
  }));
}

/** The whole trust view of a fleet. */
export function deriveTrustView(
  clusters: readonly TrustInputCluster[],
  services: readonly TrustInputService[],
  now: Date,
): TrustView {
  const edges = trustEdges(clusters);
  const groups = trustGroups(clusters, edges);
  const groupOf = new Map(groups.flatMap((g, i) => g.clusters.map((c) => [c, i] as const)));
  const out: TrustCluster[] = clusters.map((c) => ({
    cluster: c.cluster,
    mesh: c.mesh,
    trustDomain: c.trustDomain,
    aliases: [...(c.trust?.aliases ?? [])],
    signingRoot: c.rootCaFingerprint,
    roots: rootsOf(c, now),
    rotation: (c.trust?.roots.length ?? 0) > 1,
    caKind: c.trust?.caKind ?? "unknown",
    caEvidence: c.trust?.caEvidence ?? "",
    group: groupOf.get(c.cluster) ?? null,
  }));
  return {
    clusters: out.sort((a, b) => cmp(a.cluster, b.cluster)),
    groups,
    edges,
    services: serviceChecks(clusters, services),
    generatedAt: now.toISOString(),
  };
}

/** A root within 30 days of its notAfter (or past it), for the fleet alerts. */
export interface ExpiringRoot {
  cluster: string;
  fingerprint: string;
  subject: string;
  notAfter: string;
  daysLeft: number;
  expiry: Exclude<ExpiryState, "ok">;
}

/** Every reported root that expires within {@link EXPIRY_WARNING_DAYS} days, or has expired. */
export function expiringRoots(clusters: readonly TrustInputCluster[], now: Date): ExpiringRoot[] {
  return clusters.flatMap((c) =>
    rootsOf(c, now).flatMap((r) =>
      r.expiry === "ok"
        ? []
        : [
            {
              cluster: c.cluster,
              fingerprint: r.fingerprint,
              subject: r.subject,
              notAfter: r.notAfter,
              daysLeft: r.daysLeft,
              expiry: r.expiry,
            },
          ],
    ),
  );
}
