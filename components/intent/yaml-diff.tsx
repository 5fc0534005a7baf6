import clsx from "clsx";

type DiffRow = { kind: "add" | "del" | "ctx" | "hunk" | "file" | "sep"; text: string };

/**
 * Splits a plan diff into typed rows. Resources are separated by a bare `---`; a changed
 * resource's `+++ b/Kind ns/name` header becomes its title row (the `--- a/…` line is dropped).
 */
export function parseUnifiedDiff(diff: string): DiffRow[] {
  const lines = diff.replace(/\n$/, "").split("\n");
  return lines
    .filter((l) => !l.startsWith("--- a/") && (l.length > 0 || lines.length > 1))
    .map((text): DiffRow => {
      if (text === "---") return { kind: "sep", text };
      if (text.startsWith("+++ b/")) return { kind: "file", text: text.slice(6) };
      if (text.startsWith("@@")) return { kind: "hunk", text };
      if (text.startsWith("+")) return { kind: "add", text };
      if (text.startsWith("-")) return { kind: "del", text };
      return { kind: "ctx", text };
    });
}

const ROW: Record<DiffRow["kind"], string> = {
  add: "bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200",
  del: "bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200",
  ctx: "text-muted",
  hunk: "bg-sky-50/70 text-sky-800 dark:bg-sky-500/10 dark:text-sky-300",
  file: "text-fg font-semibold",
  sep: "",
};

const GUTTER: Record<DiffRow["kind"], string> = {
  add: "+",
  del: "−",
  ctx: "",
  hunk: "",
  file: "",
  sep: "",
};

/**
 * A unified YAML diff in monospace with +/− colouring. The sign is also drawn in a gutter
 * and announced to screen readers, so colour is never the only cue.
 */
export function YamlDiff({ diff, label }: { diff: string; label: string }) {
  const rows = parseUnifiedDiff(diff);
  if (rows.length === 0) {
    return <p className="text-subtle px-3 py-2 text-xs">No textual change.</p>;
  }
  return (
    <div
      role="region"
      aria-label={label}
      className="border-border bg-surface-2/40 overflow-x-auto rounded-md border"
      data-testid="yaml-diff"
    >
      <pre className="min-w-max py-1 font-mono text-[12px] leading-5">
        {rows.map((row, i) =>
          row.kind === "sep" ? (
            <div key={i} className="border-border my-1 border-t" role="separator" />
          ) : (
            <div key={i} className={clsx("flex", ROW[row.kind])} data-diff={row.kind}>
              <span className="w-6 shrink-0 text-center select-none" aria-hidden>
                {GUTTER[row.kind]}
              </span>
              {row.kind === "add" ? <span className="sr-only">added: </span> : null}
              {row.kind === "del" ? <span className="sr-only">removed: </span> : null}
              <span className="pr-4 whitespace-pre">
                {row.kind === "add" || row.kind === "del" || row.kind === "ctx"
                  ? row.text.slice(1)
                  : row.text}
              </span>
            </div>
          ),
        )}
      </pre>
    </div>
  );
}
