// The demo's alert rules (fleets/prometheus/bookinfo.rules.yml) with test-sized windows:
// every `[1m]` rate window and `for: 1m` is rewritten, so the metrics suite runs the very
// expressions the demo loads, in seconds instead of minutes.
import { readFileSync } from "node:fs";
import path from "node:path";

/** The rules file the demo and the tests load. */
export const BOOKINFO_RULES = path.resolve("fleets/prometheus/bookinfo.rules.yml");

/** Windows for {@link testRules}; `interval` is each group's evaluation interval. */
export interface RuleTiming {
  window: string;
  forDuration: string;
  interval: string;
}

/**
 * The rules text with the given timing. Throws when the file no longer has the shape the
 * rewrite expects (so a changed rules file cannot silently keep its slow windows).
 */
export function testRules(timing: RuleTiming, file = BOOKINFO_RULES): string {
  const text = readFileSync(file, "utf8");
  let windows = 0;
  let fors = 0;
  let intervals = 0;
  const out = text
    .replace(/\[1m\]/g, () => (windows++, `[${timing.window}]`))
    .replace(
      /^(\s+)for: 1m$/gm,
      (_m, indent: string) => (fors++, `${indent}for: ${timing.forDuration}`),
    )
    .replace(
      /^(\s+)interval: \S+$/gm,
      (_m, indent: string) => (intervals++, `${indent}interval: ${timing.interval}`),
    );
  const alerts = (text.match(/^\s+- alert: /gm) ?? []).length;
  if (fors !== alerts || windows < alerts || intervals === 0) {
    throw new Error(
      `unexpected rules shape in ${file}: ${alerts} alerts, ${fors} "for: 1m", ${windows} "[1m]", ${intervals} intervals`,
    );
  }
  return out;
}
