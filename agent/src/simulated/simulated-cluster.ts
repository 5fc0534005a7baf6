// An in-memory cluster standing in for the Kubernetes layer: the demo and the benchmarks run
// real agents (real protocol, real Meridian) against it. Marked "simulated" in the UI.
import { sameJson } from "../../../lib/agent-protocol/canonical-json";
import type { FleetCluster } from "../../../lib/agent-protocol/fleet-file";
import { type DesiredResource, type ResourceResult } from "../../../lib/agent-protocol/messages";
import type { ClusterSnapshot, ReportedService } from "../../../lib/agent-protocol/snapshot";
import type { InventorySource, ResourceWriter } from "../cluster-interfaces";

const keyOf = (r: DesiredResource) =>
  `${r.apiVersion}/${r.kind}/${r.metadata.namespace ?? ""}/${r.metadata.name}`;

export class SimulatedCluster implements InventorySource, ResourceWriter {
  private services: Map<string, ReportedService>;
  private meshes: ClusterSnapshot["meshes"];
  private readonly listeners: (() => void)[] = [];
  /** The objects Meridian owns here, by apiVersion/kind/namespace/name. */
  readonly owned = new Map<string, DesiredResource>();
  /** Kinds whose "CRD" is missing in this cluster (to exercise crd-missing). */
  readonly missingKinds = new Set<string>();

  constructor(fleetCluster: Pick<FleetCluster, "services" | "meshes">) {
    this.services = new Map(fleetCluster.services.map((s) => [`${s.namespace}/${s.name}`, s]));
    this.meshes = fleetCluster.meshes;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  current(): ClusterSnapshot {
    return { meshes: this.meshes, services: [...this.services.values()] };
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Add or replace a service (as if its Service or EndpointSlices changed). */
  upsertService(service: ReportedService): void {
    this.services.set(`${service.namespace}/${service.name}`, service);
    this.changed();
  }

  /** Remove a service. */
  deleteService(namespace: string, name: string): void {
    this.services.delete(`${namespace}/${name}`);
    this.changed();
  }

  async apply(desired: DesiredResource[]): Promise<ResourceResult[]> {
    const results: ResourceResult[] = [];
    const wanted = new Set<string>();
    for (const r of desired) {
      const key = keyOf(r);
      const ref = {
        apiVersion: r.apiVersion,
        kind: r.kind,
        namespace: r.metadata.namespace ?? "",
        name: r.metadata.name,
      };
      if (this.missingKinds.has(r.kind)) {
        results.push({
          ...ref,
          result: "crd-missing",
          message: `the server could not find the requested resource (${r.kind})`,
        });
        continue;
      }
      wanted.add(key);
      const before = this.owned.get(key);
      const same = before !== undefined && sameJson(before, r);
      this.owned.set(key, r);
      results.push({ ...ref, result: same ? "unchanged" : "applied", message: "" });
    }
    for (const [key, r] of this.owned) {
      if (wanted.has(key) || this.missingKinds.has(r.kind)) continue;
      this.owned.delete(key);
      results.push({
        apiVersion: r.apiVersion,
        kind: r.kind,
        namespace: r.metadata.namespace ?? "",
        name: r.metadata.name,
        result: "pruned",
        message: "",
      });
    }
    return results;
  }
}
