/** One line of a diff: kept (" "), removed ("-") or added ("+"). */
export interface DiffLine {
  op: " " | "-" | "+";
  text: string;
}

/**
 * Line diff by longest common subsequence. The common head and tail are matched first, so the
 * O(n·m) table covers only the changed middle (a changed resource differs in a few lines).
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const kept = (text: string): DiffLine => ({ op: " ", text });
  return [
    ...before.slice(0, head).map(kept),
    ...diffMiddle(before.slice(head, before.length - tail), after.slice(head, after.length - tail)),
    ...before.slice(before.length - tail).map(kept),
  ];
}

function diffMiddle(before: readonly string[], after: readonly string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  // lcs[i][j] = LCS length of before[i..] and after[j..], flattened row-major.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => lcs[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ op: " ", text: before[i++] ?? "" });
      j++;
    } else if (i < n && (j === m || at(i + 1, j) >= at(i, j + 1)))
      out.push({ op: "-", text: before[i++] ?? "" });
    else out.push({ op: "+", text: after[j++] ?? "" });
  }
  return out;
}

/**
 * A unified diff (`---`/`+++` headers, `@@ -a,b +c,d @@` hunks with `context` lines around each
 * change); empty when the texts are equal.
 */
export function unifiedDiff(
  before: string,
  after: string,
  labels: [string, string],
  context = 3,
): string {
  const lines = diffLines(split(before), split(after));
  if (lines.every((l) => l.op === " ")) return "";
  const changed = lines.map((l, k) => (l.op !== " " ? k : -1)).filter((k) => k >= 0);
  const hunks: [number, number][] = [];
  for (const k of changed) {
    const last = hunks[hunks.length - 1];
    const start = Math.max(0, k - context);
    const end = Math.min(lines.length, k + context + 1);
    if (last && start <= last[1]) last[1] = end;
    else hunks.push([start, end]);
  }
  const out = [`--- ${labels[0]}`, `+++ ${labels[1]}`];
  for (const [start, end] of hunks) {
    let a = 1;
    let b = 1;
    for (const l of lines.slice(0, start)) {
      if (l.op !== "+") a++;
      if (l.op !== "-") b++;
    }
    const body = lines.slice(start, end);
    const aLen = body.filter((l) => l.op !== "+").length;
    const bLen = body.filter((l) => l.op !== "-").length;
    out.push(`@@ -${aLen ? a : a - 1},${aLen} +${bLen ? b : b - 1},${bLen} @@`);
    for (const l of body) out.push(`${l.op}${l.text}`);
  }
  return `${out.join("\n")}\n`;
}

function split(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
