// The meshes' public face: the fleet compiler (compile-fleet.ts), the registry of mesh adapters
// (registry.ts) and the input model (kit/fleet-input.ts). Re-exports only.
export * from "./kit/fleet-input";
export { remoteKey, remoteImportSchema, type RemoteImport } from "./kit/remote-import";
export { validateIntent, parseIntent, type IntentError, type IntentErrorCode } from "./validate";
export { diffPlans, type ClusterPlan, type ResourceChange } from "./plan-diff";
export type { CompileWarning, WarningCode } from "./kit/warnings";
export { GLOBAL_SERVICE_ANNOTATION, OWNERSHIP_ANNOTATION, resourceKey } from "./kit/resources";
export {
  compileCluster,
  compileClusters,
  compileFleet,
  type ClusterCompilation,
  type FleetCompilation,
} from "./compile-fleet";
export { MESH_ADAPTERS, MESH_LIST } from "./registry";
export type { MeshAdapter, MeshId } from "./kit/mesh-adapter";
