import { z } from "zod";

export { DNS_LABEL_MAX, dnsLabel, isDnsLabel, labelMap } from "@/lib/agent-protocol/k8s-names";

/**
 * Characters that change how text around them is shown without being seen: bidirectional
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+061C), marks and
 * zero-width characters (U+200B–U+200F, U+2060–U+2064), the byte-order mark, the soft hyphen,
 * line and paragraph separators (U+2028, U+2029), the Mongolian vowel separator (U+180E), the
 * combining grapheme joiner (U+034F) and the blank Hangul fillers (U+115F, U+1160, U+3164,
 * U+FFA0). With them one cluster's name can be shown as another's ("east-1" written backwards
 * as "1-tsae" + U+202E), or a name can look empty.
 */
const HIDDEN =
  /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/u;

/** More combining marks on one character than any script writes (a "Zalgo" flood). */
const MARK_FLOOD = /\p{M}{5,}/u;

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** A free-text, single-line display field with no markup and nothing hidden. */
export const plainText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine(
      (s) => !/[<>\u0000-\u001f\u007f]/.test(s),
      `${what} must not contain markup or control characters`,
    )
    .superRefine((s, ctx) => {
      const hidden = HIDDEN.exec(s);
      if (hidden)
        ctx.addIssue({
          code: "custom",
          message: `${what} must not contain invisible or text-direction characters (${codePoint(hidden[0])} at position ${hidden.index + 1})`,
        });
      if (MARK_FLOOD.test(s))
        ctx.addIssue({
          code: "custom",
          message: `${what} must not stack more than four combining marks on one character`,
        });
    });

const LABEL_NAME = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why `key` is not a Kubernetes qualified name (`[prefix/]name`), or null when it is one. */
export function qualifiedNameProblem(key: string): string | null {
  const parts = key.split("/");
  if (parts.length > 2) return `label key ${JSON.stringify(key)} has more than one "/"`;
  const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0]!];
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix)))
    return `label key prefix ${JSON.stringify(prefix)} must be a lower-case DNS subdomain of at most 253 characters`;
  if (!name || name.length > 63 || !LABEL_NAME.test(name))
    return `label key name ${JSON.stringify(name ?? "")} must be 1–63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit`;
  return null;
}

/**
 * Labels an operator writes (a cluster's): keys Kubernetes qualified names, values Kubernetes
 * label values (at most 63 characters, empty or alphanumeric at both ends), at most 64.
 */
export const qualifiedLabelMap = z
  .record(z.string().max(317), z.string().max(63, "label values must be at most 63 characters"))
  .superRefine((labels, ctx) => {
    const entries = Object.entries(labels);
    if (entries.length > 64) ctx.addIssue({ code: "custom", message: "at most 64 labels" });
    for (const [key, value] of entries) {
      const problem = qualifiedNameProblem(key);
      if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
      if (value !== "" && !LABEL_NAME.test(value))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `label value ${JSON.stringify(value)} must be empty or letters, digits, '-', '_' or '.', starting and ending with a letter or digit`,
        });
    }
  });
