import { describe, expect, it } from "vitest";
import type { IntentDto } from "@/lib/model/intent";
import { clusterObjects, clusterSharing } from "./cluster-objects";
import { sharingInWords } from "./sharing-in-words";

const dr = (name: string) => ({
  apiVersion: "networking.istio.io/v1",
  kind: "DestinationRule",
  metadata: { name, namespace: "bookinfo" },
});
const intent = (name: string, over: Partial<IntentDto>): IntentDto => ({
  namespace: "bookinfo",
  name,
  hostname: `${name}.bookinfo.global`,
  version: 1,
  exports: [],
  imports: [],
  failover: null,
  trafficWeights: null,
  access: null,
  ...over,
});

describe("clusterObjects", () => {
  it("gives each desired object the newest change set that wrote it and the agent's result", () => {
    const objects = clusterObjects(
      [dr("ratings"), dr("reviews"), dr("details")],
      [
        {
          apiVersion: "networking.istio.io/v1",
          kind: "DestinationRule",
          namespace: "bookinfo",
          name: "ratings",
          result: "drifted",
          message: "deleted by someone else",
        },
        {
          apiVersion: "networking.istio.io/v1",
          kind: "DestinationRule",
          namespace: "bookinfo",
          name: "reviews",
          result: "unchanged",
          message: "",
        },
      ],
      [
        {
          number: 7,
          title: "Fail over ratings",
          create: [],
          change: ["networking.istio.io/DestinationRule/bookinfo/ratings"],
        },
        {
          number: 3,
          title: "Import ratings",
          create: [
            "networking.istio.io/DestinationRule/bookinfo/ratings",
            "networking.istio.io/DestinationRule/bookinfo/reviews",
          ],
          change: [],
        },
      ],
    );
    expect(objects.map((o) => [o.name, o.changeSet?.number ?? null, o.state, o.message])).toEqual([
      ["ratings", 7, "drifted", "deleted by someone else"],
      ["reviews", 3, "unchanged", ""],
      ["details", null, "pending", ""],
    ]);
    expect(objects[0]?.key).toBe("networking.istio.io/DestinationRule/bookinfo/ratings");
  });
});

describe("clusterSharing", () => {
  it("lists what a cluster exports to whom and imports from whom, access lists included", () => {
    const intents = [
      intent("ratings", { exports: ["east-2", "west-1"], imports: ["east-1"] }),
      intent("reviews", { exports: ["east-1"], imports: ["west-1", "east-2"], access: ["west-1"] }),
      intent("details", { exports: ["west-1"] }),
    ];
    const east1 = clusterSharing("east-1", intents);
    expect(east1).toEqual({
      exports: [
        { service: "bookinfo/reviews", hostname: "reviews.bookinfo.global", to: ["west-1"] },
      ],
      imports: [
        {
          service: "bookinfo/ratings",
          hostname: "ratings.bookinfo.global",
          from: ["east-2", "west-1"],
        },
      ],
    });
    expect(sharingInWords(east1, (c) => c.toUpperCase())).toEqual([
      "Exports bookinfo/reviews to WEST-1.",
      "Imports bookinfo/ratings (ratings.bookinfo.global) from EAST-2 and WEST-1.",
    ]);
    expect(sharingInWords(clusterSharing("west-1", intents))).toEqual([
      "Exports bookinfo/ratings to east-1.",
      "Exports bookinfo/details; no cluster imports it yet.",
      "Imports bookinfo/reviews (reviews.bookinfo.global) from east-1.",
    ]);
  });
});
