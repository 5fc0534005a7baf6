import { describe, expect, it } from "vitest";

import { compileFleet } from "../index";
import { consumerLabel, LINKERD_EXPORTED_LABEL } from "./translate";
import { bookinfoFleet, RICH_INTENT } from "../testing/bookinfo";
import { compilationYaml, expectGolden } from "../testing/golden";

describe("Linkerd translator", () => {
  const out = compileFleet(RICH_INTENT, bookinfoFleet("linkerd"));
  const find = (c: string, kind: string, name: string) =>
    out.clusters[c]?.resources.find((r) => r.kind === kind && r.metadata.name === name);

  it("matches the golden output for the rich Bookinfo intent", () => {
    expectGolden("linkerd.yaml", compilationYaml(out));
  });

  it("labels exported Services per consumer, remote-discovery only on a shared network", () => {
    // east-2's details is consumed by west-1 (other network): gateway mode.
    expect(find("east-2", "Service", "details")?.metadata.labels).toMatchObject({
      [LINKERD_EXPORTED_LABEL]: "true",
      [consumerLabel("west-1")]: "true",
    });
    // east-2's ratings is consumed by east-1 only (same network): flat mode.
    expect(find("east-2", "Service", "ratings")?.metadata.labels?.[LINKERD_EXPORTED_LABEL]).toBe(
      "remote-discovery",
    );
  });

  it("gives consumers Links whose selectors pick only their own consumer label", () => {
    const link = find("west-1", "Link", "east-1");
    expect(link?.metadata.annotations?.["meridian.dev/ownership"]).toBe("fields");
    expect(link?.["spec"]).toMatchObject({
      selector: {
        matchLabels: { [LINKERD_EXPORTED_LABEL]: "true", [consumerLabel("west-1")]: "true" },
      },
    });
    // east-2 imports productpage but is not on its access list: no Link, no consumer label.
    expect(out.clusters["east-2"]?.resources.some((r) => r.kind === "Link")).toBe(false);
    expect(
      find("west-1", "Service", "productpage")?.metadata.labels?.[consumerLabel("east-2")],
    ).toBeUndefined();
  });

  it("warns clearly where Linkerd cannot express failover or weights", () => {
    const msgs = out.warnings.filter((w) => w.code === "mesh-cannot-express").map((w) => w.message);
    expect(msgs.some((m) => m.includes("failover of bookinfo/reviews"))).toBe(true);
    expect(msgs.some((m) => m.includes("trafficWeights of bookinfo/ratings"))).toBe(true);
  });
});
