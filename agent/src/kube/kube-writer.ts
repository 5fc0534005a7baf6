// The agent's write side on a real cluster: server-side apply of Meridian's resources
// (field manager meridian-agent, never forced but to repair drift) and pruning of what it owns but no longer
// wants. A narrow object on purpose (STYLE.md, "Reading and writing are separate").
import {
  KubernetesObjectApi,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";

import {
  FIELD_MANAGER,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  ownsWholeObject,
  type DesiredResource,
  type ResourceResult,
} from "../../../lib/agent-protocol/messages";
import { resourceKey } from "../../../lib/meshes/kit/resources";
import { appliedObject } from "../../../lib/agent-protocol/applied-object";
import { exportConditions, isServiceExport } from "./export-conditions";
import type { ApplyOptions, Drift, ResourceWriter } from "../cluster-interfaces";
import { findDrift } from "./drift";
import { SILENT_LOG, type AgentLog } from "../log";
import {
  apiMessage,
  classifyApplyError,
  httpStatus,
  isKindMissing,
  isObjectNotFound,
} from "./api-errors";
import { linkRetention } from "../../../lib/meshes/linkerd/translate";
import {
  hasMeridianEntries,
  isMeridians,
  mergeIntoForeign,
  type ExportedServicesObject,
} from "./exported-services";
import {
  OWNED_KINDS,
  SHARED_KINDS,
  groupKind,
  isCreateOnlyKind,
  isSharedKind,
  type KindRef,
} from "./managed-kinds";

const EXPORTED_SERVICES = "consul.hashicorp.com/ExportedServices";
const LINK = "multicluster.linkerd.io/Link";

/** Options for {@link KubeWriter}. */
export interface KubeWriterOptions {
  log?: AgentLog;
  /** Kinds pruned even when absent from the desired set; default {@link OWNED_KINDS}. */
  ownedKinds?: readonly KindRef[];
  /** Applies in flight at once (default 4). */
  concurrency?: number;
}

type Obj = KubernetesObject & {
  metadata?: KubernetesObject["metadata"] & {
    managedFields?: Array<{ manager?: string; operation?: string }>;
  };
};

const identity = (o: { apiVersion?: string; kind?: string; metadata?: Obj["metadata"] }) =>
  `${groupKind({ apiVersion: o.apiVersion ?? "", kind: o.kind ?? "" })}/${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;

/** Whether our field manager has applied fields of `obj`. */
function appliedByUs(obj: Obj): boolean {
  return (obj.metadata?.managedFields ?? []).some(
    (f) => f.manager === FIELD_MANAGER && f.operation === "Apply",
  );
}

/** A {@link ResourceWriter} that server-side-applies into a real Kubernetes API server. */
export class KubeWriter implements ResourceWriter {
  private readonly api: KubernetesObjectApi;
  private readonly log: AgentLog;
  private readonly ownedKinds: readonly KindRef[];
  private readonly concurrency: number;
  private readonly defaultNamespace: string;

  constructor(kc: KubeConfig, opts: KubeWriterOptions = {}) {
    this.api = KubernetesObjectApi.makeApiClient(kc);
    // KubernetesObjectApi puts a namespaced object without a namespace into the context's
    // namespace (else "default"); prune must count it there too.
    this.defaultNamespace = kc.getContextObject(kc.getCurrentContext())?.namespace || "default";
    this.log = opts.log ?? SILENT_LOG;
    this.ownedKinds = opts.ownedKinds ?? OWNED_KINDS;
    this.concurrency = Math.max(1, opts.concurrency ?? 4);
  }

  /** Applies `desired`, then prunes owned objects not in it; one result per resource touched. */
  async apply(desired: DesiredResource[], options: ApplyOptions = {}): Promise<ResourceResult[]> {
    // Namespaces first: the resources inside them would fail with NotFound otherwise.
    const first = desired.filter((d) => isCreateOnlyKind(d));
    const rest = desired.filter((d) => !isCreateOnlyKind(d));
    const repair = options.repair ?? new Set<string>();
    const results = [
      ...(await this.applyAll(first, repair)),
      ...(await this.applyAll(rest, repair)),
    ];
    return [...results, ...(await this.prune(desired))];
  }

  /** Objects Meridian owns whole whose live version lost what Meridian set (drift.ts). */
  async checkDrift(desired: readonly DesiredResource[]): Promise<Drift[]> {
    return findDrift(
      desired.filter((d) => groupKind(d) !== EXPORTED_SERVICES), // maybe merged into a foreign one
      (body) => this.read(body as Obj),
      (key, err) =>
        this.log.warn("drift check: read failed", { resource: key, message: apiMessage(err) }),
    );
  }

  private async applyAll(
    desired: DesiredResource[],
    repair: ReadonlySet<string>,
  ): Promise<ResourceResult[]> {
    const results: ResourceResult[] = new Array<ResourceResult>(desired.length);
    let next = 0;
    const worker = async () => {
      while (next < desired.length) {
        const i = next++;
        const d = desired[i] as DesiredResource;
        results[i] = await this.applyOne(d, repair.has(resourceKey(d)) && ownsWholeObject(d));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, desired.length) }, worker));
    return results;
  }

  private result(
    r: { apiVersion?: string; kind?: string; metadata?: Obj["metadata"] },
    result: ResourceResult["result"],
    message = "",
  ): ResourceResult {
    return {
      apiVersion: r.apiVersion ?? "",
      kind: r.kind ?? "",
      namespace: r.metadata?.namespace ?? "",
      name: r.metadata?.name ?? "",
      result,
      message: message.slice(0, 2000),
    };
  }

  // `force`: a drifted object Meridian owns whole, whose fields another manager took over.
  private async applyOne(desired: DesiredResource, force = false): Promise<ResourceResult> {
    if (groupKind(desired) === EXPORTED_SERVICES) {
      const foreign = (await this.listAll(desired)).find((o) => !isMeridians(o));
      if (foreign) return this.mergeExports(desired, foreign, desired);
    }
    const shared = isSharedKind(desired);
    // The same body the GitOps export writes (lib/agent-protocol/applied-object.ts).
    const body = appliedObject(desired) as Obj;
    try {
      // Read first: an apply that changes nothing keeps the resourceVersion, which is how
      // "unchanged" is told from "applied" (a no-op apply does not bump it).
      const before = await this.read(body);
      if (shared && !before) {
        return this.result(
          desired,
          "error",
          `${desired.kind} ${desired.metadata.namespace ?? ""}/${desired.metadata.name} not found: Meridian only adds labels and annotations to an existing ${desired.kind}`,
        );
      }
      const after = (await this.api.patch(
        structuredClone(body),
        undefined,
        undefined,
        FIELD_MANAGER,
        force,
        PatchStrategy.ServerSideApply,
      )) as Obj;
      const same =
        before?.metadata?.resourceVersion !== undefined &&
        before.metadata.resourceVersion === after.metadata?.resourceVersion;
      const result = this.result(desired, same ? "unchanged" : "applied");
      return isServiceExport(desired) ? withConditions(result, after) : result;
    } catch (err) {
      const { result, message } = classifyApplyError(err);
      if (result === "crd-missing")
        return this.result(
          desired,
          result,
          `${desired.apiVersion} ${desired.kind} is not served by this cluster (CRD not installed): ${message}`,
        );
      if (result === "error") this.log.warn("apply failed", { resource: identity(body), message });
      return this.result(desired, result, message);
    }
  }

  /**
   * Reads back the status conditions of the ServiceExports among `results` (an MCS controller sets
   * them after the apply): the same results with each ServiceExport's current conditions.
   */
  async refreshConditions(results: readonly ResourceResult[]): Promise<ResourceResult[]> {
    return Promise.all(
      results.map(async (r) => {
        if (!isServiceExport(r) || !["applied", "unchanged"].includes(r.result)) return r;
        const obj = await this.read({
          apiVersion: r.apiVersion,
          kind: r.kind,
          metadata: { name: r.name, namespace: r.namespace },
        }).catch(() => undefined);
        return obj ? withConditions(r, obj) : r;
      }),
    );
  }

  private async read(obj: Obj): Promise<Obj | undefined> {
    try {
      return (await this.api.read(
        structuredClone(obj) as Obj & { metadata: { name: string } },
      )) as Obj;
    } catch (err) {
      if (isObjectNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Deletes (owned kinds) or releases (shared kinds) what Meridian no longer wants. */
  private async prune(desired: DesiredResource[]): Promise<ResourceResult[]> {
    const wanted = new Set(desired.map(identity));
    // A resource without a namespace is either cluster-scoped ("") or was applied into the
    // default namespace; keep both so prune never deletes what was just applied.
    for (const d of desired)
      if (!d.metadata.namespace)
        wanted.add(
          identity({ ...d, metadata: { ...d.metadata, namespace: this.defaultNamespace } }),
        );
    const out: ResourceResult[] = [];
    const kinds = new Map<string, KindRef>();
    for (const k of [...this.ownedKinds, ...SHARED_KINDS, ...desired])
      if (!kinds.has(groupKind(k)))
        kinds.set(groupKind(k), { apiVersion: k.apiVersion, kind: k.kind });
    if (!desired.some((d) => groupKind(d) === EXPORTED_SERVICES))
      for (const foreign of await this.listAll({
        apiVersion: "consul.hashicorp.com/v1alpha1",
        kind: "ExportedServices",
      }))
        if (!isMeridians(foreign) && hasMeridianEntries(foreign))
          out.push(await this.mergeExports(undefined, foreign, foreign));
    for (const kind of kinds.values()) {
      // Created on request, never deleted (managed-kinds.ts).
      if (isCreateOnlyKind(kind)) continue;
      const shared = isSharedKind(kind);
      let items: Obj[];
      try {
        // Owned kinds by our label; shared kinds have no label of ours, so look for our
        // field manager instead.
        const list = await this.api.list(
          kind.apiVersion,
          kind.kind,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          shared ? undefined : `${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE}`,
        );
        items = list.items as Obj[];
      } catch (err) {
        // A kind whose CRD is not installed holds nothing of ours.
        if (!isKindMissing(err))
          this.log.warn("prune: list failed, skipping kind", {
            kind: groupKind(kind),
            message: apiMessage(err),
          });
        continue;
      }
      for (const item of items) {
        const obj: Obj = { ...item, apiVersion: kind.apiVersion, kind: kind.kind };
        if (wanted.has(identity(obj)) || !appliedByUs(obj)) continue;
        if (shared) {
          const r = await this.releaseOrRetain(obj);
          if (r) out.push(r);
        }
        // Belt and braces: the label selector already did this, but deleting is the one
        // thing that must never hit an object Meridian does not own.
        else if (obj.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY_VALUE)
          out.push(await this.remove(obj));
      }
    }
    return out;
  }

  private async remove(obj: Obj): Promise<ResourceResult> {
    try {
      // Preconditions: if the object changed since we listed it (someone relabelled or
      // took it over), the delete fails with 409 instead of removing their version.
      await this.api.delete(
        {
          apiVersion: obj.apiVersion,
          kind: obj.kind,
          metadata: { name: obj.metadata?.name, namespace: obj.metadata?.namespace },
        },
        undefined,
        undefined,
        undefined,
        undefined,
        "Background",
        {
          preconditions: { uid: obj.metadata?.uid, resourceVersion: obj.metadata?.resourceVersion },
        },
      );
      return this.result(obj, "pruned");
    } catch (err) {
      if (httpStatus(err) === 404) return this.result(obj, "pruned", "already deleted");
      const message = apiMessage(err);
      this.log.warn("prune: delete failed", { resource: identity(obj), message });
      return this.result(obj, httpStatus(err) === 409 ? "conflict" : "error", message);
    }
  }

  // A Link keeps Meridian's consumer labels in its selectors: released, it would fall back to
  // the link command's selector and mirror every exported Service (lib/meshes/linkerd/translate.ts).
  private async releaseOrRetain(obj: Obj): Promise<ResourceResult | undefined> {
    const keep = groupKind(obj as KindRef) === LINK ? linkRetention(obj) : undefined;
    if (!keep) return this.release(obj);
    try {
      const after = (await this.api.patch(
        keep as Obj,
        undefined,
        undefined,
        FIELD_MANAGER,
        false,
        PatchStrategy.ServerSideApply,
      )) as Obj;
      // Kept as it was (every later prune sees the same Link): nothing to report.
      if (after.metadata?.resourceVersion === obj.metadata?.resourceVersion) return undefined;
      return this.result(
        obj,
        "pruned",
        "kept Meridian's consumer selectors so the Link never widens",
      );
    } catch (err) {
      const { result, message } = classifyApplyError(err);
      return this.result(obj, result === "crd-missing" ? "error" : result, message);
    }
  }

  /** Every object of a kind in every namespace; none when the kind is not served. */
  private async listAll(ref: KindRef): Promise<ExportedServicesObject[]> {
    try {
      return (await this.api.list(ref.apiVersion, ref.kind)).items as ExportedServicesObject[];
    } catch (err) {
      // The apply or prune that follows reports the failure against the resource itself.
      if (!isKindMissing(err))
        this.log.warn("list failed", { kind: groupKind(ref), message: apiMessage(err) });
      return [];
    }
  }

  // Someone else's ExportedServices: merge Meridian's entries in (exported-services.ts). Forced:
  // spec.services is an atomic list its owner holds, and the owner's entries are all kept.
  private async mergeExports(
    desired: DesiredResource | undefined,
    foreign: ExportedServicesObject,
    reportAs: { apiVersion?: string; kind?: string; metadata?: Obj["metadata"] },
  ): Promise<ResourceResult> {
    const where = `${foreign.metadata?.namespace ?? ""}/${foreign.metadata?.name ?? ""}`;
    try {
      await this.api.patch(
        mergeIntoForeign(foreign, desired) as Obj,
        undefined,
        undefined,
        FIELD_MANAGER,
        true,
        PatchStrategy.ServerSideApply,
      );
      return desired
        ? this.result(
            reportAs,
            "applied",
            `merged into ExportedServices ${where}, which Meridian did not create (consul-k8s admits one per cluster)`,
          )
        : this.result(
            reportAs,
            "pruned",
            `removed Meridian's entries from ExportedServices ${where}`,
          );
    } catch (err) {
      const { result, message } = classifyApplyError(err);
      return this.result(reportAs, result === "crd-missing" ? "error" : result, message);
    }
  }

  private async release(obj: Obj): Promise<ResourceResult> {
    try {
      // Applying the bare identity drops every field meridian-agent owned and no other
      // manager co-owns; the object itself and everyone else's fields stay.
      await this.api.patch(
        {
          apiVersion: obj.apiVersion,
          kind: obj.kind,
          metadata: { name: obj.metadata?.name, namespace: obj.metadata?.namespace },
        },
        undefined,
        undefined,
        FIELD_MANAGER,
        false,
        PatchStrategy.ServerSideApply,
      );
      return this.result(obj, "pruned", `released the fields ${FIELD_MANAGER} owned`);
    } catch (err) {
      const { result, message } = classifyApplyError(err);
      return this.result(obj, result === "crd-missing" ? "error" : result, message);
    }
  }
}

// A result carrying the object's conditions, or none when the controller has set none yet.
function withConditions(r: ResourceResult, obj: object): ResourceResult {
  const { conditions: _old, ...rest } = r;
  const conditions = exportConditions(obj);
  return conditions.length ? { ...rest, conditions } : rest;
}
