// Output in the three forms kubectl and argocd offer: `-o table` (aligned columns for people),
// `-o json` and `-o yaml` (the API's answer as parsed, for scripts).
import { stringify } from "yaml";
import { CliError } from "./client";

export const OUTPUT_FORMATS = ["table", "json", "yaml"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function outputFormat(value: unknown): OutputFormat {
  const format = value ?? "table";
  if (!OUTPUT_FORMATS.includes(format as OutputFormat))
    throw new CliError(`-o must be one of ${OUTPUT_FORMATS.join(", ")} (got ${String(format)})`, 2);
  return format as OutputFormat;
}

/** Rows as columns padded to their widest cell; the header row in capitals. */
export function table(header: string[], rows: (string | number)[][]): string {
  const all = [header.map((h) => h.toUpperCase()), ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `data` in the chosen form; `human` renders the table form. */
export function render(format: OutputFormat, data: unknown, human: () => string): string {
  if (format === "json") return JSON.stringify(data, null, 2);
  if (format === "yaml") return stringify(data).trimEnd();
  return human();
}

/** A timestamp as people read it in a terminal: `2026-12-05 06:12` (UTC), or `-`. */
export const when = (iso: string | null | undefined) =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : "-";
