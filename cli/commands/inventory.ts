// meridian clusters | services | global-services | topology: the fleet's inventory.
import type { Command } from "commander";
import { issuedJoinTokenSchema, type IssuedJoinToken } from "../../lib/model/agents";
import {
  clusterDetailSchema,
  clusterSummarySchema,
  globalServiceSchema,
  listOf,
  serviceSchema,
  type ClusterSummary,
  type GlobalServiceDto,
  type ServiceDto,
} from "../../lib/model/inventory";
import { topologySchema } from "../../lib/graph/schema";
import { apiPath, CliError } from "../client";
import { render, table, when } from "../output";
import type { CommandContext, Run } from "../context";

const clusterRows = (items: ClusterSummary[]) =>
  table(
    ["name", "region", "state", "agent", "meshes", "services", "endpoints", "last seen"],
    items.map((c) => [
      c.name,
      c.region,
      c.state,
      c.stale ? `${c.agent.status} (stale)` : c.agent.status,
      c.meshes.map((m) => `${m.type} ${m.version}`).join(", ") || "-",
      c.serviceCount,
      `${c.endpoints.ready}/${c.endpoints.total}`,
      when(c.lastSeenAt),
    ]),
  );

const serviceRows = (items: ServiceDto[]) =>
  table(
    ["cluster", "namespace", "name", "type", "ports", "endpoints"],
    items.map((s) => [
      s.cluster,
      s.namespace,
      s.name,
      s.type,
      s.ports.map((p) => `${p.port}/${p.protocol}`).join(",") || "-",
      `${s.endpoints.ready}/${s.endpoints.total}`,
    ]),
  );

const globalRows = (items: GlobalServiceDto[]) =>
  table(
    ["namespace", "name", "health", "clusters", "endpoints", "hostname"],
    items.map((g) => [
      g.namespace,
      g.name,
      g.health,
      g.clusters.map((c) => c.cluster).join(",") || "-",
      `${g.endpoints.ready}/${g.endpoints.total}`,
      g.hostname,
    ]),
  );

/** `namespace/name` split, or a usage error. */
/** A join token as text: the token, the install command, then any warning about the URL. */
function joinTokenLines(joinToken: IssuedJoinToken): string[] {
  return [
    `join token (shown once, expires ${when(joinToken.expiresAt)}): ${joinToken.token}`,
    `install the agent: ${joinToken.installCommand}`,
    ...joinToken.warnings.map((w) => `warning: ${w}`),
  ];
}

function serviceRef(ref: string): [string, string] {
  const [namespace, name, extra] = ref.split("/");
  if (!namespace || !name || extra !== undefined)
    throw new CliError(`expected namespace/name, got ${ref}`, 2);
  return [namespace, name];
}

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return q ? `?${q}` : "";
};

async function getCluster(ctx: CommandContext, name: string) {
  return ctx.api.call(clusterDetailSchema, "GET", apiPath("/api/v1/clusters", name));
}

export function registerInventoryCommands(program: Command, run: Run): void {
  const clusters = program.command("clusters").description("the fleet's clusters");
  clusters
    .command("list")
    .description("every cluster, its agent and meshes")
    .action(
      run(async (ctx) => {
        const { items } = await ctx.api.call(
          listOf(clusterSummarySchema),
          "GET",
          "/api/v1/clusters",
        );
        ctx.print(render(ctx.format, items, () => clusterRows(items)));
      }),
    );
  clusters
    .command("get <name>")
    .description("one cluster and its services")
    .action(
      run(async (ctx, name: string) => {
        const cluster = await getCluster(ctx, name);
        ctx.print(
          render(ctx.format, cluster, () =>
            [clusterRows([cluster]), "", serviceRows(cluster.services)].join("\n"),
          ),
        );
      }),
    );
  clusters
    .command("add <name>")
    .description("register a cluster (admin); --join-token also issues its agent's join token")
    .requiredOption("--region <region>", "the cluster's region (a DNS label)")
    .option("--display-name <text>", "a name for people")
    .option("--provider <text>", "e.g. aws, gcp, on-prem")
    .option("--zone <zone>", "its zone")
    .option("--network <network>", "its mesh network")
    .option("--site", "a VM site: hosts outside Kubernetes, reported by an agent in static mode")
    .option("--host-cluster <cluster>", "a site's host: the cluster whose mesh its workloads join")
    .option("--join-token", "issue a join token and print the agent's install command")
    .action(
      run(
        async (
          ctx,
          name: string,
          opts: {
            region: string;
            displayName?: string;
            provider?: string;
            zone?: string;
            network?: string;
            site?: boolean;
            hostCluster?: string;
            joinToken?: boolean;
          },
        ) => {
          const cluster = await ctx.api.call(clusterSummarySchema, "POST", "/api/v1/clusters", {
            name,
            region: opts.region,
            ...(opts.displayName ? { displayName: opts.displayName } : {}),
            ...(opts.provider ? { provider: opts.provider } : {}),
            ...(opts.zone ? { zone: opts.zone } : {}),
            ...(opts.network ? { network: opts.network } : {}),
            ...(opts.site ? { kind: "vm-site" } : {}),
            ...(opts.hostCluster ? { hostCluster: opts.hostCluster } : {}),
          });
          const joinToken = opts.joinToken
            ? await ctx.api.call(
                issuedJoinTokenSchema,
                "POST",
                apiPath("/api/v1/clusters", name, "join-tokens"),
                {},
              )
            : null;
          ctx.print(
            render(ctx.format, joinToken ? { cluster, joinToken } : cluster, () =>
              [
                `cluster ${cluster.name} added (${cluster.state})`,
                ...(joinToken ? joinTokenLines(joinToken) : []),
              ].join("\n"),
            ),
          );
        },
      ),
    );
  clusters
    .command("join-token <name>")
    .description("issue a join token for a cluster's agent (admin)")
    .action(
      run(async (ctx, name: string) => {
        const joinToken = await ctx.api.call(
          issuedJoinTokenSchema,
          "POST",
          apiPath("/api/v1/clusters", name, "join-tokens"),
          {},
        );
        ctx.print(render(ctx.format, joinToken, () => joinTokenLines(joinToken).join("\n")));
      }),
    );
  clusters
    .command("accept <name>")
    .description("take a pending or disabled cluster live (admin)")
    .action(
      run(async (ctx, name: string) => {
        const { version } = await getCluster(ctx, name);
        const cluster = await ctx.api.call(
          clusterSummarySchema,
          "PATCH",
          apiPath("/api/v1/clusters", name),
          { version, state: "live" },
        );
        ctx.print(render(ctx.format, cluster, () => `cluster ${cluster.name} is ${cluster.state}`));
      }),
    );
  clusters
    .command("remove <name>")
    .description("remove a cluster and its inventory (admin)")
    .action(
      run(async (ctx, name: string) => {
        await ctx.api.send("DELETE", apiPath("/api/v1/clusters", name));
        ctx.print(render(ctx.format, { removed: name }, () => `cluster ${name} removed`));
      }),
    );

  program
    .command("services")
    .description("service instances across clusters")
    .option("--cluster <name>", "only this cluster's")
    .option("--namespace <namespace>", "only this namespace's")
    .option("-q, --query <text>", "names containing this")
    .action(
      run(async (ctx, opts: { cluster?: string; namespace?: string; query?: string }) => {
        const { items } = await ctx.api.call(
          listOf(serviceSchema),
          "GET",
          `/api/v1/services${query({ cluster: opts.cluster, namespace: opts.namespace, q: opts.query })}`,
        );
        ctx.print(render(ctx.format, items, () => serviceRows(items)));
      }),
    );

  const globals = program
    .command("global-services")
    .description("global services: one name across clusters");
  globals
    .command("list")
    .description("every global service and its health")
    .option("--cluster <name>", "only those running in this cluster")
    .option("--namespace <namespace>", "only this namespace's")
    .option("--multi-cluster", "only those running in more than one cluster")
    .action(
      run(async (ctx, opts: { cluster?: string; namespace?: string; multiCluster?: boolean }) => {
        const { items } = await ctx.api.call(
          listOf(globalServiceSchema),
          "GET",
          `/api/v1/global-services${query({
            cluster: opts.cluster,
            namespace: opts.namespace,
            multiCluster: opts.multiCluster ? "true" : undefined,
          })}`,
        );
        ctx.print(render(ctx.format, items, () => globalRows(items)));
      }),
    );
  globals
    .command("get <namespace/name>")
    .description("one global service and its members")
    .action(
      run(async (ctx, ref: string) => {
        const [namespace, name] = serviceRef(ref);
        const g = await ctx.api.call(
          globalServiceSchema,
          "GET",
          apiPath("/api/v1/global-services", namespace, name),
        );
        ctx.print(
          render(ctx.format, g, () =>
            [
              globalRows([g]),
              "",
              table(
                ["cluster", "endpoints"],
                g.clusters.map((c) => [c.cluster, `${c.endpoints.ready}/${c.endpoints.total}`]),
              ),
            ].join("\n"),
          ),
        );
      }),
    );

  program
    .command("topology")
    .description("the fleet graph (nodes and edges); best read with -o json")
    .option("--cluster <name>", "only this cluster")
    .option("--namespace <namespace>", "only this namespace")
    .action(
      run(async (ctx, opts: { cluster?: string; namespace?: string }) => {
        const graph = await ctx.api.call(
          topologySchema,
          "GET",
          `/api/v1/topology${query({ cluster: opts.cluster, namespace: opts.namespace })}`,
        );
        ctx.print(
          render(ctx.format, graph, () =>
            table(
              ["kind", "count"],
              Object.entries(
                graph.nodes.reduce<Record<string, number>>((acc, n) => {
                  acc[n.kind] = (acc[n.kind] ?? 0) + 1;
                  return acc;
                }, {}),
              ).concat([["edges", graph.edges.length]]) as [string, number][],
            ),
          ),
        );
      }),
    );
}
