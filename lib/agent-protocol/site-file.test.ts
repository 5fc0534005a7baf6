import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSiteFile, SiteFileError } from "./site-file";

const DEMO_SITE = new URL("../../fleets/sites/ratings-legacy.yaml", import.meta.url);

const site = (workloads: string) => `site: vm-a
zone: z1
services:
  - namespace: shop
    name: cart
    ports: [{ name: http, port: 8080 }]
    labels: { app: cart }
    workloads:
${workloads}`;

const catchError = (text: string): SiteFileError => {
  try {
    parseSiteFile(text, "site.yaml");
  } catch (e) {
    return e as SiteFileError;
  }
  throw new Error("expected the site file to be refused");
};

describe("site file", () => {
  it("reports each service with its workloads, counted per zone by health", () => {
    const snap = parseSiteFile(
      site(`      - { name: a, address: 10.0.0.1, health: healthy }
      - { name: b, address: 10.0.0.2, zone: z2, health: unhealthy }
      - { name: c, address: vm-c.example.com, health: healthy }`),
    );
    expect(snap.services).toHaveLength(1);
    const [cart] = snap.services;
    expect(cart).toMatchObject({ namespace: "shop", name: "cart", type: "ClusterIP" });
    expect(cart!.endpointsByZone).toEqual({
      z1: { ready: 2, total: 2 },
      z2: { ready: 0, total: 1 },
    });
    expect(cart!.workloads?.map((w) => w.address)).toEqual([
      "10.0.0.1",
      "10.0.0.2",
      "vm-c.example.com",
    ]);
  });

  it("reads the demo's ratings-legacy site", () => {
    const snap = parseSiteFile(readFileSync(DEMO_SITE, "utf8"));
    expect(snap.meshes.map((m) => m.type)).toEqual(["istio"]);
    expect(snap.services[0]!.workloads).toHaveLength(2);
  });

  it("names the line of a bad field", () => {
    const e = catchError(
      site(`      - { name: a, address: 10.0.0.1 }
      - { name: b, address: "not an address!" }`),
    );
    expect(e).toBeInstanceOf(SiteFileError);
    expect(e.line).toBe(10);
    expect(e.message).toMatch(
      /^site\.yaml:10:\d+: services\.0\.workloads\.1\.address: address must be an IPv4 or IPv6 address or a DNS name$/,
    );
  });

  it("names the line of a YAML syntax error", () => {
    const e = catchError("site: a\nservices:\n  - name: [unclosed\n");
    expect(e.line).toBeGreaterThanOrEqual(3);
    expect(e.message).toMatch(/^site\.yaml:\d+:\d+: /);
  });

  it("names the line of a duplicate workload and of an unknown field", () => {
    expect(
      catchError(
        site(`      - { name: a, address: 10.0.0.1 }
      - { name: a, address: 10.0.0.2 }`),
      ).message,
    ).toMatch(/^site\.yaml:10:\d+: services\.0\.workloads\.1\.name: duplicate workload a$/);
    const unknown = catchError(site(`      - { name: a, address: 10.0.0.1, weight: 3 }`));
    expect(unknown.line).toBe(9);
    expect(unknown.message).toContain("weight");
  });
});
