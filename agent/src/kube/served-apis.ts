// Which versions of the API groups Meridian writes beside the meshes' own the cluster serves
// (the MCS API, the Gateway API), read from API discovery: the translators pick the
// ServiceExport version and whether a GAMMA split can be written from it. Discovery is open to
// every authenticated client (the system:discovery role), so the chart grants nothing for it.
import { ApisApi, type KubeConfig } from "@kubernetes/client-node";

import { REPORTED_API_GROUPS, type ServedApis } from "../../../lib/agent-protocol/snapshot";

/** One group of an APIGroupList, trimmed to what is read. */
export interface DiscoveredGroup {
  name: string;
  versions: ReadonlyArray<{ version: string }>;
}

/** The served versions of the reported groups (sorted); a group the cluster lacks is absent. */
export function servedApisFrom(groups: readonly DiscoveredGroup[]): ServedApis {
  const out: ServedApis = {};
  for (const g of groups)
    if ((REPORTED_API_GROUPS as readonly string[]).includes(g.name))
      out[g.name as (typeof REPORTED_API_GROUPS)[number]] = g.versions
        .map((v) => v.version)
        .sort()
        .slice(0, 20);
  return out;
}

/** Reads the served API groups from the cluster's discovery endpoint (`GET /apis`). */
export async function readServedApis(kc: KubeConfig): Promise<ServedApis> {
  const list = await kc.makeApiClient(ApisApi).getAPIVersions();
  return servedApisFrom(list.groups);
}
