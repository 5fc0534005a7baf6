import { describe, expect, it } from "vitest";

import { compileFleet } from "../index";
import { bookinfoFleet, bookinfoService, RICH_INTENT } from "../testing/bookinfo";
import { compilationYaml, expectGolden } from "../testing/golden";

describe("Consul translator", () => {
  const out = compileFleet(RICH_INTENT, bookinfoFleet("consul"));
  const of = (c: string, kind: string) =>
    out.clusters[c]?.resources.filter((r) => r.kind === kind) ?? [];

  it("matches the golden output for the rich Bookinfo intent", () => {
    expectGolden("consul.yaml", compilationYaml(out));
  });

  it("merges one ExportedServices per partition, named default, consumers per peer", () => {
    const [es, ...rest] = of("east-2", "ExportedServices");
    expect(rest).toEqual([]);
    expect(es?.metadata.name).toBe("default");
    expect(es?.["spec"]).toEqual({
      services: [
        { name: "details", consumers: [{ peer: "west-1" }] },
        { name: "ratings", consumers: [{ peer: "east-1" }] },
        { name: "reviews", consumers: [{ peer: "east-1" }, { peer: "west-1" }] },
      ],
    });
  });

  it("exports same-named services of two namespaces to the consumers of both, with a warning", () => {
    const fleet = bookinfoFleet("consul");
    fleet.clusters
      .find((c) => c.name === "east-2")!
      .services.push({ ...bookinfoService("reviews", 1), namespace: "shop" });
    const compiled = compileFleet(
      {
        services: [
          { namespace: "shop", name: "reviews", exports: ["east-2"], imports: ["east-1"] },
          { namespace: "bookinfo", name: "reviews", exports: ["east-2"], imports: ["west-1"] },
        ],
      },
      fleet,
    );
    const east2 = compiled.clusters["east-2"]!;
    // One Consul service: neither global service's consumers may be lost.
    expect(
      east2.resources.filter((r) => r.kind === "ExportedServices").map((r) => r["spec"]),
    ).toEqual([
      { services: [{ name: "reviews", consumers: [{ peer: "east-1" }, { peer: "west-1" }] }] },
    ]);
    expect(
      east2.warnings
        .filter((w) => w.message.startsWith("Consul CE has one namespace"))
        .map((w) => w.globalService),
    ).toEqual(["bookinfo/reviews", "shop/reviews"]);
  });

  it("fails over through the exporting peers in tier order, skipping itself", () => {
    const resolver = of("east-1", "ServiceResolver").find(
      (r) => r.metadata.annotations?.["meridian.dev/global-service"] === "bookinfo/reviews",
    );
    expect(resolver?.["spec"]).toEqual({
      failover: {
        "*": {
          targets: [
            { peer: "east-2", service: "reviews" },
            { peer: "west-1", service: "reviews" },
          ],
        },
      },
    });
  });

  it("allows only the consumers on the access list", () => {
    const intentions = of("west-1", "ServiceIntentions").find(
      (r) => r.metadata.annotations?.["meridian.dev/global-service"] === "bookinfo/productpage",
    );
    expect(intentions?.["spec"]).toEqual({
      destination: { name: "productpage" },
      sources: [{ name: "*", peer: "east-1", action: "allow" }],
    });
  });
});
