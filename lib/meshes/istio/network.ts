import type { InventoryCluster } from "../kit/fleet-input";
import { hash8 } from "../kit/names";
import type { Sink } from "../kit/mesh-adapter";

// What an Istio import needs beyond its ServiceEntry: an address clients can resolve, and, across
// networks, the exporter's east-west gateway passing the connection through to the host.

/**
 * A stable VIP for a global host, in 240.241.0.0/16: class E space like Istio's own
 * auto-allocation range (240.240.0.0/16), beside it so the two never collide. With an address,
 * a TCP port gets its own listener instead of 0.0.0.0:<port>, and the DNS proxy answers for the
 * host (https://istio.io/latest/docs/ops/configuration/traffic-management/dns-proxy/).
 */
export function globalVip(host: string): string {
  const h = parseInt(hash8("vip", host), 16);
  return `240.241.${(h >>> 8) & 0xff}.${1 + ((h & 0xff) % 254)}`;
}

/** The Istio cluster id of a cluster: reported by the agent, else assumed to be its name. */
export function istioClusterId(c: InventoryCluster): string {
  return c.meshClusterId || c.name;
}

/** True when two Istio clusters are on different, known networks (traffic crosses a gateway). */
export function crossNetwork(a: InventoryCluster, b: InventoryCluster): boolean {
  return a.network !== "" && b.network !== "" && a.network !== b.network;
}

/**
 * Label the upstream east-west gateway carries (samples/multicluster/gen-eastwest-gateway.sh
 * installs it with `istio: eastwestgateway`).
 */
export const EASTWEST_SELECTOR = { istio: "eastwestgateway" } as const;
/** Port of the east-west gateway's mTLS passthrough listener (samples/multicluster/expose-services.yaml). */
export const EASTWEST_PORT = 15443;

/**
 * Warns when the importing cluster's applications cannot resolve the global host: kube-dns does
 * not serve ServiceEntry hosts, so they resolve only through Istio's DNS proxy
 * (ISTIO_META_DNS_CAPTURE), which is off by default. Ambient's ztunnel proxies DNS itself.
 */
export function warnDnsResolution(importer: InventoryCluster, host: string, out: Sink): void {
  if (importer.dataplaneMode === "ambient") return;
  const doc = "https://istio.io/latest/docs/ops/configuration/traffic-management/dns-proxy/";
  if (!importer.dnsProxy)
    out.warn(
      "mesh-config-required",
      `the agent of ${importer.name} did not report Istio's DNS proxy setting: ${host} resolves there only with ISTIO_META_DNS_CAPTURE on, as kube-dns does not serve ServiceEntry hosts (${doc})`,
    );
  else if (!importer.dnsProxy.capture)
    out.warn(
      "mesh-config-required",
      `Istio in ${importer.name} has DNS capture off (ISTIO_META_DNS_CAPTURE): its applications cannot resolve ${host}, which kube-dns does not serve; turn on DNS proxying (${doc})`,
    );
}

/** Parses `1.24.2`, `1.29.0-beta.1`, `v1.18`: [major, minor], or undefined when not a version. */
export function istioVersion(v: string): [number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}
