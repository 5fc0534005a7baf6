import "server-only";
import {
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  ownsWholeObject,
  type DesiredResource,
} from "@/lib/agent-protocol/messages";
import { clusterObjects, clusterSharing } from "@/lib/domain/cluster-objects";
import { notFound } from "@/lib/domain/errors";
import type { ClusterState } from "@/lib/model/agents";
import { changeSetWritesInto } from "@/lib/store/change-sets";
import { loadIntent } from "@/lib/store/intent";
import { findCluster, findObserved } from "@/lib/store/clusters";
import { transaction } from "@/lib/store/transaction";
import { recordAudit } from "@/lib/store/audit";
import { type Actor } from "@/lib/model/actor";
import { yamlStream } from "@/lib/meshes/gitops-tree";
import {
  announceDesiredChange,
  readDesiredState,
  writeDesiredState,
} from "@/lib/store/desired-state";

/**
 * Desired vs observed state of a cluster, for its page and the API: the objects Meridian pushed
 * there, each with the change set that last wrote it and the agent's result (drift included),
 * and what the cluster exports and imports.
 */
export async function getClusterState(clusterName: string): Promise<ClusterState> {
  const cluster = await findObserved(clusterName);
  if (!cluster) throw notFound("Cluster");
  const [desired, writes, intents] = await Promise.all([
    readDesiredState(clusterName),
    changeSetWritesInto(clusterName),
    loadIntent(),
  ]);
  return {
    desired,
    observed: cluster.observed,
    objects: clusterObjects(desired.resources, cluster.observed?.results ?? [], writes),
    sharing: clusterSharing(clusterName, intents),
  };
}

/**
 * The cluster's desired resources as the GitOps YAML stream: each document the object the agent
 * applies, byte for byte a file of `meridian export`.
 */
export async function getDesiredYaml(clusterName: string): Promise<string> {
  if (!(await findObserved(clusterName))) throw notFound("Cluster");
  // An empty body would not be a YAML document at all: say "nothing" as a comment (zero objects).
  const stream = yamlStream((await readDesiredState(clusterName)).resources);
  return stream || `# ${clusterName}: no desired resources\n`;
}

/** Whole objects carry Meridian's managed-by label (the agent prunes only those). */
function owned(r: DesiredResource): DesiredResource {
  if (!ownsWholeObject(r)) return r;
  return {
    ...r,
    metadata: {
      ...r.metadata,
      labels: { ...r.metadata.labels, [MANAGED_BY_LABEL]: MANAGED_BY_VALUE },
    },
  };
}

/** Replace a cluster's desired resources directly (GitOps and tests); plans build on the same write. */
export async function replaceDesiredResources(
  clusterName: string,
  resources: DesiredResource[],
  actor: Actor,
) {
  const result = await transaction(async (tx) => {
    if (!(await findCluster(tx, clusterName))) throw notFound("Cluster");
    const written = await writeDesiredState(tx, clusterName, resources.map(owned));
    if (written.changed) {
      await recordAudit(tx, actor, "desired.replace", "cluster", clusterName, {
        generation: written.generation,
        resources: resources.length,
      });
    }
    return written;
  });
  if (result.changed) announceDesiredChange(clusterName);
  return result;
}
