// Test fixtures for remote imports (services another platform offers over Hamlet): reviews of
// org-a through two east-west gateways by IP, and ratings of org-c through one named by DNS, both
// imported into every Bookinfo cluster.
import type { FleetIntent } from "../kit/fleet-input";
import type { RemoteImport } from "../kit/remote-import";

export const REMOTE_REVIEWS: RemoteImport = {
  peer: "org-a",
  name: "reviews.bookinfo",
  fqdn: "reviews.bookinfo.svc.clusterset.local",
  endpoints: [
    { address: "192.0.2.10", port: 15443, labels: ["meridian.dev/cluster=east-1"] },
    { address: "192.0.2.11", port: 15443, labels: ["meridian.dev/cluster=east-2"] },
  ],
  sans: ["spiffe://org-a.example/ns/bookinfo/sa/reviews"],
  instances: [
    {
      id: "http-9080",
      protocol: "HTTP",
      port: 9080,
      sni: "outbound_.9080_._.reviews.bookinfo.svc.clusterset.local",
      endpointSelector: ["meridian.dev/cluster=east-1", "meridian.dev/cluster=east-2"],
    },
  ],
  clusters: ["east-1", "east-2", "west-1"],
};

export const REMOTE_RATINGS: RemoteImport = {
  peer: "org-c",
  name: "ratings",
  fqdn: "ratings.org-c.example",
  endpoints: [{ address: "gateway.org-c.example", port: 443, labels: ["edge"] }],
  sans: [],
  instances: [
    {
      id: "grpc",
      protocol: "GRPC",
      port: 9090,
      sni: "ratings.org-c.example",
      endpointSelector: ["edge"],
    },
    { id: "lost", protocol: "TCP", port: 7000, sni: "", endpointSelector: ["nowhere"] },
  ],
  clusters: ["east-1"],
};

/** No local sharing, two remote imports. */
export const REMOTE_INTENT: FleetIntent = {
  services: [],
  remote: [REMOTE_REVIEWS, REMOTE_RATINGS],
};
