// Every `meridian` command against Meridian's real route handlers on the real database (PGlite,
// or Postgres with TEST_DATABASE_URL), in-process through the route-fetch transport double:
// its output in each form, its exit codes (0 success, 1 a failed call, 2 a usage error), and
// that every answer is parsed with the API's own schemas.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { runCli } from "@/cli/program";
import type { ChangeSetDto, IntentDto, PlanDto } from "@/lib/model/intent";
import { acceptStatus } from "@/lib/services/agents/reports";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { resetDatabase } from "../helpers/db";
import { userWithToken } from "../helpers/api";
import { routeFetch } from "../helpers/route-fetch";

const dir = mkdtempSync(path.join(tmpdir(), "meridian-cli-commands-"));
const transport = routeFetch();
let admin = "";
let viewer = "";

async function meridian(
  args: string[],
  opts: { token?: string; env?: Record<string, string>; live?: { out: string } } = {},
) {
  let out = "";
  let err = "";
  const code = await runCli(args, {
    env: {
      MERIDIAN_SERVER: "http://meridian.test",
      ...(opts.token === "" ? {} : { MERIDIAN_TOKEN: opts.token ?? admin }),
      ...opts.env,
    },
    fetch: transport,
    out: (t) => {
      out += t;
      if (opts.live) opts.live.out += t;
    },
    err: (t) => (err += t),
  });
  return { code, out, err };
}
const json = <T>(r: { out: string }) => JSON.parse(r.out) as T;

const reviewsChange = (version: number, exports: string[], imports: string[]) => {
  const file = path.join(dir, `changes-${version}-${exports.length}.yaml`);
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
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("meridian, who and what", () => {
  it("whoami names the caller, never the token", async () => {
    const r = await meridian(["whoami"], { token: viewer });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^viewer-\d+-\d+@test\.local \(viewer, via token\)\n$/);
    expect(r.out).not.toContain(viewer);
    expect(
      json<{ role: string }>(await meridian(["-o", "json", "whoami"], { token: viewer })).role,
    ).toBe("viewer");
  });

  it("clusters list in all three forms", async () => {
    const table = await meridian(["clusters", "list"]);
    expect(table.code).toBe(0);
    expect(table.out.split("\n")[0]).toMatch(/^NAME\s+REGION\s+STATE\s+AGENT/);
    expect(table.out).toMatch(/^east-1\s+/m);
    const names = json<{ name: string }[]>(await meridian(["clusters", "list", "-o", "json"])).map(
      (c) => c.name,
    );
    expect(names).toEqual(expect.arrayContaining(["east-1", "east-2", "west-1"]));
    const yaml = parse((await meridian(["-o", "yaml", "clusters", "list"])).out) as {
      name: string;
    }[];
    expect(yaml.map((c) => c.name)).toEqual(names);
  });

  it("clusters get shows the cluster and its services; an unknown one exits 1 with the 404", async () => {
    const r = await meridian(["clusters", "get", "east-1", "-o", "json"]);
    expect(r.code).toBe(0);
    const east = json<{ name: string; services: { name: string }[] }>(r);
    expect(east.name).toBe("east-1");
    expect(east.services.map((s) => s.name)).toContain("reviews");
    const missing = await meridian(["clusters", "get", "mars-1"]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^meridian: 404 not_found: /);
  });

  it("clusters add (with a join token), accept, join-token and remove", async () => {
    const added = await meridian([
      "clusters",
      "add",
      "cli-1",
      "--region",
      "eu-west",
      "--join-token",
    ]);
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/^cluster cli-1 added \(pending\)$/m);
    expect(added.out).toMatch(/^join token \(shown once, expires .+\): mrd_join_\S+$/m);
    expect(added.out).toMatch(/^install the agent: /m);
    const accepted = await meridian(["clusters", "accept", "cli-1"]);
    expect(accepted.code, accepted.err).toBe(0);
    expect(accepted.out).toBe("cluster cli-1 is live\n");
    const token = json<{ token: string }>(
      await meridian(["-o", "json", "clusters", "join-token", "cli-1"]),
    );
    expect(token.token).toMatch(/^mrd_join_/);
    expect((await meridian(["clusters", "remove", "cli-1"])).out).toBe("cluster cli-1 removed\n");
    expect((await meridian(["clusters", "get", "cli-1"])).code).toBe(1);
  });

  it("a viewer's change is refused: exit 1 with the 403", async () => {
    const r = await meridian(["clusters", "add", "cli-2", "--region", "eu-west"], {
      token: viewer,
    });
    expect(r.code).toBe(1);
    expect(r.err).toBe("meridian: 403 forbidden: This action needs the admin role\n");
  });

  it("services and global services, filtered", async () => {
    const services = json<{ cluster: string }[]>(
      await meridian(["services", "--cluster", "west-1", "-o", "json"]),
    );
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.cluster === "west-1")).toBe(true);
    const globals = await meridian(["global-services", "list", "--multi-cluster"]);
    expect(globals.code).toBe(0);
    expect(globals.out).toMatch(/^bookinfo\s+reviews\s+/m);
    const reviews = json<{ name: string; clusters: unknown[] }>(
      await meridian(["global-services", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(reviews.name).toBe("reviews");
    expect(reviews.clusters.length).toBeGreaterThan(1);
    const bad = await meridian(["global-services", "get", "reviews"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("meridian: expected namespace/name, got reviews\n");
  });

  it("topology as JSON, and as counts", async () => {
    const graph = json<{ nodes: { kind: string }[]; edges: unknown[] }>(
      await meridian(["topology", "-o", "json"]),
    );
    expect(graph.nodes.some((n) => n.kind === "cluster")).toBe(true);
    const counts = await meridian(["topology"]);
    expect(counts.out).toMatch(/^cluster\s+\d+$/m);
    expect(counts.out).toMatch(/^edges\s+\d+$/m);
  });
});

describe("meridian, intent and change sets", () => {
  let number = 0;

  it("intent get: every global service, or one", async () => {
    const all = json<IntentDto[]>(await meridian(["intent", "get", "-o", "json"]));
    expect(all.find((i) => i.name === "reviews")).toMatchObject({ version: 1, exports: [] });
    const one = json<IntentDto>(
      await meridian(["intent", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(one).toMatchObject({ namespace: "bookinfo", name: "reviews", version: 1 });
    expect((await meridian(["intent", "get", "bookinfo/nope"])).code).toBe(1);
  });

  it("plan and intent set --dry-run show the diff and change nothing", async () => {
    const file = reviewsChange(1, ["east-1"], ["east-2"]);
    const plan = json<PlanDto>(await meridian(["plan", "-f", file, "-o", "json"]));
    expect(plan.clusters.map((c) => c.cluster)).toContain("east-2");
    expect(plan.warnings.filter((w) => w.severity === "error")).toEqual([]);
    const dry = await meridian(["intent", "set", "-f", file, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^CLUSTER\s+CREATE\s+CHANGE\s+DELETE$/m);
    const one = json<IntentDto>(
      await meridian(["intent", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(one.version).toBe(1);
  });

  it("apply writes a change set; change-sets list and get show it", async () => {
    const applied = await meridian([
      "apply",
      "-f",
      reviewsChange(1, ["east-1"], ["east-2"]),
      "--title",
      "share reviews",
      "-o",
      "json",
    ]);
    expect(applied.code, applied.err).toBe(0);
    const set = json<ChangeSetDto>(applied);
    expect(set).toMatchObject({ title: "share reviews", status: "pending" });
    number = set.number;
    const list = await meridian(["change-sets", "list"]);
    expect(list.out).toMatch(new RegExp(`^#${number}\\s+pending\\s+.*share reviews$`, "m"));
    const got = await meridian(["change-sets", "get", String(number)]);
    expect(got.out).toMatch(new RegExp(`^#${number} pending: share reviews$`, "m"));
    expect(got.out).toMatch(/^east-2\s+pending\s+\d+/m);
  });

  it("a stale version is refused: exit 1 with the 409, nothing applied", async () => {
    const r = await meridian(["apply", "-f", reviewsChange(1, ["east-1"], [])]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^meridian: 409 /);
  });

  it("change-sets watch follows the clusters until applied", async () => {
    const pending = await meridian([
      "change-sets",
      "watch",
      String(number),
      "--interval",
      "0.05",
      "--timeout",
      "0.2",
    ]);
    expect(pending.code).toBe(1);
    expect(pending.err).toBe(`meridian: change set #${number} still pending after 0.2 s\n`);
    const set = json<ChangeSetDto>(
      await meridian(["change-sets", "get", String(number), "-o", "json"]),
    );
    const live = { out: "" };
    const watching = meridian(["change-sets", "watch", String(number), "--interval", "0.05"], {
      live,
    });
    // The agents acknowledge once the watch has shown the change set pending.
    await vi.waitFor(() => expect(live.out).toContain("east-2: pending"));
    for (const c of set.clusters)
      await acceptStatus(
        { clusterName: c.cluster, credentialId: "test" },
        { generation: c.generation, results: [] },
      );
    const done = await watching;
    expect(done.code, done.err).toBe(0);
    expect(done.out).toMatch(/^east-2: pending$/m);
    expect(done.out).toMatch(/^east-2: applied$/m);
    expect(done.out.trimEnd().split("\n").at(-1)).toBe(`#${number} applied`);
  });

  it("export writes each cluster's tree, byte for byte the API's ?format=yaml", async () => {
    const out = path.join(dir, "gitops");
    const r = await meridian(["export", "--dir", out, "-o", "json"]);
    expect(r.code, r.err).toBe(0);
    const written = json<{ cluster: string; resources: number }[]>(r);
    const east2 = written.find((w) => w.cluster === "east-2");
    expect(east2?.resources).toBeGreaterThan(0);
    expect(readdirSync(out).sort()).toEqual(written.map((w) => w.cluster).sort());
    const kustomization = parse(
      readFileSync(path.join(out, "east-2", "kustomization.yaml"), "utf8"),
    ) as { kind: string; resources: string[] };
    expect(kustomization.kind).toBe("Kustomization");
    expect(kustomization.resources).toHaveLength(east2!.resources);
    expect(readdirSync(path.join(out, "east-2")).sort()).toEqual(
      [...kustomization.resources, "kustomization.yaml"].sort(),
    );
    const res = await transport("http://meridian.test/api/v1/clusters/east-2/desired?format=yaml", {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(await res.text()).toBe(
      kustomization.resources
        .map((f) => `---\n${readFileSync(path.join(out, "east-2", f), "utf8")}`)
        .join(""),
    );
    // A second export of one cluster drops files of resources no longer desired.
    writeFileSync(path.join(out, "east-2", "gone.yaml"), "kind: Gone\n");
    expect((await meridian(["export", "--dir", out, "--cluster", "east-2"])).code).toBe(0);
    expect(readdirSync(path.join(out, "east-2"))).not.toContain("gone.yaml");
    expect((await meridian(["export", "--dir", out, "--cluster", "mars-9"])).code).toBe(1);
    expect((await meridian(["export"])).code).toBe(2);
  });

  it("rollback writes the inverse change set", async () => {
    const r = await meridian(["rollback", String(number), "-o", "json"]);
    expect(r.code, r.err).toBe(0);
    expect(json<ChangeSetDto>(r).rollbackOf).toBe(number);
    const one = json<IntentDto>(
      await meridian(["intent", "get", "bookinfo/reviews", "-o", "json"]),
    );
    expect(one.exports).toEqual([]);
  });

  it("a changes file that is missing or holds no list is a usage error", async () => {
    expect((await meridian(["plan", "-f", path.join(dir, "none.yaml")])).code).toBe(2);
    const empty = path.join(dir, "empty.yaml");
    writeFileSync(empty, "title: nothing\n");
    const r = await meridian(["plan", "-f", empty]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`meridian: ${empty} holds no list of changes\n`);
  });
});

describe("meridian, tokens, users and alerts", () => {
  it("tokens list and revoke (tokens are created signed in, never with a token)", async () => {
    const other = await userWithToken("operator");
    const list = await meridian(["tokens", "list"], { token: other.token });
    expect(list.code, list.err).toBe(0);
    expect(list.out.split("\n")[0]).toMatch(/^ID\s+NAME\s+PREFIX\s+CREATED/);
    expect(list.out).not.toContain(other.token);
    const [mine] = json<{ id: string; name: string }[]>(
      await meridian(["-o", "json", "tokens", "list"], { token: other.token }),
    );
    expect(mine?.name).toBe("test");
    const revoked = await meridian(["tokens", "revoke", mine!.id], { token: other.token });
    expect(revoked.out).toBe(`token ${mine!.id} revoked\n`);
    const after = await meridian(["whoami"], { token: other.token });
    expect(after.code).toBe(1);
    expect(after.err).toMatch(/^meridian: 401 /);
  });

  it("users add, set-role, disable, enable, remove — by email", async () => {
    const email = "cli-user@meridian.test";
    expect((await meridian(["users", "add", email, "--role", "viewer"])).code).toBe(2);
    const added = await meridian(["users", "add", email, "--role", "viewer"], {
      env: { MERIDIAN_NEW_PASSWORD: "cli-Passw0rd-long" },
    });
    expect(added.code, added.err).toBe(0);
    expect(added.out).not.toContain("cli-Passw0rd-long");
    expect((await meridian(["users", "set-role", email, "operator"])).out).toMatch(
      /\soperator\s+enabled\s/,
    );
    expect((await meridian(["users", "disable", email])).out).toMatch(/\sdisabled\s/);
    expect((await meridian(["users", "enable", email])).out).toMatch(/\senabled\s/);
    const users = json<{ email: string }[]>(await meridian(["users", "list", "-o", "json"]));
    expect(users.map((u) => u.email)).toContain(email);
    expect((await meridian(["users", "set-role", email, "root"])).code).toBe(2);
    expect((await meridian(["users", "remove", email])).out).toBe(`user ${email} removed\n`);
    expect((await meridian(["users", "remove", email])).code).toBe(1);
  });

  it("alerts: the list (no alert sources here), and its JSON", async () => {
    const r = await meridian(["alerts"]);
    expect(r.code, r.err).toBe(0);
    const list = json<{ items: unknown[]; rollups: unknown }>(
      await meridian(["alerts", "-o", "json"]),
    );
    expect(Array.isArray(list.items)).toBe(true);
    expect(list.rollups).toBeDefined();
  });
});

describe("meridian, usage", () => {
  it("exit 2 for usage errors, with the reason", async () => {
    expect((await meridian(["bogus"])).code).toBe(2);
    expect((await meridian(["-o", "xml", "clusters", "list"])).code).toBe(2);
    expect((await meridian(["clusters", "add", "x"])).err).toContain(
      "required option '--region <region>'",
    );
    const noToken = await meridian(["clusters", "list"], { token: "" });
    expect(noToken.code).toBe(2);
    expect(noToken.err).toBe("meridian: no API token: set MERIDIAN_TOKEN (mrd_pat_…)\n");
  });

  it("--help on every command exits 0", async () => {
    for (const args of [
      [],
      ["--help"],
      ["clusters", "--help"],
      ["change-sets", "watch", "--help"],
    ]) {
      const r = await meridian(args);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.out).toMatch(/^Usage: meridian/);
    }
  });
});
