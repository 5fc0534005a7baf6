import { redact } from "@/lib/agent-protocol/redact";

export { redact };

/** Structured JSON logs on stderr. Anything that looks like a secret is redacted. */
type Level = "debug" | "info" | "warn" | "error";

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
