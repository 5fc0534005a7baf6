// Drift: an object Meridian applied whole that someone else changed or deleted since. Pure, so
// the rule is tested without an API server; KubeWriter.checkDrift reads the live objects.
import { appliedObject, isSharedKind } from "../../../lib/agent-protocol/applied-object";
import {
  FIELD_MANAGER,
  ownsWholeObject,
  type DesiredResource,
} from "../../../lib/agent-protocol/messages";
import { resourceKey } from "../../../lib/meshes/kit/resources";
import type { Drift } from "../cluster-interfaces";
import { isCreateOnlyKind } from "./managed-kinds";

type Json = unknown;
type LiveObject = {
  metadata?: {
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    managedFields?: Array<{ manager?: string; operation?: string; time?: string }>;
  };
} & Record<string, unknown>;

/** How many differing paths a drift message names before "and N more". */
const MAX_PATHS = 3;

/** Every path under `want` whose value `have` does not hold (arrays and scalars compare whole). */
function differingPaths(want: Json, have: Json, path: string, out: string[]): void {
  if (want !== null && typeof want === "object" && !Array.isArray(want)) {
    if (have === null || typeof have !== "object" || Array.isArray(have)) {
      out.push(path || ".");
      return;
    }
    for (const [k, v] of Object.entries(want as Record<string, Json>))
      differingPaths(v, (have as Record<string, Json>)[k], `${path}.${k}`, out);
    return;
  }
  if (JSON.stringify(want) !== JSON.stringify(have)) out.push(path);
}

/** Managers other than Meridian's that wrote the object, newest first (who changed it). */
function otherManagers(live: LiveObject): string[] {
  const fields = [...(live.metadata?.managedFields ?? [])]
    .filter((f) => f.manager && f.manager !== FIELD_MANAGER)
    .sort((a, b) => (b.time ?? "").localeCompare(a.time ?? ""));
  return [...new Set(fields.map((f) => f.manager as string))];
}

/**
 * Why the live object no longer matches what Meridian applied (`applied`, the body the agent
 * server-side-applies), or null when every field Meridian set still holds its value. Fields
 * Meridian never set (defaults, status, other managers' additions) are not drift: Meridian owns
 * its fields, not the whole document.
 */
export function driftOf(applied: DesiredResource, object: object | undefined): string | null {
  if (!object) return "deleted by someone else; the next apply creates it again";
  const live = object as LiveObject;
  const paths: string[] = [];
  const { metadata, ...body } = applied;
  differingPaths(metadata.labels ?? {}, live.metadata?.labels ?? {}, ".metadata.labels", paths);
  differingPaths(
    metadata.annotations ?? {},
    live.metadata?.annotations ?? {},
    ".metadata.annotations",
    paths,
  );
  differingPaths(body, live, "", paths);
  if (!paths.length) return null;
  const who = otherManagers(live);
  const shown = paths.slice(0, MAX_PATHS).join(", ");
  const more = paths.length > MAX_PATHS ? ` and ${paths.length - MAX_PATHS} more` : "";
  return `changed by ${who.length ? who.join(", ") : "someone else"}: ${shown}${more}; the next apply restores Meridian's values`;
}

/**
 * The drift of every object of `desired` Meridian owns whole, reading each live object with
 * `read` (undefined when absent). Decorated objects belong to someone else and Namespaces are
 * only ever created, so neither can drift. An object that cannot be read is skipped (`onError`):
 * the next check or apply says more.
 */
export async function findDrift(
  desired: readonly DesiredResource[],
  read: (body: DesiredResource) => Promise<object | undefined>,
  onError: (key: string, err: unknown) => void,
): Promise<Drift[]> {
  const out: Drift[] = [];
  for (const d of desired) {
    if (!ownsWholeObject(d) || isSharedKind(d) || isCreateOnlyKind(d)) continue;
    const body = appliedObject(d);
    try {
      const message = driftOf(body, await read(body));
      if (message) out.push({ key: resourceKey(d), message });
    } catch (err) {
      onError(resourceKey(d), err);
    }
  }
  return out;
}
