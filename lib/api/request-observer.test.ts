import { describe, expect, it } from "vitest";
import { requestIdOf, routePattern } from "./request-observer";

const headers = (id?: string) => ({ headers: new Headers(id ? { "x-request-id": id } : {}) });

describe("request ids and route patterns", () => {
  it("keeps a sane caller id, replaces anything else with a new UUID", () => {
    expect(requestIdOf(headers("trace-0123456789"))).toBe("trace-0123456789");
    for (const bad of [undefined, "short", "has space in it", "x".repeat(129), 'quo"te-12345678'])
      expect(requestIdOf(headers(bad))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(headers())).not.toBe(requestIdOf(headers()));
  });

  it("turns parameter values into their names", () => {
    expect(routePattern("/api/v1/clusters/east-1/desired", { name: "east-1" })).toBe(
      "/api/v1/clusters/{name}/desired",
    );
    expect(
      routePattern("/api/v1/global-services/bookinfo/reviews%20x/metrics", {
        namespace: "bookinfo",
        name: "reviews x",
      }),
    ).toBe("/api/v1/global-services/{namespace}/{name}/metrics");
    expect(routePattern("/api/v1/a/b/c/d", { path: ["a", "b", "c", "d"] })).toBe(
      "/api/v1/{...path}",
    );
    expect(routePattern("/api/v1/clusters", {})).toBe("/api/v1/clusters");
  });
});
