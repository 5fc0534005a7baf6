// Every `meridian` command as a user runs it: the real `bin/meridian.mjs`, a child process per
// command, against Meridian started as `npm start` runs it (scripts/start.ts on the `next build`
// output) on a real Postgres database — over real HTTP, with the exit codes of kubectl and
// argocd (0 success, 1 a failed call, 2 a usage error). The last test holds the suite to every
// command of the tree.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { allCommands, buildProgram, commandPath } from "@/cli/program";
import type { ChangeSetDto, IntentDto, PlanDto } from "@/lib/model/intent";
import { acceptStatus } from "@/lib/services/agents/reports";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { ROOT } from "../../../scripts/lib/root";
import { userWithToken } from "../../helpers/api";
import { resetDatabase } from "../../helpers/db";
import { startReplica, type Replica } from "../../replicas/harness";

const PORT = Number(process.env.MERIDIAN_CLI_PORT ?? 4711);
const dir = mkdtempSync(path.join(tmpdir(), "meridian-cli-live-"));
let app: Replica;
let admin = "";
let viewer = "";

/** Leaf commands run with exit 0, by path (`meridian clusters add`). */
const succeeded = new Set<string>();
const codes = new Set<number>();

type Run = { code: number; out: string; err: string };

/** `meridian <args>` as a child process, as a user's shell runs it. */
function meridian(
  args: string[],
  opts: { token?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/meridian.mjs"), ...args], {
      cwd: dir,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? dir,
        MERIDIAN_SERVER: app.url,
        ...(opts.token === "" ? {} : { MERIDIAN_TOKEN: opts.token ?? admin }),
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const r = { code: code ?? -1, out, err };
      codes.add(r.code);
      if (r.code === 0) {
        // The command path: the words before the first option, once global `-o <form>` is out.
        const words = args.filter((a, i) => !a.startsWith("-") && args[i - 1] !== "-o");
        for (let n = words.length; n > 0; n--)
          succeeded.add(["meridian", ...words.slice(0, n)].join(" "));
      }
      resolve(r);
    });
  });
}
const json = <T>(r: Run) => JSON.parse(r.out) as T;

const changesFile = (version: number, exports: string[], imports: string[]) => {
  const file = path.join(dir, `changes-${version}-${exports.length}-${imports.length}.yaml`);
  writeFileSync(
    file,
    `changes:\n  - namespace: bookinfo\n    name: reviews\n    version: ${version}\n    exports: [${exports.join(", ")}]\n    imports: [${imports.join(", ")}]\n`,
  );
  return file;
};

beforeAll(async () => {
  await resetDatabase();
  await seedDemoFleet();
  admin = (await userWithToken("admin")).token;
  viewer = (await userWithToken("viewer")).token;
  app = await startReplica("cli", {
    port: PORT,
    agentPort: PORT + 1,
    databaseUrl: inject("databaseUrl"),
    poolMax: 4,
  });
});
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("meridian against a running app", () => {
  it("help: the root and every command, exit 0", async () => {
    const root = await meridian(["--help"]);
    expect(root.code).toBe(0);
    expect(root.out).toMatch(/^Usage: meridian \[options\] \[command\]/);
    for (const group of ["clusters", "intent", "change-sets", "tokens", "users"]) {
      const r = await meridian([group, "--help"]);
      expect(r.code, group).toBe(0);
      expect(r.out).toContain(`Usage: meridian ${group}`);
    }
  });

  it("whoami, clusters list/get in every form; an unknown cluster exits 1", async () => {
    const me = await meridian(["whoami"], { token: viewer });
    expect(me.code, me.err).toBe(0);
    expect(me.out).toMatch(/\(viewer, via token\)\n$/);
    expect(me.out).not.toContain(viewer);
    const table = await meridian(["clusters", "list"]);
    expect(table.out.split("\n")[0]).toMatch(/^NAME\s+REGION\s+STATE\s+AGENT/);
    const names = json<{ name: string }[]>(await meridian(["clusters", "list", "-o", "json"]));
    expect(names.map((c) => c.name).sort()).toEqual(["east-1", "east-2", "west-1"]);
    const yaml = parse((await meridian(["clusters", "list", "-o", "yaml"])).out) as unknown[];
    expect(yaml).toHaveLength(3);
    const east = json<{ services: { name: string }[] }>(
      await meridian(["clusters", "get", "east-1", "-o", "json"]),
    );
    expect(east.services.map((s) => s.name)).toContain("reviews");
    const missing = await meridian(["clusters", "get", "mars-1"]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^meridian: 404 not_found: /);
  });

  it("clusters add with a join token, accept, join-token, remove; a viewer is refused with 1", async () => {
    const added = await meridian([
      "clusters",
      "add",
      "cli-1",
      "--region",
      "eu-west",
      "--join-token",
    ]);
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/^join token \(shown once, expires .+\): mrd_join_\S+$/m);
    expect((await meridian(["clusters", "accept", "cli-1"])).out).toBe("cluster cli-1 is live\n");
    const token = json<{ token: string }>(
      await meridian(["-o", "json", "clusters", "join-token", "cli-1"]),
    );
    expect(token.token).toMatch(/^mrd_join_/);
    expect((await meridian(["clusters", "remove", "cli-1"])).out).toBe("cluster cli-1 removed\n");
    const refused = await meridian(["clusters", "add", "cli-2", "--region", "eu"], {
      token: viewer,
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toBe("meridian: 403 forbidden: This action needs the admin role\n");
  });

  it("services, global services and topology", async () => {
    const services = json<{ cluster: string }[]>(
      await meridian(["services", "--cluster", "west-1", "-o", "json"]),
    );
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.cluster === "west-1")).toBe(true);
    expect((await meridian(["global-services", "list"])).out).toMatch(/^bookinfo\s+reviews\s+/m);
    const reviews = json<{ clusters: unknown[] }>(
      await meridian(["global-services", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(reviews.clusters.length).toBeGreaterThan(1);
    expect((await meridian(["global-services", "get", "reviews"])).code).toBe(2);
    const graph = json<{ nodes: { kind: string }[] }>(await meridian(["topology", "-o", "json"]));
    expect(graph.nodes.some((n) => n.kind === "cluster")).toBe(true);
  });

  it("intent, plan, apply, change sets (watched until applied), export and rollback", async () => {
    const intent = json<IntentDto>(
      await meridian(["intent", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(intent.version).toBe(1);
    const file = changesFile(1, ["east-1"], ["east-2"]);
    const plan = json<PlanDto>(await meridian(["plan", "-f", file, "-o", "json"]));
    expect(plan.clusters.map((c) => c.cluster)).toContain("east-2");
    const dry = await meridian(["intent", "set", "-f", file, "--dry-run"]);
    expect(dry.code, dry.err).toBe(0);
    const applied = await meridian(["apply", "-f", file, "--title", "cli live", "-o", "json"]);
    expect(applied.code, applied.err).toBe(0);
    const set = json<ChangeSetDto>(applied);
    expect((await meridian(["change-sets", "list"])).out).toMatch(
      new RegExp(`^#${set.number}\\s+pending\\s+.*cli live$`, "m"),
    );
    expect((await meridian(["change-sets", "get", String(set.number)])).code).toBe(0);
    const pending = await meridian([
      "change-sets",
      "watch",
      String(set.number),
      "--timeout",
      "0.5",
    ]);
    expect(pending.code).toBe(1);
    expect(pending.err).toBe(`meridian: change set #${set.number} still pending after 0.5 s\n`);
    for (const c of set.clusters)
      await acceptStatus(
        { clusterName: c.cluster, credentialId: "test" },
        { generation: c.generation, results: [] },
      );
    const done = await meridian(["change-sets", "watch", String(set.number), "--interval", "0.2"]);
    expect(done.code, done.err).toBe(0);
    expect(done.out.trimEnd().split("\n").at(-1)).toBe(`#${set.number} applied`);
    const stale = await meridian(["apply", "-f", file]);
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/^meridian: 409 /);

    const out = path.join(dir, "gitops");
    const exported = await meridian(["export", "--dir", out]);
    expect(exported.code, exported.err).toBe(0);
    expect(readdirSync(path.join(out, "east-2"))).toContain("kustomization.yaml");
    const viaApi = await fetch(`${app.url}/api/v1/clusters/east-2/desired?format=yaml`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(viaApi.status).toBe(200);
    expect(viaApi.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await viaApi.text()).toMatch(/^---\n/);

    const rolled = await meridian(["rollback", String(set.number), "-o", "json"]);
    expect(rolled.code, rolled.err).toBe(0);
    expect(json<ChangeSetDto>(rolled).rollbackOf).toBe(set.number);
    expect((await meridian(["plan", "-f", path.join(dir, "none.yaml")])).code).toBe(2);
  });

  it("tokens, users and alerts", async () => {
    const other = await userWithToken("operator");
    const [mine] = json<{ id: string }[]>(
      await meridian(["-o", "json", "tokens", "list"], { token: other.token }),
    );
    expect((await meridian(["tokens", "revoke", mine!.id], { token: other.token })).out).toBe(
      `token ${mine!.id} revoked\n`,
    );
    expect((await meridian(["whoami"], { token: other.token })).code).toBe(1);

    const email = "cli-live@meridian.test";
    expect((await meridian(["users", "add", email, "--role", "viewer"])).code).toBe(2);
    const added = await meridian(["users", "add", email, "--role", "viewer"], {
      env: { MERIDIAN_NEW_PASSWORD: "cli-Live-Passw0rd" },
    });
    expect(added.code, added.err).toBe(0);
    expect(added.out).not.toContain("cli-Live-Passw0rd");
    expect((await meridian(["users", "set-role", email, "operator"])).out).toMatch(/\soperator\s/);
    expect((await meridian(["users", "disable", email])).out).toMatch(/\sdisabled\s/);
    expect((await meridian(["users", "enable", email])).out).toMatch(/\senabled\s/);
    expect(
      json<{ email: string }[]>(await meridian(["users", "list", "-o", "json"])).map(
        (u) => u.email,
      ),
    ).toContain(email);
    expect((await meridian(["users", "remove", email])).out).toBe(`user ${email} removed\n`);
    const alerts = await meridian(["alerts", "-o", "json"]);
    expect(alerts.code, alerts.err).toBe(0);
    expect(Array.isArray(json<{ items: unknown[] }>(alerts).items)).toBe(true);
  });

  it("compile (offline), and usage errors exit 2", async () => {
    const out = path.join(dir, "compiled");
    const compiled = await meridian([
      "compile",
      "--fleet",
      path.join(ROOT, "fleets/distributed-bookinfo.yaml"),
      "--out",
      out,
    ]);
    expect(compiled.code, compiled.err).toBe(0);
    expect(readdirSync(out).length).toBeGreaterThan(0);
    expect((await meridian(["bogus"])).code).toBe(2);
    expect((await meridian(["-o", "xml", "clusters", "list"])).code).toBe(2);
    const noToken = await meridian(["clusters", "list"], { token: "" });
    expect(noToken.code).toBe(2);
    expect(noToken.err).toBe("meridian: no API token: set MERIDIAN_TOKEN (mrd_pat_…)\n");
    const down = await meridian(["clusters", "list"], {
      env: { MERIDIAN_SERVER: "http://127.0.0.1:9" },
    });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/^meridian: cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it("ran every command of the tree with exit 0, and saw exit codes 0, 1 and 2", () => {
    const program = buildProgram({ env: {}, fetch, out: () => {}, err: () => {} });
    const leaves = allCommands(program)
      .filter((c) => c.commands.length === 0)
      .map(commandPath);
    expect(leaves.length).toBeGreaterThan(25);
    expect(leaves.filter((c) => !succeeded.has(c))).toEqual([]);
    expect([...codes].sort()).toEqual([0, 1, 2]);
  });

  it("the app logged the CLI's changes as JSON lines with request ids, and no token", () => {
    const lines = app
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests.some((l) => l.method === "POST" && l.route === "/api/v1/change-sets")).toBe(
      true,
    );
    for (const l of requests) expect(l.requestId).toMatch(/^[0-9a-f-]{36}$/);
    for (const secret of [admin, viewer, "cli-Live-Passw0rd"])
      expect(app.log()).not.toContain(secret);
  });
});
