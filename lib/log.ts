/** Structured JSON logs on stderr. Anything that looks like a secret is redacted. */
type Level = "debug" | "info" | "warn" | "error";

/** Replace secrets in a string with a marker. */
export function redact(text: string): string {
  return text
    .replace(/mrd_(?:pat|join|agent)_[A-Za-z0-9_-]+/g, "[redacted]")
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s:@/]+:[^\s@/]+@/gi, "$1[redacted]@")
    .replace(
      /("?(?:authorization|password|secret|token)"?\s*[:=]\s*"?)[^\s"',}]+/gi,
      "$1[redacted]",
    );
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  process.stderr.write(redact(line) + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) =>
    process.env.MERIDIAN_LOG_LEVEL === "debug" && write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
