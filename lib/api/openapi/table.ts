import { ACCESS_EXTENSION } from "./operation";

type Doc = { info: { title: string }; paths?: object };
type Op = { operationId?: string; summary?: string; responses?: Record<string, unknown> };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The Markdown table of every operation of the documents (docs/api.md carries it). */
export function operationTable(docs: Doc[]): string {
  const lines: string[] = [];
  for (const doc of docs) {
    lines.push(`### ${doc.info.title}`, "");
    lines.push("| Method | Path | operationId | Access | Statuses | Summary |");
    lines.push("| --- | --- | --- | --- | --- | --- |");
    for (const [p, item] of Object.entries(doc.paths ?? {}) as [string, Record<string, unknown>][])
      for (const m of METHODS) {
        const op = item?.[m] as (Op & Record<string, unknown>) | undefined;
        if (!op) continue;
        const statuses = Object.keys(op.responses ?? {}).join(", ");
        lines.push(
          `| ${m.toUpperCase()} | \`${p}\` | \`${op.operationId}\` | ${String(op[ACCESS_EXTENSION])} | ${statuses} | ${op.summary} |`,
        );
      }
    lines.push("");
  }
  return lines.join("\n");
}
