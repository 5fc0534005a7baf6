// consul-k8s admits one ExportedServices per cluster (ExportedServicesWebhook: "only one
// exportedservices entry is supported per Kubernetes cluster"), and its spec.services is an
// atomic list, so server-side apply cannot merge entries field by field. When the one that
// exists is not Meridian's, the agent merges its entries into it instead: it keeps every entry
// and consumer the owner wrote, adds Meridian's, records what it added in an annotation, and on
// revoke removes exactly that. It never labels, takes over or deletes an object it did not create.
import {
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  type DesiredResource,
} from "../../../lib/agent-protocol/messages";

/** Annotation on someone else's ExportedServices: the `name → peers` Meridian added. */
export const MERIDIAN_EXPORTS_ANNOTATION = "meridian.dev/exported-services";

interface Entry {
  name: string;
  consumers: Array<Record<string, string>>;
}
type Added = Record<string, string[]>;
export interface ExportedServicesObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: { services?: Entry[] };
}

/** Whether Meridian created this object (it carries the managed-by label). */
export const isMeridians = (o: ExportedServicesObject) =>
  o.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY_VALUE;

function addedOf(o: ExportedServicesObject): Added {
  try {
    const v: unknown = JSON.parse(o.metadata?.annotations?.[MERIDIAN_EXPORTS_ANNOTATION] ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Added) : {};
  } catch {
    return {};
  }
}

/** The owner's entries: the live ones minus what Meridian added before. */
function ownersEntries(live: ExportedServicesObject): Entry[] {
  const added = addedOf(live);
  const out: Entry[] = [];
  for (const e of live.spec?.services ?? []) {
    const ours = new Set(added[e.name] ?? []);
    const consumers = e.consumers.filter((c) => !(c["peer"] && ours.has(c["peer"])));
    if (consumers.length || !(e.name in added)) out.push({ ...e, consumers });
  }
  return out;
}

/**
 * The object to apply to `live` (someone else's) so it holds the owner's entries plus
 * `desired`'s, with the annotation recording Meridian's additions. `desired` undefined = revoke
 * everything Meridian added.
 */
export function mergeIntoForeign(
  live: ExportedServicesObject,
  desired: DesiredResource | undefined,
): ExportedServicesObject {
  const services = ownersEntries(live);
  const added: Added = {};
  const wanted = (desired?.["spec"] as { services?: Entry[] } | undefined)?.services ?? [];
  for (const w of wanted) {
    let entry = services.find((e) => e.name === w.name);
    if (!entry) {
      entry = { name: w.name, consumers: [] };
      services.push(entry);
    }
    for (const c of w.consumers) {
      const peer = c["peer"];
      if (!peer || entry.consumers.some((x) => x["peer"] === peer)) continue;
      entry.consumers.push({ peer });
      (added[w.name] ??= []).push(peer);
    }
  }
  return {
    apiVersion: live.apiVersion,
    kind: "ExportedServices",
    metadata: {
      name: live.metadata?.name,
      namespace: live.metadata?.namespace,
      annotations: { [MERIDIAN_EXPORTS_ANNOTATION]: JSON.stringify(added) },
    },
    spec: { services },
  };
}

/** Whether Meridian added anything to this (foreign) object. */
export function hasMeridianEntries(live: ExportedServicesObject): boolean {
  return Object.values(addedOf(live)).some((peers) => peers.length > 0);
}
