// deploy/grafana/meridian.json, the sample dashboard: every PromQL expression in it names only
// metrics the plane exports (lib/infra/plane-metrics/registry.ts, read from its registry, with the series a
// histogram adds), and every metric the plane exports beyond the process defaults is shown.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planeMetrics } from "@/lib/infra/plane-metrics/registry";

type Panel = { title?: string; targets?: { expr: string }[]; panels?: Panel[] };
const dashboard = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../deploy/grafana/meridian.json"), "utf8"),
) as { panels: Panel[]; templating: { list: { definition?: string }[] } };

const exprs = [
  ...dashboard.panels
    .flatMap((p) => [p, ...(p.panels ?? [])])
    .flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title ?? "", expr: t.expr }))),
  ...dashboard.templating.list
    .filter((v) => v.definition)
    // Grafana's label_values(series, label): the series is PromQL, the label is not.
    .map((v) => ({
      panel: "variable",
      expr: v.definition!.replace(/^label_values\((.*),\s*\w+\)$/, "$1"),
    })),
];

async function exported(): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const m of await planeMetrics().registry.getMetricsAsJSON()) {
    names.set(m.name, m.name);
    if (String(m.type) === "histogram")
      for (const suffix of ["_bucket", "_sum", "_count"]) names.set(`${m.name}${suffix}`, m.name);
  }
  return names;
}

/** Metric names in a PromQL expression: identifiers that are not functions, keywords or labels. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const withoutMatchers = withoutStrings.replace(/\{[^}]*\}/g, "{}");
  const withoutRanges = withoutMatchers.replace(/\[[^\]]*\]/g, "");
  const withoutGrouping = withoutRanges.replace(/\b(?:by|without)\s*\([^)]*\)/g, "");
  return [...withoutGrouping.matchAll(/\b[A-Za-z_:][A-Za-z0-9_:]*\b(?!\s*\()/g)]
    .map((m) => m[0])
    .filter(
      (n) =>
        !/^(?:by|without|on|ignoring|group_left|group_right|and|or|unless|offset|bool|e\d*)$/.test(
          n,
        ),
    )
    .filter((n) => !n.startsWith("$__"));
}

describe("the sample Grafana dashboard", () => {
  it("has expressions", () => {
    expect(exprs.length).toBeGreaterThanOrEqual(15);
  });

  it("names only metrics the plane exports", async () => {
    const names = await exported();
    const unknown = exprs.flatMap(({ panel, expr }) =>
      metricNames(expr)
        .filter((n) => !names.has(n))
        .map((n) => `${panel}: ${n}`),
    );
    expect(unknown).toEqual([]);
    for (const { expr } of exprs) expect(metricNames(expr).length, expr).toBeGreaterThan(0);
  });

  it("shows every plane metric (request duration, agents, propagation, change sets, sources, pool)", async () => {
    const used = new Set(
      exprs
        .flatMap(({ expr }) => metricNames(expr))
        .map((n) => n.replace(/_(bucket|sum|count)$/, "")),
    );
    const own = (await planeMetrics().registry.getMetricsAsJSON())
      .map((m) => m.name)
      .filter((n) => !/^meridian_(process|nodejs)_/.test(n));
    expect(own.length).toBe(7);
    expect(own.filter((n) => !used.has(n))).toEqual([]);
  });

  it("finds a misspelt metric (the check can fail)", async () => {
    const names = await exported();
    expect(
      metricNames('sum(rate(meridian_http_requests_total{job="x"}[5m]))').filter(
        (n) => !names.has(n),
      ),
    ).toEqual(["meridian_http_requests_total"]);
  });
});
