// The OpenAPI documents and the route handlers agree: every route file under app/api has an
// operation for each method it exports (with the access its wrapper enforces), and every
// operation has a route file exporting its method. docs/api.md lists the same operations.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentApiDocument, restApiDocument } from "@/lib/api/openapi/document";
import { ACCESS_EXTENSION } from "@/lib/api/openapi/operation";
import { operationTable } from "@/lib/api/openapi/table";
import { ROUTE_ACCESS } from "@/lib/auth/with-auth";
import { call } from "../helpers/api";
import { METHODS, ROUTES } from "../helpers/routes";
import * as restRoute from "@/app/api/v1/openapi.json/route";
import * as agentRoute from "@/app/api/agent/v1/openapi.json/route";

/** Route files outside the contract, and why. */
const NOT_IN_CONTRACT = new Map([
  ["/api/auth/[...nextauth]", "next-auth's own sign-in endpoints (the browser's, not the API's)"],
  ["/api/v1/[...path]", "the JSON 404 for unknown API paths"],
]);

type Operation = Record<string, unknown> & {
  operationId?: string;
  responses?: Record<string, unknown>;
};
type Document = ReturnType<typeof restApiDocument>;
type Endpoint = { route: string; method: string; access: string | undefined };

/** /api/v1/clusters/[name] → /api/v1/clusters/{name} */
const openApiPath = (route: string) => route.replace(/\[([^\]]+)\]/g, "{$1}");

function operationsOf(docs: Document[]) {
  return docs.flatMap((doc) =>
    Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      METHODS.map((m) => ({
        path: p,
        method: m,
        op: (item as Record<string, Operation>)?.[m.toLowerCase()],
      }))
        .filter((o) => o.op !== undefined)
        .map((o) => ({ ...o, op: o.op! })),
    ),
  );
}

/** Each disagreement between the route files and the documents, in words. */
export function parityProblems(endpoints: Endpoint[], docs: Document[]): string[] {
  const problems: string[] = [];
  const ops = operationsOf(docs);
  const byKey = new Map(ops.map((o) => [`${o.method} ${o.path}`, o]));
  for (const e of endpoints) {
    const key = `${e.method} ${openApiPath(e.route)}`;
    const found = byKey.get(key);
    if (!found)
      problems.push(`${key}: route file exports ${e.method} but no operation documents it`);
    else if (found.op[ACCESS_EXTENSION] !== e.access)
      problems.push(
        `${key}: the wrapper needs ${e.access}, the document says ${String(found.op[ACCESS_EXTENSION])}`,
      );
  }
  const served = new Set(endpoints.map((e) => `${e.method} ${openApiPath(e.route)}`));
  for (const key of byKey.keys())
    if (!served.has(key)) problems.push(`${key}: operation with no route file exporting it`);
  return problems;
}

async function endpoints(): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const { file, route } of ROUTES) {
    if (NOT_IN_CONTRACT.has(route)) continue;
    const mod = (await import(file)) as Record<string, unknown>;
    for (const m of METHODS)
      if (typeof mod[m] === "function")
        out.push({ route, method: m, access: ROUTE_ACCESS.get(mod[m] as object) });
  }
  return out;
}

const docs = [restApiDocument(), agentApiDocument()];

describe("the OpenAPI documents and the route handlers", () => {
  it("agree: an operation per exported method, a route per operation, the same access", async () => {
    const found = await endpoints();
    expect(found.length).toBeGreaterThan(40);
    expect(parityProblems(found, docs)).toEqual([]);
  });

  it("fail when a route has no operation, or an operation no route", async () => {
    const found = await endpoints();
    const [rest, agent] = structuredClone(docs);
    delete (rest!.paths!["/api/v1/clusters/{name}"] as Record<string, unknown>).delete;
    const extra = [...found, { route: "/api/v1/made-up", method: "GET", access: "viewer" }];
    rest!.paths!["/api/v1/ghost"] = { get: { operationId: "ghost" } };
    expect(parityProblems(extra, [rest!, agent!])).toEqual([
      "DELETE /api/v1/clusters/{name}: route file exports DELETE but no operation documents it",
      "GET /api/v1/made-up: route file exports GET but no operation documents it",
      "GET /api/v1/ghost: operation with no route file exporting it",
    ]);
  });

  it("give every operation a unique operationId and at least one 4xx unless it takes nothing", () => {
    const ops = operationsOf(docs);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of ops) {
      const takesNothing = op[ACCESS_EXTENSION] === "public" && !op.requestBody && !op.parameters;
      const has4xx = Object.keys(op.responses ?? {}).some((s) => s.startsWith("4"));
      expect(has4xx || takesNothing, `${method} ${p}`).toBe(true);
    }
  });

  it("document every REST mutation a viewer may not make as 403", () => {
    for (const { path: p, method, op } of operationsOf([docs[0]!])) {
      if (
        method === "GET" ||
        op[ACCESS_EXTENSION] === "viewer" ||
        op[ACCESS_EXTENSION] === "public"
      )
        continue;
      expect(Object.keys(op.responses ?? {}), `${method} ${p}`).toContain("403");
    }
  });

  it("are served without a credential at /api/v1/openapi.json and /api/agent/v1/openapi.json", async () => {
    const rest = await call(restRoute.GET, "GET", "/api/v1/openapi.json");
    const agent = await call(agentRoute.GET, "GET", "/api/agent/v1/openapi.json");
    expect({ status: rest.status, body: rest.body }).toEqual({
      status: 200,
      body: JSON.parse(JSON.stringify(docs[0])),
    });
    expect({ status: agent.status, body: agent.body }).toEqual({
      status: 200,
      body: JSON.parse(JSON.stringify(docs[1])),
    });
    expect((rest.body as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("are listed operation by operation in docs/api.md (npm run docs:api)", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/api.md"), "utf8");
    expect(doc, "docs/api.md is stale: paste the output of `npm run -s docs:api`").toContain(
      operationTable(docs),
    );
  });
});
