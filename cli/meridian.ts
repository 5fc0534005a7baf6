// meridian — the command line for Meridian: `compile` works offline; `plan`, `apply`,
// `change-sets` and `rollback` talk to the REST API with an API token (MERIDIAN_URL,
// MERIDIAN_TOKEN). Output as a table or JSON (-o json); non-zero exit on any failure.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import type { z } from "zod";
import {
  changeSetDtoSchema,
  changeSetListSchema,
  planDtoSchema,
  type ChangeSetDto,
  type PlanDto,
} from "../lib/model/intent";
import { compileToDirectory } from "./compile";

const USAGE = `usage:
  meridian compile --fleet fleet.yaml --out dir/ [-o table|json]
  meridian plan --changes changes.yaml [-o table|json]
  meridian apply --changes changes.yaml [--title "..."] [--accept-errors] [-o table|json]
    (a plan with errors — traffic would fail — is refused unless --accept-errors)
  meridian change-sets [-o table|json]
  meridian rollback <number> [-o table|json]
environment: MERIDIAN_URL (e.g. https://meridian.example.com), MERIDIAN_TOKEN (mrd_pat_…)`;

class CliError extends Error {}

/** Options as parsed, or the usage and exit code 2 for an unknown or malformed one. */
function parsedArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        fleet: { type: "string" },
        out: { type: "string" },
        changes: { type: "string" },
        title: { type: "string" },
        "accept-errors": { type: "boolean" },
        output: { type: "string", short: "o", default: "table" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`meridian: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { values, positionals } = parsedArgs();
const json = values.output === "json";

function print(data: unknown, table: () => string[]): void {
  process.stdout.write(`${json ? JSON.stringify(data, null, 2) : table().join("\n")}\n`);
}

/** Calls the API and parses its answer with the API's own schema. */
async function api<S extends z.ZodTypeAny>(
  schema: S,
  method: string,
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  const base = process.env.MERIDIAN_URL;
  const token = process.env.MERIDIAN_TOKEN;
  if (!base || !token) throw new CliError("set MERIDIAN_URL and MERIDIAN_TOKEN (an API token)");
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((e: Error) => {
    throw new CliError(`cannot reach ${base}: ${e.message}`);
  });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new CliError(`${res.status} ${err?.code ?? ""}: ${err?.message ?? text}`.trim());
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new CliError(`unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data as z.output<S>;
}

const changesFrom = (file: string | undefined) => {
  if (!file) throw new CliError("--changes <file> is required");
  const doc = parse(readFileSync(file, "utf8")) as unknown;
  return Array.isArray(doc) ? doc : (doc as { changes?: unknown }).changes;
};

type Plan = PlanDto;
type ChangeSet = ChangeSetDto;

const planTable = (p: Plan) => [
  ...p.clusters.map((c) => `${c.cluster}\t+${c.create} ~${c.change} -${c.delete}`),
  ...(p.clusters.length ? [] : ["no changes"]),
  ...p.warnings.map((w) => `${w.severity}: ${w.cluster ? `${w.cluster}: ` : ""}${w.message}`),
];
const changeSetTable = (c: ChangeSet) => [
  `#${c.number}\t${c.status}\t${c.title}`,
  ...c.clusters.map((m) => `  ${m.cluster}\t${m.status}${m.message ? `\t${m.message}` : ""}`),
];

async function main(): Promise<void> {
  const [command, arg] = positionals;
  if (values.help || !command) return void process.stdout.write(`${USAGE}\n`);
  switch (command) {
    case "compile": {
      if (!values.fleet || !values.out) throw new CliError("compile needs --fleet and --out");
      const result = compileToDirectory(values.fleet, values.out);
      return print(result, () => [
        ...result.clusters.map((c) => `${c.cluster}\t${c.resources} resources\t${c.file}`),
        ...result.warnings.map((w) => `warning: ${w.cluster ? `${w.cluster}: ` : ""}${w.message}`),
      ]);
    }
    case "plan": {
      const plan = await api(planDtoSchema, "POST", "/api/v1/plans", {
        changes: changesFrom(values.changes),
      });
      return print(plan, () => planTable(plan));
    }
    case "apply": {
      const created = await api(changeSetDtoSchema, "POST", "/api/v1/change-sets", {
        changes: changesFrom(values.changes),
        ...(values.title ? { title: values.title } : {}),
        ...(values["accept-errors"] ? { acceptErrors: true } : {}),
      });
      return print(created, () => changeSetTable(created));
    }
    case "change-sets": {
      const { items } = await api(changeSetListSchema, "GET", "/api/v1/change-sets");
      return print(items, () =>
        items.map((c) => `#${c.number}\t${c.status}\t${c.createdAt}\t${c.title}`),
      );
    }
    case "rollback": {
      if (!arg) throw new CliError("rollback needs a change-set number");
      const created = await api(
        changeSetDtoSchema,
        "POST",
        `/api/v1/change-sets/${encodeURIComponent(arg)}/rollback`,
      );
      return print(created, () => changeSetTable(created));
    }
    default:
      throw new CliError(`unknown command ${command}\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  console.error(`meridian: ${(error as Error).message}`);
  process.exit(error instanceof CliError ? 2 : 1);
});
