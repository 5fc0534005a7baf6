// Small inventory builders for translator tests that need a fleet shaped for one case.
import {
  inventoryClusterSchema,
  type InventoryCluster,
  type InventoryService,
  type Mesh,
} from "../kit/fleet-input";

/** A ClusterIP Service with one HTTP port 9080, an `app` label and `ready` endpoints. */
export function service(
  namespace: string,
  name: string,
  over: Partial<InventoryService> = {},
): InventoryService {
  return {
    namespace,
    name,
    type: "ClusterIP",
    ports: [{ name: "http", port: 9080, protocol: "TCP", appProtocol: "http" }],
    endpoints: { ready: 2, total: 2 },
    labels: { app: name },
    ...over,
  };
}

/** A cluster on `mesh` with the schema's defaults for everything `over` leaves out. */
export function cluster(
  name: string,
  mesh: Mesh,
  services: InventoryService[],
  over: Partial<Omit<InventoryCluster, "name" | "mesh" | "services">> = {},
): InventoryCluster {
  return inventoryClusterSchema.parse({ name, mesh, region: "r1", services, ...over });
}
