// The e2e web servers' output, captured to files (playwright.config.ts tees each server's
// stdout and stderr), and what must never appear in it: the suite's global teardown
// (e2e/server-log-teardown.ts) reads them after every spec ran.
import path from "node:path";

/** Where the server started for `port` writes its log. */
export const serverLogFile = (port: number) =>
  path.resolve(".meridian", "e2e-logs", `server-${port}.log`);

/** A shell command that runs `command` with its output shown and written to `file`. */
export const teeTo = (command: string, file: string) =>
  `mkdir -p ${JSON.stringify(path.dirname(file))} && ${command} 2>&1 | tee ${JSON.stringify(file)}`;

/** Shapes of a secret in a log line that redaction should have replaced with [redacted]. */
export const SECRET_SHAPES: { what: string; pattern: RegExp }[] = [
  { what: "a Meridian token", pattern: /mrd_(?:pat|join|agent)_[A-Za-z0-9_-]{6,}/ },
  { what: "a session cookie", pattern: /session-token=(?!\[redacted\])[^\s;",]{6,}/i },
  { what: "an Authorization header", pattern: /authorization"?\s*[:=]\s*"?(?!\[redacted\])\w/i },
  { what: "a bearer credential", pattern: /\bBearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{6,}/ },
  { what: "a password field", pattern: /"password"\s*:\s*"(?!\[redacted\])/i },
  { what: "a cookie header", pattern: /"cookie"\s*:\s*"(?!\[redacted\])/i },
];

/** Every line of `log` that holds one of `literals` or a {@link SECRET_SHAPES} shape, named. */
export function secretsIn(log: string, literals: readonly string[]): string[] {
  return log
    .split("\n")
    .flatMap((line, i) => [
      ...SECRET_SHAPES.filter((s) => s.pattern.test(line)).map((s) => `line ${i + 1}: ${s.what}`),
      ...literals.filter((l) => line.includes(l)).map(() => `line ${i + 1}: a known secret`),
    ]);
}
