import type { DesiredResource } from "../../agent-protocol/messages";
import type { InventoryCluster } from "../kit/fleet-input";
import type { Sink } from "../kit/mesh-adapter";
import { derivedName } from "../kit/names";
import {
  PEER_LABEL,
  remoteKey,
  selectedEndpoints,
  type RemoteImport,
  type RemoteInstance,
} from "../kit/remote-import";
import { managedResource, type MeshKinds } from "../kit/resources";
import type { IstioTrafficPolicy } from "./kinds";
import { globalVip } from "./network";

type PortTrafficPolicy = NonNullable<IstioTrafficPolicy["portLevelSettings"]>[number];

// Imports of services another platform offers over Hamlet (issue 21.3). The owner's east-west
// gateway is reached over mTLS with the instance's SNI; only Istio can say that with the objects
// Meridian writes (the other meshes' adapters carry the text of why they cannot).

/** Where Istio's mesh-wide objects go (the control plane's namespace). */
const ISTIO_SYSTEM = "istio-system";

const ISTIO_PROTOCOLS = new Set(["HTTP", "HTTP2", "GRPC", "HTTPS", "TLS", "TCP", "MONGO", "REDIS"]);
const istioProtocol = (p: string) =>
  ISTIO_PROTOCOLS.has(p.toUpperCase()) ? p.toUpperCase() : "TCP";
const portName = (i: RemoteInstance) => `${istioProtocol(i.protocol).toLowerCase()}-${i.port}`;
const IPV4 = /^(\d{1,3}\.){3}\d{1,3}$/;
const isIp = (a: string) => IPV4.test(a) || a.includes(":");

/** Compiles one remote import for one consumer cluster of Istio into `out`. */
export function importIstioRemote(r: RemoteImport, cluster: InventoryCluster, out: Sink): void {
  const instances = r.instances.filter((i) => {
    if (selectedEndpoints(r, i).length) return true;
    out.warn(
      "mesh-cannot-express",
      `instance ${i.id} of ${remoteKey(r)} selects none of the peer's endpoints: its port ${i.port} is left out`,
    );
    return false;
  });
  if (!instances.length) return;
  if (!r.sans.length)
    out.warn(
      "mesh-cannot-express",
      `peer ${r.peer} sent no SPIFFE SAN for ${remoteKey(r)}: ${cluster.name} verifies only that the gateway's certificate chains to a trusted root, not which workload answers`,
    );
  out.resource(serviceEntry(r, instances));
  out.resource(destinationRule(r, instances));
}

function meta<K extends keyof MeshKinds>(r: RemoteImport, kind: K) {
  return {
    apiVersion: "networking.istio.io/v1",
    kind,
    namespace: ISTIO_SYSTEM,
    name: derivedName("remote", r.peer, r.name),
    labels: { [PEER_LABEL]: r.peer },
    globalService: remoteKey(r),
  };
}

// MESH_INTERNAL: the peer's workloads speak Istio mTLS end to end through its gateway (the
// DestinationRule below originates ISTIO_MUTUAL with the owner's SNI), so the client sidecar must
// not treat the host as outside the mesh. Each endpoint carries only the ports of the instances
// that select it, mapped to the gateway's port.
function serviceEntry(r: RemoteImport, instances: RemoteInstance[]): DesiredResource {
  const endpoints = r.endpoints
    .map((e) => {
      const ports: Record<string, number> = {};
      for (const i of instances)
        if (selectedEndpoints(r, i).includes(e)) ports[portName(i)] = e.port;
      return { address: e.address, ports, labels: { [PEER_LABEL]: r.peer } };
    })
    .filter((e) => Object.keys(e.ports).length > 0);
  return managedResource({
    ...meta(r, "ServiceEntry"),
    body: {
      spec: {
        hosts: [r.fqdn],
        addresses: [globalVip(r.fqdn)],
        exportTo: ["*"],
        location: "MESH_INTERNAL",
        // STATIC needs IP addresses; a gateway named by DNS is resolved by the proxy.
        resolution: endpoints.every((e) => isIp(e.address)) ? "STATIC" : "DNS",
        ports: instances.map((i) => ({
          number: i.port,
          name: portName(i),
          protocol: istioProtocol(i.protocol),
        })),
        endpoints,
      },
    },
  });
}

// Per port: ISTIO_MUTUAL with the owner's SNI (its gateway routes on it, AUTO_PASSTHROUGH) and the
// owner's SPIFFE SANs (https://istio.io/latest/docs/reference/config/networking/destination-rule/#ClientTLSSettings).
function destinationRule(r: RemoteImport, instances: RemoteInstance[]): DesiredResource {
  return managedResource({
    ...meta(r, "DestinationRule"),
    body: {
      spec: {
        host: r.fqdn,
        exportTo: ["*"],
        trafficPolicy: {
          portLevelSettings: instances.map((i): PortTrafficPolicy => ({
            port: { number: i.port },
            tls: {
              mode: "ISTIO_MUTUAL",
              ...(i.sni ? { sni: i.sni } : {}),
              ...(r.sans.length ? { subjectAltNames: [...r.sans] } : {}),
            },
          })),
        },
      },
    },
  });
}
