import { describe, expect, it } from "vitest";

import { reportedServiceSchema } from "../../../lib/agent-protocol/snapshot";
import {
  buildReportedServices,
  countEndpointsByZone,
  isEndpointReady,
  reportedType,
} from "./services";
import { trimEndpointSlice, trimService } from "./trim";

const slice = (
  name: string,
  service: string,
  endpoints: Array<Record<string, unknown>>,
  addressType = "IPv4",
) =>
  trimEndpointSlice({
    metadata: { namespace: "bookinfo", name, labels: { "kubernetes.io/service-name": service } },
    addressType,
    endpoints,
  });

const ep = (pod: string, zone: string | undefined, conditions: Record<string, boolean>) => ({
  addresses: [`10.0.0.${pod.length}`],
  conditions,
  ...(zone === undefined ? {} : { zone }),
  targetRef: { kind: "Pod", namespace: "bookinfo", name: pod },
});

describe("endpoint readiness", () => {
  it("reads a missing ready condition as ready, and never counts a terminating endpoint", () => {
    expect(isEndpointReady({})).toBe(true);
    expect(isEndpointReady({ ready: true })).toBe(true);
    expect(isEndpointReady({ ready: false })).toBe(false);
    expect(isEndpointReady({ ready: true, terminating: true })).toBe(false);
  });

  it("counts ready/total per zone over several slices, '' for no zone, terminating in total only", () => {
    const counts = countEndpointsByZone([
      slice("r-1", "reviews", [
        ep("a", "z1", { ready: true, serving: true, terminating: false }),
        ep("b", "z1", { ready: false, serving: false, terminating: false }),
      ]),
      slice("r-2", "reviews", [
        ep("c", "z2", { ready: false, serving: true, terminating: true }),
        ep("d", undefined, {}),
      ]),
    ]);
    expect(counts).toEqual({
      z1: { ready: 1, total: 2 },
      z2: { ready: 0, total: 1 },
      "": { ready: 1, total: 1 },
    });
  });

  it("counts a pod present in both dual-stack slices once", () => {
    const v4 = slice("r-v4", "reviews", [ep("a", "z1", { ready: true })], "IPv4");
    const v6 = slice("r-v6", "reviews", [ep("a", "z1", { ready: true })], "IPv6");
    expect(countEndpointsByZone([v4, v6])).toEqual({ z1: { ready: 1, total: 1 } });
  });
});

describe("buildReportedServices", () => {
  it("reports every service but default/kubernetes, typed, with its own slices only, sorted", () => {
    const services = [
      trimService({
        metadata: { namespace: "bookinfo", name: "reviews", labels: { app: "reviews" } },
        spec: {
          type: "ClusterIP",
          clusterIP: "10.0.0.5",
          ports: [{ name: "http", port: 9080, protocol: "TCP", targetPort: 9080 }],
        },
      }),
      trimService({
        metadata: { namespace: "bookinfo", name: "db" },
        spec: { clusterIP: "None", ports: [{ port: 5432, targetPort: "pg" }] },
      }),
      trimService({ metadata: { namespace: "default", name: "kubernetes" }, spec: {} }),
    ];
    const slices = [
      slice("reviews-x", "reviews", [ep("a", "z1", { ready: true })]),
      slice("other-x", "other", [ep("b", "z1", { ready: true })]),
    ];
    const out = buildReportedServices(services, slices);
    expect(out).toEqual([
      {
        namespace: "bookinfo",
        name: "db",
        type: "Headless",
        ports: [{ name: "", port: 5432, protocol: "TCP", targetPort: "pg" }],
        labels: {},
        endpointsByZone: {},
      },
      {
        namespace: "bookinfo",
        name: "reviews",
        type: "ClusterIP",
        ports: [{ name: "http", port: 9080, protocol: "TCP", targetPort: 9080 }],
        labels: { app: "reviews" },
        endpointsByZone: { z1: { ready: 1, total: 1 } },
      },
    ]);
    for (const s of out) expect(reportedServiceSchema.parse(s)).toEqual(s);
  });

  it("maps Service types to reported types", () => {
    expect(reportedType({ type: "ClusterIP", clusterIP: "None" })).toBe("Headless");
    expect(reportedType({ type: "NodePort", clusterIP: "10.0.0.1" })).toBe("NodePort");
    expect(reportedType({ type: "LoadBalancer", clusterIP: "10.0.0.1" })).toBe("LoadBalancer");
    expect(reportedType({ type: "ExternalName", clusterIP: "" })).toBe("ExternalName");
    expect(reportedType({ type: "ClusterIP", clusterIP: "10.0.0.1" })).toBe("ClusterIP");
  });
});
