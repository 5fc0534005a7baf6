// The mixed-mesh fleet of issue 20: golden output, and a check that it still exercises every
// numbered defect (so the golden file cannot quietly stop covering one).
import { describe, expect, it } from "vitest";

import type { DesiredResource } from "../agent-protocol/messages";
import { compileFleet, validateIntent } from "./index";
import { compilationYaml, expectGolden } from "./testing/golden";
import { mixedFleet, MIXED_INTENT } from "./testing/mixed-fleet";

const out = compileFleet(MIXED_INTENT, mixedFleet());
const res = (c: string) => out.clusters[c]!.resources;
const kinds = (c: string) =>
  res(c).map((r) => `${r.kind} ${r.metadata.namespace ?? ""}/${r.metadata.name}`);
const spec = (r: DesiredResource | undefined) => (r?.["spec"] ?? {}) as Record<string, unknown>;
const text = (c: string) =>
  out.clusters[c]!.warnings.map((w) => `${w.code}: ${w.message}`).join("\n");

describe("mixed-mesh fleet", () => {
  it("is a valid intent over its inventory", () => {
    expect(validateIntent(MIXED_INTENT, mixedFleet())).toEqual([]);
  });

  it("matches the golden output", () => {
    expectGolden("mixed.yaml", compilationYaml(out));
  });

  it.each([
    [
      "1 cross-network export",
      () => kinds("istio-east").some((k) => k.startsWith("Gateway istio-system/")),
    ],
    ["1 DNS proxy not reported", () => /did not report Istio's DNS proxy/.test(text("istio-west"))],
    [
      "2 one ServiceIntentions for orders",
      () => res("consul-east").filter((r) => r.kind === "ServiceIntentions").length === 1,
    ],
    [
      "2 one ServiceResolver named orders",
      () => kinds("consul-west").filter((k) => k === "ServiceResolver consul/orders").length === 1,
    ],
    ["3 namespace missing", () => /istio-west has no namespace payments/.test(text("istio-west"))],
    ["3 namespace created", () => kinds("istio-west").includes("Namespace /dns")],
    [
      "4 later tier redirected",
      () =>
        spec(res("consul-west").find((r) => r.metadata.name === "orders"))["redirect"] !==
        undefined,
    ],
    [
      "5 Linkerd does not deny",
      () => /linkerd-old imports web\/search .*not denied/.test(text("linkerd-old")),
    ],
    [
      "6 cluster id",
      () => JSON.stringify(res("istio-west")).includes("topology.istio.io/cluster=cl-east"),
    ],
    ["6 Istio 1.17", () => /Istio 1\.17\.3 in istio-west ignores/.test(text("istio-west"))],
    [
      "7 export-only stays local",
      () => /cilium-east exports shop\/cart without importing/.test(text("cilium-east")),
    ],
    ["7 own endpoints", () => /cilium-west's own 3 ready endpoints/.test(text("cilium-west"))],
    ["9 Cilium tier weights", () => /Cilium cannot weight clusters/.test(text("cilium-west"))],
    [
      "10 federated",
      () => JSON.stringify(res("linkerd-new")).includes('"mirror.linkerd.io/federated":"member"'),
    ],
    [
      "10 2.16 mirrored",
      () =>
        JSON.stringify(res("linkerd-new")).includes(
          '"mirror.linkerd.io/exported":"remote-discovery"',
        ),
    ],
    ["11 h2c is HTTP2", () => JSON.stringify(res("istio-east")).includes('"protocol":"HTTP2"')],
    ["11 UDP port", () => /Istio cannot carry UDP port 53/.test(text("istio-west"))],
    [
      "12 no cluster.local principal",
      () => !JSON.stringify(res("istio-east")).includes("cluster.local/*"),
    ],
    ["13 MCS clusterset", () => /mcs-3 also gets its ServiceImport/.test(text("mcs-1"))],
    [
      "13 ExternalName no bystander",
      () => !/also selects the pods/.test(out.warnings.map((w) => w.message).join("\n")),
    ],
    [
      "MCS v1beta1 where served",
      () => res("mcs-1").some((r) => r.apiVersion === "multicluster.x-k8s.io/v1beta1"),
    ],
    ["GAMMA split", () => kinds("cilium-west").some((k) => k.startsWith("HTTPRoute shop/"))],
    [
      "ambient global label",
      () => JSON.stringify(res("ambient-east")).includes('"istio.io/global":"true"'),
    ],
    [
      "ambient scope config not reported",
      () => /did not report Istio's serviceScopeConfigs/.test(text("ambient-west")),
    ],
  ])("covers defect %s", (_name, holds) => {
    expect(holds()).toBe(true);
  });
});
