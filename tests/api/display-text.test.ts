// Display text cannot impersonate (issue 17.4): bidirectional controls (U+202A–U+202E,
// U+2066–U+2069) and invisible characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD) in a
// display name, provider, token or user name are refused with a 400 naming the character, and
// cluster label keys and values must be Kubernetes qualified names and label values.
import { beforeAll, describe, expect, it } from "vitest";
import * as clusters from "@/app/api/v1/clusters/route";
import * as cluster from "@/app/api/v1/clusters/[name]/route";
import * as users from "@/app/api/v1/users/route";
import { db } from "@/lib/store/client";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const HIDDEN = [
  "\u202E",
  "\u202A",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200B",
  "\u200F",
  "\u2060",
  "\uFEFF",
  "\u00AD",
];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

describe("display text and labels", () => {
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
  });

  it.each(HIDDEN.map((c) => [hex(c), c]))(
    "refuses %s in a cluster's display name and provider",
    async (code, c) => {
      for (const field of ["displayName", "provider"]) {
        const res = await call(clusters.POST, "POST", "/x", {
          token: admin,
          body: { name: "spoof-1", region: "eu-west", [field]: `east${c}-1` },
        });
        expect(res.status, field).toBe(400);
        expect(JSON.stringify(res.body)).toContain(code);
      }
      expect(await db().cluster.count({ where: { name: "spoof-1" } })).toBe(0);
    },
  );

  it("refuses them when editing a cluster and in a user's name", async () => {
    const created = await call(clusters.POST, "POST", "/x", {
      token: admin,
      body: { name: "plain-1", region: "eu-west", displayName: "Plain — café 東京" },
    });
    expect(created.status).toBe(201);
    const edit = await call(cluster.PATCH, "PATCH", "/x", {
      token: admin,
      params: { name: "plain-1" },
      body: { version: (created.body as { version: number }).version, displayName: "1-tsae\u202E" },
    });
    expect(edit.status).toBe(400);
    expect(JSON.stringify(edit.body)).toContain("U+202E");
    const user = await call(users.POST, "POST", "/x", {
      token: admin,
      body: {
        email: "bidi@test.local",
        name: "adm\u2066in",
        password: "correct horse battery",
        role: "viewer",
      },
    });
    expect(user.status).toBe(400);
    expect(JSON.stringify(user.body)).toContain("U+2066");
  });

  it("accepts Kubernetes qualified label keys and label values, and refuses others", async () => {
    const ok = await call(clusters.POST, "POST", "/x", {
      token: admin,
      body: {
        name: "labels-1",
        region: "eu-west",
        labels: { "app.kubernetes.io/name": "meridian", tier: "gold", "example.com/empty": "" },
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    for (const labels of [
      { "-bad": "x" },
      { "a/b/c": "x" },
      { "Example.COM/x": "x" },
      { [`${"a".repeat(64)}`]: "x" },
      { "ok\u202E": "x" },
      { tier: "has space" },
      { tier: "-leading" },
      { tier: "a".repeat(64) },
    ]) {
      const res = await call(clusters.POST, "POST", "/x", {
        token: admin,
        body: { name: "labels-2", region: "eu-west", labels },
      });
      expect(res.status, JSON.stringify(labels)).toBe(400);
    }
    expect(await db().cluster.count({ where: { name: "labels-2" } })).toBe(0);
  });
});

describe("text an agent reports", () => {
  it("refuses a version, hostname or trust domain with hidden or non-ASCII characters", async () => {
    const { reportSchema } = await import("@/lib/agent-protocol/messages");
    const agent = { version: "0.1.0", hostname: "agent-0", simulated: true };
    expect(reportSchema.safeParse({ kind: "heartbeat", agent }).success).toBe(true);
    for (const bad of [
      { ...agent, version: "0.1.0\u202E" },
      { ...agent, hostname: "agent 0" },
      { ...agent, hostname: "аgent-0" }, // Cyrillic а
    ])
      expect(reportSchema.safeParse({ kind: "heartbeat", agent: bad }).success, bad.hostname).toBe(
        false,
      );
  });
});

// Issue 37.9: more characters that hide or spoof, and text an agent reports that a real
// Kubernetes object could never hold.
describe("text that spoofs what the UI shows", () => {
  const MORE_HIDDEN = [
    "\u061C",
    "\u2028",
    "\u2029",
    "\u180E",
    "\u3164",
    "\u115F",
    "\u034F",
    "\uFFA0",
  ];

  it.each(MORE_HIDDEN.map((c) => [hex(c), c]))("refuses %s in a display name", async (_code, c) => {
    const { plainText } = await import("@/lib/model/names");
    expect(plainText("display name", 100).safeParse(`east${c}-1`).success).toBe(false);
  });

  it("refuses a flood of combining marks, and keeps real accents", async () => {
    const { plainText } = await import("@/lib/model/names");
    const field = plainText("display name", 300);
    expect(field.safeParse(`e${"\u0301".repeat(99)}ast`).success).toBe(false);
    expect(field.safeParse("Ca\u0301fe\u0301 — Tiếng Việt, 東京").success).toBe(true);
  });

  it("refuses hidden characters and markup in agent-reported labels, ports, zones and mesh", async () => {
    const { reportedServiceSchema, reportedMeshSchema } =
      await import("@/lib/agent-protocol/snapshot");
    const service = {
      namespace: "bookinfo",
      name: "reviews",
      type: "ClusterIP",
      ports: [{ name: "http", port: 9080, appProtocol: "kubernetes.io/h2c" }],
      labels: { app: "reviews", "app.kubernetes.io/version": "v1" },
      endpointsByZone: { "eu-west-1a": { ready: 1, total: 1 } },
    };
    expect(reportedServiceSchema.safeParse(service).success).toBe(true);
    const bad = [
      { ...service, labels: { app: "rev\u202Eiews" } },
      { ...service, labels: { app: "<b>reviews</b>" } },
      { ...service, labels: { "a\u200Bpp": "reviews" } },
      { ...service, ports: [{ name: "ht\u200Btp", port: 9080 }] },
      { ...service, ports: [{ name: "http", port: 9080, appProtocol: "h2c\u2066" }] },
      { ...service, endpointsByZone: { "eu\u202Ewest": { ready: 1, total: 1 } } },
    ];
    for (const b of bad)
      expect(reportedServiceSchema.safeParse(b).success, JSON.stringify(b)).toBe(false);
    const mesh = { type: "istio", network: "network1", clusterId: "east-1" };
    expect(reportedMeshSchema.safeParse(mesh).success).toBe(true);
    for (const b of [
      { ...mesh, network: "net\u202Ework1" },
      { ...mesh, clusterId: "east\u200B-1" },
      { ...mesh, clusterId: "<img src=x>" },
    ])
      expect(reportedMeshSchema.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });
});
