import { describe, expect, it } from "vitest";

import type { AlertItem } from "./alert-model";
import { countAlerts, filterAlerts } from "./alert-filter";

const base: AlertItem = {
  id: "1",
  name: "A",
  kind: "metrics",
  severity: "critical",
  state: "firing",
  summary: "",
  description: "",
  labels: {},
  sources: [],
  cluster: "east-1",
  globalService: { namespace: "bookinfo", name: "reviews" },
  unknownService: null,
  activeAt: null,
  value: null,
};
const ALERTS: AlertItem[] = [
  base,
  { ...base, id: "2", severity: "warning", state: "pending", cluster: "east-2" },
  { ...base, id: "3", kind: "fleet", globalService: null, state: "suppressed" },
  { ...base, id: "4", severity: "info", globalService: { namespace: "bookinfo", name: "details" } },
];
const ids = (list: AlertItem[]) => list.map((a) => a.id);

describe("filterAlerts", () => {
  it("returns everything without filters", () => {
    expect(ids(filterAlerts(ALERTS, {}))).toEqual(["1", "2", "3", "4"]);
  });

  it("matches any value of a list filter and all filters together", () => {
    expect(ids(filterAlerts(ALERTS, { severity: ["critical", "info"] }))).toEqual(["1", "3", "4"]);
    expect(ids(filterAlerts(ALERTS, { state: ["pending"] }))).toEqual(["2"]);
    expect(ids(filterAlerts(ALERTS, { kind: ["fleet"] }))).toEqual(["3"]);
    expect(
      ids(filterAlerts(ALERTS, { cluster: "east-1", globalService: "bookinfo/reviews" })),
    ).toEqual(["1"]);
    expect(
      ids(filterAlerts(ALERTS, { globalService: "bookinfo/details", severity: ["critical"] })),
    ).toEqual([]);
  });
});

describe("countAlerts", () => {
  it("counts states, and severities of live alerts only", () => {
    expect(countAlerts(ALERTS)).toEqual({
      total: 4,
      firing: 2,
      pending: 1,
      suppressed: 1,
      bySeverity: { critical: 1, error: 0, warning: 1, info: 1 },
    });
  });
});
