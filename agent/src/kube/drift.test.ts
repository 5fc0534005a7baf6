import { describe, expect, it } from "vitest";
import { driftOf } from "./drift";

const applied = {
  apiVersion: "networking.istio.io/v1",
  kind: "DestinationRule",
  metadata: {
    name: "ratings-failover",
    namespace: "bookinfo",
    labels: { "app.kubernetes.io/managed-by": "meridian" },
  },
  spec: { host: "ratings.bookinfo.global", trafficPolicy: { tls: { mode: "ISTIO_MUTUAL" } } },
};

describe("driftOf", () => {
  it("says nothing while every field Meridian set holds its value, whatever else the object has", () => {
    const live = {
      ...structuredClone(applied),
      metadata: {
        ...applied.metadata,
        labels: { ...applied.metadata.labels, team: "ratings" },
        resourceVersion: "42",
      },
      spec: { ...applied.spec, exportTo: ["*"] },
      status: { conditions: [] },
    };
    expect(driftOf(applied, live)).toBeNull();
  });

  it("reports a deleted object", () => {
    expect(driftOf(applied, undefined)).toMatch(/^deleted by someone else/);
  });

  it("names the changed paths and who changed them", () => {
    const live = {
      ...structuredClone(applied),
      metadata: {
        ...applied.metadata,
        labels: {},
        managedFields: [
          { manager: "meridian-agent", operation: "Apply", time: "2026-12-07T10:00:00Z" },
          { manager: "kubectl-edit", operation: "Update", time: "2026-12-07T11:00:00Z" },
        ],
      },
      spec: { host: "ratings.bookinfo.global", trafficPolicy: { tls: { mode: "DISABLE" } } },
    };
    expect(driftOf(applied, live)).toBe(
      "changed by kubectl-edit: .metadata.labels.app.kubernetes.io/managed-by, .spec.trafficPolicy.tls.mode; the next apply restores Meridian's values",
    );
  });
});
