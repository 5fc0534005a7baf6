import { ciliumDetector } from "./cilium/detect";
import { consulDetector } from "./consul/detect";
import { istioDetector } from "./istio/detect";
import type { DetectedMeshType, MeshRule } from "./kit/mesh-detector";
import { linkerdDetector } from "./linkerd/detect";

// The agent-side registry: each mesh's detection rule and trust parser (its detect.ts), for
// every mesh id but "none". The agent imports this file, the server never does (it reads YAML
// and certificates). The type checker names it when a mesh id is added to MESH_TYPES.

/** The detection rule (with its trust parser) of each mesh, in detection order. */
export const MESH_RULES: Readonly<Record<DetectedMeshType, MeshRule>> = {
  istio: istioDetector,
  linkerd: linkerdDetector,
  cilium: ciliumDetector,
  consul: consulDetector,
};
