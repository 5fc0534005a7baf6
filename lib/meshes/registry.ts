import { MESH_TYPES } from "../agent-protocol/snapshot";
import { ciliumAdapter } from "./cilium/adapter";
import { consulAdapter } from "./consul/adapter";
import { istioAdapter } from "./istio/adapter";
import type { MeshAdapter, MeshId, MeshKind } from "./kit/mesh-adapter";
import { linkerdAdapter } from "./linkerd/adapter";
import { mcsAdapter } from "./mcs/adapter";

// The one registry of meshes. The ids are MESH_TYPES (lib/agent-protocol/snapshot.ts: the agent
// protocol sits below this folder, and the wire format must name them); this record must hold an
// adapter for each of them, so the type checker names it when an id is added. Every other list
// of meshes is derived from here or checked against it (tests/meshes/mesh-list-parity.test.ts).

/** Each mesh's adapter, by id. */
export const MESH_ADAPTERS: Readonly<Record<MeshId, MeshAdapter>> = {
  istio: istioAdapter,
  linkerd: linkerdAdapter,
  cilium: ciliumAdapter,
  consul: consulAdapter,
  none: mcsAdapter,
};

/** The adapters in MESH_TYPES order. */
export const MESH_LIST: readonly MeshAdapter[] = MESH_TYPES.map((id) => MESH_ADAPTERS[id]);

/** Every kind the agent creates, owns and prunes, once each, in registry order. */
export const MESH_OWNED_KINDS: readonly MeshKind[] = uniqueKinds(
  MESH_LIST.flatMap((m) => m.ownedKinds),
);

/** Every kind the chart lets the agent write for the meshes (owned and other), once each. */
export const MESH_WRITABLE_KINDS: readonly MeshKind[] = uniqueKinds(
  MESH_LIST.flatMap((m) => [...m.ownedKinds, ...m.otherWritableKinds]),
);

function uniqueKinds(kinds: readonly MeshKind[]): MeshKind[] {
  const seen = new Map<string, MeshKind>();
  for (const k of kinds)
    seen.set(`${k.apiVersion}/${k.kind}`, seen.get(`${k.apiVersion}/${k.kind}`) ?? k);
  return [...seen.values()];
}
