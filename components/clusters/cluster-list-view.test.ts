import { describe, expect, it } from "vitest";
import type { ClusterSummary } from "@/lib/model/inventory";
import { parseClusterSort, searchClusters, sortClusters } from "./cluster-list-view";

const cluster = (name: string, over: Partial<ClusterSummary>): ClusterSummary =>
  ({
    name,
    displayName: "",
    provider: "",
    region: "r",
    zone: "",
    labels: {},
    serviceCount: 0,
    endpoints: { ready: 0, total: 0 },
    lastSeenAt: null,
    ...over,
  }) as ClusterSummary;

const FLEET = [
  cluster("east-1", {
    displayName: "US East 1",
    region: "us-east-1",
    labels: { tier: "primary" },
    serviceCount: 4,
  }),
  cluster("east-2", { displayName: "US East 2", region: "us-east-1", serviceCount: 2 }),
  cluster("west-1", { displayName: "EU West 1", region: "eu-west-1", serviceCount: 3 }),
];
const names = (list: ClusterSummary[]) => list.map((c) => c.name);

describe("clusters list view", () => {
  it("searches id, display name, region and key=value labels, every word", () => {
    expect(names(searchClusters(FLEET, "eu west"))).toEqual(["west-1"]);
    expect(names(searchClusters(FLEET, "US-EAST-1"))).toEqual(["east-1", "east-2"]);
    expect(names(searchClusters(FLEET, "tier=primary"))).toEqual(["east-1"]);
    expect(names(searchClusters(FLEET, "  "))).toEqual(["east-1", "east-2", "west-1"]);
  });

  it("sorts by a column, ties by display name; descending reverses the whole order", () => {
    expect(names(sortClusters(FLEET, { key: "region", dir: "asc" }))).toEqual([
      "west-1",
      "east-1",
      "east-2",
    ]);
    expect(names(sortClusters(FLEET, { key: "region", dir: "desc" }))).toEqual([
      "east-2",
      "east-1",
      "west-1",
    ]);
    expect(names(sortClusters(FLEET, { key: "services", dir: "asc" }))).toEqual([
      "east-2",
      "west-1",
      "east-1",
    ]);
    expect(names(sortClusters(FLEET, { key: "name", dir: "asc" }))).toEqual([
      "west-1",
      "east-1",
      "east-2",
    ]);
  });

  it("reads the URL's sort, falling back to the default for anything else", () => {
    expect(parseClusterSort("region", "desc")).toEqual({ key: "region", dir: "desc" });
    expect(parseClusterSort("region", "sideways")).toEqual({ key: "region", dir: "asc" });
    expect(parseClusterSort("__proto__", "desc")).toEqual({ key: "name", dir: "asc" });
  });
});
