import { describe, expect, it } from "vitest";

import { trimEndpointSlice, trimMarker, trimNamespace, trimService } from "./trim";

describe("trimming", () => {
  it("keeps only namespace, name, type, clusterIP, valid ports and labels of a Service", () => {
    const t = trimService({
      metadata: { namespace: "ns", name: "svc", labels: { a: "b" }, resourceVersion: "9" },
      spec: {
        type: "NodePort",
        clusterIP: "10.0.0.9",
        ports: [
          { name: "http", port: 80, protocol: "TCP", targetPort: 8080, appProtocol: "http" },
          { port: 0 },
          { port: 53, protocol: "UDP" },
        ],
      },
      ...{ status: { loadBalancer: {} } },
    } as Parameters<typeof trimService>[0]);
    expect(t).toEqual({
      namespace: "ns",
      name: "svc",
      type: "NodePort",
      clusterIP: "10.0.0.9",
      ports: [
        { name: "http", port: 80, protocol: "TCP", targetPort: 8080, appProtocol: "http" },
        { name: "", port: 53, protocol: "UDP" },
      ],
      labels: { a: "b" },
    });
  });

  it("keeps a slice's service label, and each endpoint's conditions, zone and identity", () => {
    const t = trimEndpointSlice({
      metadata: { namespace: "ns", name: "s-1", labels: { "kubernetes.io/service-name": "svc" } },
      addressType: "IPv4",
      endpoints: [
        {
          addresses: ["10.1.0.1"],
          conditions: { ready: true, serving: true, terminating: false },
          zone: "z1",
          targetRef: { kind: "Pod", name: "p1" },
        },
        { addresses: ["10.1.0.2"] },
      ],
    });
    expect(t).toEqual({
      namespace: "ns",
      name: "s-1",
      serviceName: "svc",
      endpoints: [
        { target: "Pod/ns/p1", ready: true, serving: true, terminating: false, zone: "z1" },
        { target: "IPv4/10.1.0.2", zone: "" },
      ],
    });
  });

  it("marks a Namespace terminating by phase or deletionTimestamp", () => {
    expect(trimNamespace({ metadata: { name: "a" }, status: { phase: "Active" } })).toEqual({
      name: "a",
      terminating: false,
    });
    expect(
      trimNamespace({ metadata: { name: "b" }, status: { phase: "Terminating" } }).terminating,
    ).toBe(true);
    expect(
      trimNamespace({ metadata: { name: "c", deletionTimestamp: new Date() } }).terminating,
    ).toBe(true);
  });

  it("decodes wanted Secret keys and drops every other key (private keys never kept)", () => {
    const t = trimMarker(
      "Secret",
      {
        metadata: { namespace: "kube-system", name: "cilium-ca", labels: { x: "y" } },
        data: {
          "ca.crt": Buffer.from("PEM").toString("base64"),
          "ca.key": Buffer.from("SECRET").toString("base64"),
        },
      },
      ["ca.crt"],
    );
    expect(t).toEqual({
      kind: "Secret",
      namespace: "kube-system",
      name: "cilium-ca",
      labels: { x: "y" },
      data: { "ca.crt": "PEM" },
    });
    expect(
      trimMarker("ConfigMap", { metadata: { name: "m" }, data: { a: "1", b: "2" } }, ["a"]).data,
    ).toEqual({ a: "1" });
  });
});
