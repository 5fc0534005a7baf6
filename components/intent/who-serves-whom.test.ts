import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WhoServesWhom, type ServingRow } from "./who-serves-whom";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The rendered row of one cluster, as text. */
function rowText(rows: ServingRow[], cluster: string): string {
  const html = renderToStaticMarkup(createElement(WhoServesWhom, { rows }));
  const start = html.indexOf(`data-testid="serving-${cluster}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("</li>", html.indexOf("</ol>", start) + 1);
  return text(html.slice(html.lastIndexOf("<li", start), end));
}

const target = (cluster: string, tier: number, local = false) => ({
  cluster,
  tier,
  local,
  healthy: true,
  endpoints: { ready: 1, total: 1 },
});

describe("who serves whom (issue 24.9)", () => {
  const rows: ServingRow[] = [
    // east-1 exports reviews but does not import it: its callers reach its own instance.
    { consumer: "east-1", imports: false, targets: [target("east-1", 0, true)] },
    // west-1 imports it: it is a consumer, served by east-1.
    { consumer: "west-1", imports: true, targets: [target("east-1", 1)] },
  ];

  it("labels a cluster that does not import the service as local traffic, not a consumer", () => {
    const east = rowText(rows, "east-1");
    expect(east).toContain("Local traffic only");
    expect(east).toContain("does not import");
  });

  it("shows an importing cluster as a consumer, without the local-traffic label", () => {
    const west = rowText(rows, "west-1");
    expect(west).not.toContain("Local traffic only");
    expect(west).toContain("T1");
  });
});
