import { describe, expect, it } from "vitest";

import { buildGraph } from "@/lib/graph/build";
import { bookinfo, call } from "@/lib/graph/testing/fixture";
import { callBatches, callLook } from "./call-layer";

const graph = buildGraph(
  bookinfo({
    calls: [
      call("east-1/productpage", "east-2/reviews", 20, 0, 80),
      call("east-1/productpage", "east-1/details", 20, 0, 10),
      call("east-2/reviews", "east-2/ratings", 10, 0.1, 30),
      call("west-1/reviews", "west-1/ratings", 0.5, 0.02, 30),
    ],
  }),
);
const at = (x: number, y: number) => ({ x, y });

describe("the call layer's batches", () => {
  it("draws a call as the canvas style does: error colour over cross, dashed across clusters", () => {
    const look = (id: string) =>
      callLook(graph.edges.find((e) => e.id === id) as Parameters<typeof callLook>[0]);
    expect(look("call:svc:east-1/bookinfo/productpage->svc:east-2/bookinfo/reviews")).toEqual({
      tone: "cross",
      dashed: true,
      width: 7.5,
    });
    expect(look("call:svc:east-2/bookinfo/reviews->svc:east-2/bookinfo/ratings")).toMatchObject({
      tone: "bad",
      dashed: false,
    });
    expect(look("call:svc:west-1/bookinfo/reviews->svc:west-1/bookinfo/ratings")).toMatchObject({
      tone: "warn",
      width: 2,
    });
  });

  it("groups calls of one look into one batch of segments, leaving out calls with an end not placed", () => {
    const positions = new Map([
      ["svc:east-1/bookinfo/productpage", at(0, 0)],
      ["svc:east-1/bookinfo/details", at(10, 0)],
      ["svc:east-2/bookinfo/reviews", at(0, 50)],
      ["svc:east-2/bookinfo/ratings", at(10, 50)],
    ]);
    const batches = callBatches(graph.edges, positions);
    expect(batches.map((b) => [b.key, b.segments])).toEqual([
      ["bad/solid/6", [0, 50, 10, 50]],
      ["call/solid/7.5", [0, 0, 10, 0]],
      ["cross/dash/7.5", [0, 0, 0, 50]],
    ]);
    // Two calls of the same look share a batch.
    const twice = callBatches(
      [
        ...graph.edges,
        {
          ...graph.edges.find((e) => e.kind === "call" && !e.crossCluster && e.errorRate === 0)!,
          id: "copy",
          source: "svc:east-2/bookinfo/reviews",
          target: "svc:east-2/bookinfo/ratings",
        },
      ],
      positions,
    );
    expect(twice.find((b) => b.key === "call/solid/7.5")?.segments).toEqual([
      0, 0, 10, 0, 0, 50, 10, 50,
    ]);
  });
});
