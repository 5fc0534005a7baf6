// Cluster labels as the edit dialog shows them: one `key=value` per line.

/** `{ env: "prod" }` → "env=prod", one label a line, sorted by key. */
export function labelsToText(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join("\n");
}

/**
 * The labels a text names; blank lines are skipped. A line without `=` or a key given twice is
 * an error naming the line (the API checks keys and values themselves).
 */
export function parseLabelText(
  text: string,
): { ok: true; labels: Record<string, string> } | { ok: false; message: string } {
  const labels: Record<string, string> = {};
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) return { ok: false, message: `labels, line ${i + 1}: write key=value` };
    const key = line.slice(0, eq).trim();
    if (key in labels)
      return { ok: false, message: `labels, line ${i + 1}: “${key}” is given twice` };
    labels[key] = line.slice(eq + 1).trim();
  }
  return { ok: true, labels };
}
