// meridian intent | plan | apply | rollback | change-sets: sharing intent and the changes that
// carry it, every change planned first and applied through the agents.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parse } from "yaml";
import {
  changeSetDtoSchema,
  changeSetListSchema,
  intentListSchema,
  planDtoSchema,
  type ChangeSetDto,
  type IntentDto,
  type PlanDto,
} from "../../lib/model/intent";
import { apiPath, CliError } from "../client";
import { render, table, when } from "../output";
import type { CommandContext, Run } from "../context";

/** The changes in a YAML or JSON file: a list, or `{ changes: [...] }`. */
function changesFrom(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`, 2);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    throw new CliError(`${file} is not YAML or JSON: ${(error as Error).message}`, 2);
  }
  const changes = Array.isArray(doc) ? doc : (doc as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes)) throw new CliError(`${file} holds no list of changes`, 2);
  return changes;
}

const planLines = (p: PlanDto) =>
  [
    p.clusters.length
      ? table(
          ["cluster", "create", "change", "delete"],
          p.clusters.map((c) => [c.cluster, c.create, c.change, c.delete]),
        )
      : "no changes",
    ...p.warnings.map((w) => `${w.severity}: ${w.cluster ? `${w.cluster}: ` : ""}${w.message}`),
  ].join("\n");

const changeSetLines = (c: ChangeSetDto) =>
  [
    `#${c.number} ${c.status}: ${c.title}`,
    table(
      ["cluster", "status", "generation", "message"],
      c.clusters.map((m) => [m.cluster, m.status, m.generation, m.message || "-"]),
    ),
  ].join("\n");

const intentRows = (items: IntentDto[]) =>
  table(
    ["namespace", "name", "version", "exports", "imports", "failover"],
    items.map((i) => [
      i.namespace,
      i.name,
      i.version,
      i.exports.join(",") || "-",
      i.imports.join(",") || "-",
      i.failover ? "yes" : "-",
    ]),
  );

async function plan(ctx: CommandContext, file: string) {
  return ctx.api.call(planDtoSchema, "POST", "/api/v1/plans", { changes: changesFrom(file) });
}

async function apply(
  ctx: CommandContext,
  file: string,
  opts: { title?: string; acceptErrors?: boolean },
) {
  const created = await ctx.api.call(changeSetDtoSchema, "POST", "/api/v1/change-sets", {
    changes: changesFrom(file),
    ...(opts.title ? { title: opts.title } : {}),
    ...(opts.acceptErrors ? { acceptErrors: true } : {}),
  });
  ctx.print(render(ctx.format, created, () => changeSetLines(created)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a change set until no cluster is pending, a line per cluster as its status moves. */
async function watch(ctx: CommandContext, id: string, intervalS: number, timeoutS: number) {
  const seen = new Map<string, string>();
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    const c = await ctx.api.call(changeSetDtoSchema, "GET", apiPath("/api/v1/change-sets", id));
    for (const m of c.clusters) {
      if (seen.get(m.cluster) === m.status) continue;
      seen.set(m.cluster, m.status);
      if (ctx.format === "table")
        ctx.print(`${m.cluster}: ${m.status}${m.message ? ` (${m.message})` : ""}`);
    }
    if (c.status !== "pending") {
      ctx.print(render(ctx.format, c, () => `#${c.number} ${c.status}`));
      if (c.status === "failed" || c.status === "partial")
        throw new CliError(`change set #${c.number} ${c.status}`);
      return;
    }
    if (Date.now() >= deadline)
      throw new CliError(`change set #${c.number} still pending after ${timeoutS} s`);
    await sleep(intervalS * 1000);
  }
}

const seconds = (what: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${what} must be a positive number`, 2);
  return n;
};

export function registerChangeCommands(program: Command, run: Run): void {
  const intent = program.command("intent").description("sharing and failover intent");
  intent
    .command("get [namespace/name]")
    .description("the intent of every global service, or of one")
    .action(
      run(async (ctx, ref: string | undefined) => {
        const [namespace, name] = ref ? ref.split("/") : [];
        if (ref && (!namespace || !name))
          throw new CliError(`expected namespace/name, got ${ref}`, 2);
        const items: IntentDto[] = [];
        let cursor: string | null = "";
        while (cursor !== null) {
          const q = new URLSearchParams({
            ...(namespace ? { namespace } : {}),
            ...(name ? { name } : {}),
            ...(cursor ? { cursor } : {}),
          });
          const page: { items: IntentDto[]; nextCursor: string | null } = await ctx.api.call(
            intentListSchema,
            "GET",
            `/api/v1/intent${q.size ? `?${q}` : ""}`,
          );
          items.push(...page.items);
          cursor = page.nextCursor;
        }
        if (ref && items.length === 0) throw new CliError(`no global service ${ref}`);
        ctx.print(render(ctx.format, ref ? items[0] : items, () => intentRows(items)));
      }),
    );
  intent
    .command("set")
    .description("apply the intent changes in a file (its plan first with --dry-run)")
    .requiredOption(
      "-f, --changes <file>",
      "YAML or JSON: a list of changes, or { changes: [...] }",
    )
    .option("--title <text>", "the change set's title")
    .option("--accept-errors", "apply although the plan has errors (traffic would fail)")
    .option("--dry-run", "only plan: show each cluster's diff counts and the warnings")
    .action(
      run(
        async (
          ctx,
          opts: { changes: string; title?: string; acceptErrors?: boolean; dryRun?: boolean },
        ) => {
          if (!opts.dryRun) return apply(ctx, opts.changes, opts);
          const p = await plan(ctx, opts.changes);
          ctx.print(render(ctx.format, p, () => planLines(p)));
        },
      ),
    );

  program
    .command("plan")
    .description("plan intent changes: each cluster's diff counts and the warnings")
    .requiredOption(
      "-f, --changes <file>",
      "YAML or JSON: a list of changes, or { changes: [...] }",
    )
    .action(
      run(async (ctx, opts: { changes: string }) => {
        const p = await plan(ctx, opts.changes);
        ctx.print(render(ctx.format, p, () => planLines(p)));
      }),
    );
  program
    .command("apply")
    .description("apply intent changes as a change set (a plan with errors is refused)")
    .requiredOption(
      "-f, --changes <file>",
      "YAML or JSON: a list of changes, or { changes: [...] }",
    )
    .option("--title <text>", "the change set's title")
    .option("--accept-errors", "apply although the plan has errors (traffic would fail)")
    .action(
      run((ctx, opts: { changes: string; title?: string; acceptErrors?: boolean }) =>
        apply(ctx, opts.changes, opts),
      ),
    );
  program
    .command("rollback <number>")
    .description("roll a change set back by writing the intent it replaced")
    .action(
      run(async (ctx, number: string) => {
        const created = await ctx.api.call(
          changeSetDtoSchema,
          "POST",
          apiPath("/api/v1/change-sets", number, "rollback"),
        );
        ctx.print(render(ctx.format, created, () => changeSetLines(created)));
      }),
    );

  const sets = program.command("change-sets").description("the change-set history");
  sets
    .command("list")
    .description("change sets, newest first")
    .option("--limit <n>", "how many", "20")
    .action(
      run(async (ctx, opts: { limit: string }) => {
        const { items } = await ctx.api.call(
          changeSetListSchema,
          "GET",
          `/api/v1/change-sets?limit=${encodeURIComponent(opts.limit)}`,
        );
        ctx.print(
          render(ctx.format, items, () =>
            table(
              ["number", "status", "created", "by", "title"],
              items.map((c) => [
                `#${c.number}`,
                c.status,
                when(c.createdAt),
                c.createdBy ?? "-",
                c.title,
              ]),
            ),
          ),
        );
      }),
    );
  sets
    .command("get <number>")
    .description("one change set with its per-cluster status")
    .action(
      run(async (ctx, number: string) => {
        const c = await ctx.api.call(
          changeSetDtoSchema,
          "GET",
          apiPath("/api/v1/change-sets", number),
        );
        ctx.print(render(ctx.format, c, () => changeSetLines(c)));
      }),
    );
  sets
    .command("watch <number>")
    .description("follow a change set until every cluster applied it (exit 1 when it fails)")
    .option("--interval <seconds>", "between polls", seconds("--interval"), 2)
    .option("--timeout <seconds>", "give up after", seconds("--timeout"), 600)
    .action(
      run((ctx, number: string, opts: { interval: number; timeout: number }) =>
        watch(ctx, number, opts.interval, opts.timeout),
      ),
    );
}
