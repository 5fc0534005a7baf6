import type { DesiredResource } from "../agent-protocol/messages";
import { analyzeService, indexFleet, type AnalyzedService, type FleetIndex } from "./analysis";
import type {
  FleetIntent,
  FleetInventory,
  GlobalServiceIntent,
  InventoryCluster,
} from "./kit/fleet-input";
import { namespaceGuard } from "./namespaces";
import { translateRemote } from "./remote";
import { remoteKey } from "./kit/remote-import";
import { ResourceSet, type ResourceMerger } from "./kit/resources";
import { compileSite, isSite, sitePlacements, warnSiteMesh } from "./sites";
import type { Sink, Target } from "./kit/mesh-adapter";
import { MESH_ADAPTERS, MESH_LIST } from "./registry";
import { sortWarnings, type CompileWarning } from "./kit/warnings";

// Kinds several services write one object of (per cluster or partition), merged by their mesh.
const MERGERS = Object.assign({}, ...MESH_LIST.map((m) => m.mergers ?? {})) as Readonly<
  Record<string, ResourceMerger>
>;

/** What one cluster should run: its full desired resource set plus the warnings about it. */
export interface ClusterCompilation {
  resources: DesiredResource[];
  warnings: CompileWarning[];
}

/** A whole fleet's compilation: per cluster (every inventory cluster, in name order) and all warnings. */
export interface FleetCompilation {
  clusters: Record<string, ClusterCompilation>;
  warnings: CompileWarning[];
}

/**
 * Compiles intent into desired resources for every cluster. Pure and deterministic: the same
 * intent and inventory always give the same resources in the same order, so an import whose
 * last exporter is revoked simply stops being generated anywhere.
 */
export function compileFleet(intent: FleetIntent, fleet: FleetInventory): FleetCompilation {
  return compile(intent, indexFleet(fleet), undefined);
}

/** Compiles intent for one cluster only (the same result as `compileFleet(...).clusters[name]`). */
export function compileCluster(
  intent: FleetIntent,
  fleet: FleetInventory,
  cluster: string,
): ClusterCompilation {
  const out = compile(intent, indexFleet(fleet), new Set([cluster]));
  return out.clusters[cluster] ?? { resources: [], warnings: [] };
}

/**
 * Compiles intent for some clusters only: the same resources as `compileFleet` for each of them,
 * at the cost of the services that export to or import into them (what a plan needs: a change
 * to one service touches only its exporters and importers). Unknown names are left out; the
 * warnings are those about the named clusters plus fleet-wide ones of the services visited.
 */
export function compileClusters(
  intent: FleetIntent,
  fleet: FleetInventory,
  clusters: Iterable<string>,
): FleetCompilation {
  return compile(intent, indexFleet(fleet), new Set(clusters));
}

function compile(
  intent: FleetIntent,
  index: FleetIndex,
  only: ReadonlySet<string> | undefined,
): FleetCompilation {
  const sets = new Map<string, ResourceSet>();
  const warnings = new Map<string, CompileWarning[]>();
  const names = [...index.clusters.keys()].filter((n) => !only || only.has(n)).sort();
  for (const n of names) {
    sets.set(n, new ResourceSet(MERGERS));
    warnings.set(n, []);
  }
  const fleetWide: CompileWarning[] = [];
  const byName = new Map<string, GlobalServiceIntent[]>();
  for (const s of intent.services) {
    const same = byName.get(s.name);
    if (same) same.push(s);
    else byName.set(s.name, [s]);
  }
  for (const svcIntent of intent.services) {
    if (
      only &&
      !svcIntent.exports.some((c) => only.has(c) || hostedIn(index, c, only)) &&
      !svcIntent.imports.some((c) => only.has(c))
    )
      continue;
    const namesakes = (byName.get(svcIntent.name) ?? []).filter((s) => s !== svcIntent);
    const svc = analyzeService(svcIntent, index, namesakes);
    for (const w of svc.warnings) {
      if (w.cluster) warnings.get(w.cluster)?.push(w);
      else fleetWide.push(w);
    }
    // Runs `emit` with a sink into one cluster's set (skipped when the cluster is not compiled).
    const into = (cluster: InventoryCluster, emit: (sink: Sink) => void) => {
      const set = sets.get(cluster.name);
      const list = warnings.get(cluster.name);
      if (!set || !list) return;
      const warn: Sink["warn"] = (code, message) =>
        list.push({ code, message, globalService: svc.key, cluster: cluster.name });
      const guard = namespaceGuard(svc, cluster, warn);
      emit({
        resource: (r) => {
          const ns = guard.check(r);
          if (ns) set.add(ns);
          set.add(r);
        },
        warn,
      });
      guard.flush();
    };
    for (const target of targets(svc)) {
      // A site has no Kubernetes API: its objects are compiled into clusters of its mesh below.
      if (isSite(target.cluster)) {
        const site = target.exporter;
        into(target.cluster, (sink) => {
          if (site) warnSiteMesh(svc, site, sink);
          if (target.importer)
            sink.warn(
              "mesh-cannot-express",
              `site ${target.cluster.name} cannot import ${svc.key}: a site has no Kubernetes API to write an import to; its proxies reach global services through their mesh`,
            );
        });
        continue;
      }
      into(target.cluster, (sink) =>
        MESH_ADAPTERS[target.cluster.mesh].translate(svc, target, sink),
      );
    }
    const placements = sitePlacements(svc, (site, code, message) =>
      warnings.get(site)?.push({ code, message, globalService: svc.key, cluster: site }),
    );
    for (const p of placements) into(p.cluster, (sink) => compileSite(svc, p, sink));
  }
  for (const r of intent.remote ?? [])
    for (const c of r.clusters) {
      const set = sets.get(c);
      const list = warnings.get(c);
      const cluster = index.clusters.get(c);
      if (!set || !list || !cluster) continue;
      translateRemote(r, cluster, {
        resource: (res) => set.add(res),
        warn: (code, message) =>
          list.push({ code, message, globalService: remoteKey(r), cluster: c }),
      });
    }
  const clusters: Record<string, ClusterCompilation> = {};
  for (const n of names)
    clusters[n] = {
      resources: sets.get(n)?.toArray() ?? [],
      warnings: sortWarnings(warnings.get(n) ?? []),
    };
  // Fleet-wide warnings sort first; each cluster's are sorted already, in name order.
  const all = [...sortWarnings(fleetWide), ...names.flatMap((n) => clusters[n]!.warnings)];
  return { clusters, warnings: all };
}

// True when `cluster` is a site whose host cluster is being compiled (its objects go there).
function hostedIn(index: FleetIndex, cluster: string, only: ReadonlySet<string>): boolean {
  const host = index.clusters.get(cluster)?.hostCluster;
  return host !== undefined && only.has(host);
}

// Exporters and importers of a service; an import without any exporter compiles to nothing.
function targets(svc: AnalyzedService): Target[] {
  const byName = new Map<string, Target>();
  for (const e of svc.exporters)
    byName.set(e.cluster.name, {
      cluster: e.cluster,
      meshName: MESH_ADAPTERS[e.cluster.mesh].displayName,
      exporter: e,
      importer: false,
    });
  if (svc.exporters.length)
    for (const c of svc.importers) {
      const t = byName.get(c.name);
      if (t) t.importer = true;
      else
        byName.set(c.name, {
          cluster: c,
          meshName: MESH_ADAPTERS[c.mesh].displayName,
          importer: true,
        });
    }
  return [...byName.values()];
}
