import { gunzipSync } from "node:zlib";
import { readdirSync } from "node:fs";
import path from "node:path";
import { extract } from "tar-stream";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as chartRoute from "@/app/charts/[file]/route";
import * as joinTokens from "@/app/api/v1/clusters/[name]/join-tokens/route";
import { AGENT_CHART_DIR, packageChart } from "@/lib/infra/agent-chart";
import { createCluster } from "@/lib/services/inventory/clusters";
import { resetDatabase } from "../helpers/db";
import { call, userWithToken } from "../helpers/api";

const SYSTEM = { type: "system", label: "test" } as const;

type Entry = { name: string; mode: number; mtime: number; body: string };

async function entries(tgz: Uint8Array): Promise<Entry[]> {
  const out: Entry[] = [];
  const reader = extract();
  reader.on("entry", (header, stream, next) => {
    const chunks: Uint8Array[] = [];
    stream.on("data", (c) => {
      if (c instanceof Uint8Array) chunks.push(c);
    });
    stream.on("end", () => {
      out.push({
        name: header.name,
        mode: header.mode ?? 0,
        mtime: header.mtime?.getTime() ?? 0,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      next();
    });
  });
  const done = new Promise<void>((resolve, reject) =>
    reader.on("finish", () => resolve()).on("error", reject),
  );
  reader.end(gunzipSync(tgz));
  await done;
  return out;
}

function checkoutFiles(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const relative = path.posix.join(prefix, e.name);
    if (!prefix && e.name === "ci") return [];
    return e.isDirectory() ? checkoutFiles(dir, relative) : [relative];
  });
}

async function get(file: string) {
  return chartRoute.GET(new NextRequest(`http://localhost:3000/charts/${file}`), {
    params: Promise.resolve({ file }),
  });
}

describe("the agent chart Meridian serves (GET /charts/{file})", () => {
  let admin: string;
  beforeAll(async () => {
    await resetDatabase();
    admin = (await userWithToken("admin")).token;
    await createCluster({ name: "chart-1", region: "r" }, SYSTEM);
  });

  it("packages every file of deploy/agent but its ci/ values under meridian-agent/", async () => {
    const chart = await packageChart();
    expect(chart.fileName).toBe(`meridian-agent-${chart.version}.tgz`);
    const found = await entries(chart.bytes);
    expect(found.map((e) => e.name).sort()).toEqual(
      checkoutFiles(AGENT_CHART_DIR)
        .map((f) => `meridian-agent/${f}`)
        .sort(),
    );
    expect(found.some((e) => e.name.includes("/ci/"))).toBe(false);
    const chartYaml = found.find((e) => e.name === "meridian-agent/Chart.yaml");
    expect(chartYaml?.body).toContain("name: meridian-agent");
  });

  it("is the same bytes every time: one version, one digest", async () => {
    const [a, b] = await Promise.all([packageChart(), packageChart()]);
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    const times = new Set((await entries(a.bytes)).map((e) => e.mtime));
    expect(times.size).toBe(1);
  });

  it("serves the package without sign-in, and 404s any other name", async () => {
    const chart = await packageChart();
    const res = await get(chart.fileName);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), chart.bytes)).toBe(0);
    for (const other of ["meridian-agent-9.9.9.tgz", "..%2Fpackage.json", "meridian.tgz"]) {
      const miss = await get(other);
      expect(miss.status, other).toBe(404);
      expect(((await miss.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("puts the chart's URL into the join command, and warns when that URL is this machine", async () => {
    const chart = await packageChart();
    const issued = await call(joinTokens.POST, "POST", "/x", {
      token: admin,
      params: { name: "chart-1" },
    });
    expect(issued.status).toBe(201);
    const body = issued.body as { installCommand: string; warnings: string[] };
    const origin = process.env.NEXTAUTH_URL ?? "http://localhost:3000";
    expect(body.installCommand.split("\n")[0]).toBe(
      `helm upgrade --install meridian-agent ${origin}/charts/${chart.fileName} \\`,
    );
    expect(body.warnings).toHaveLength(1);
    expect(body.warnings[0]).toContain("MERIDIAN_PUBLIC_URL");
  });
});
