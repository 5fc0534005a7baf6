// YAML for plan diffs: a direct emitter for JSON values (block style, keys sorted), so a
// fleet-wide plan does not spend most of its time in a general-purpose YAML library
// (`yaml`'s document model cost ~0.9 s per 500-cluster plan). Output parses back to the same
// value under YAML 1.2 and stays unambiguous for YAML 1.1 readers (yes/no/on/off and strings
// that look like numbers, dates or other types are quoted).
import type { DesiredResource } from "../../agent-protocol/messages";

// A plain scalar: words of letters, digits and a few marks, single spaces between them,
// starting with a letter, "_" or "/" — or a duration such as 30s — never ": ", " #" or a
// trailing ":".
const PLAIN = /^(?:[A-Za-z_/]|\d+[A-Za-z]+(?![\w.:+-]))[\w./@:#=+*-]*(?: [\w./@:#=+*-]+)*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|e[-+]?\d+)$/i;
// Dotted numbers with three or more parts (IPv4 addresses, versions) are strings to every YAML
// reader: no number or date form has more than one dot.
const DOTTED = /^\d+(?:\.\d+){2,}$/;
// Characters JSON.stringify leaves raw that a YAML reader treats as line breaks.
const BREAKS = /[\u0085\u2028\u2029]/g;

function str(s: string): string {
  if (DOTTED.test(s)) return s;
  if (PLAIN.test(s) && !RESERVED.test(s) && !/: | #|:$/.test(s)) return s;
  return JSON.stringify(s).replace(
    BREAKS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function scalar(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "string") return str(v);
  if (typeof v === "number") {
    if (Number.isFinite(v)) return String(v);
    return Number.isNaN(v) ? ".nan" : v > 0 ? ".inf" : "-.inf";
  }
  return String(v); // boolean
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Empty collections and scalars are written inline; everything else as a block. */
function inline(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? null : "[]";
  if (isObject(v)) return entries(v).length ? null : "{}";
  return scalar(v);
}

const entries = (o: Record<string, unknown>) =>
  Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function writeMap(o: Record<string, unknown>, pad: string, out: string[], first = pad): void {
  let lead = first;
  for (const k of entries(o)) {
    const v = o[k];
    const one = inline(v);
    if (one !== null) out.push(`${lead}${str(k)}: ${one}`);
    else {
      out.push(`${lead}${str(k)}:`);
      writeBlock(v, `${pad}  `, out);
    }
    lead = pad;
  }
}

function writeSeq(a: readonly unknown[], pad: string, out: string[], first = pad): void {
  let lead = first;
  for (const v of a) {
    const one = inline(v === undefined ? null : v);
    if (one !== null) out.push(`${lead}- ${one}`);
    else if (Array.isArray(v)) writeSeq(v, `${pad}  `, out, `${lead}- `);
    else writeMap(v as Record<string, unknown>, `${pad}  `, out, `${lead}- `);
    lead = pad;
  }
}

/** A nested block: mappings indented under their key, sequence items indented too. */
function writeBlock(v: unknown, pad: string, out: string[]): void {
  if (Array.isArray(v)) writeSeq(v, pad, out);
  else writeMap(v as Record<string, unknown>, pad, out);
}

/** A JSON value as a YAML document (no `---`), ending in a newline. */
export function toYaml(value: unknown): string {
  const one = inline(value);
  if (one !== null) return `${one}\n`;
  const out: string[] = [];
  writeBlock(value, "", out);
  return `${out.join("\n")}\n`;
}

/** Resource as plan YAML: keys sorted so a diff shows only real changes. */
export function resourceYaml(r: DesiredResource): string {
  return toYaml(r);
}
