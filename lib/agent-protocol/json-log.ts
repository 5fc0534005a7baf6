// The one logger of the plane and the agent: pino, JSON lines, nothing secret in them. Secrets
// are removed twice: by key (pino's redact paths and a walk for keys at any depth:
// authorization, cookie, password, secret, token, credential) and, on the finished line, by
// shape (redact.ts: Meridian's tokens, URL credentials, `password=…` and the like), so a token
// pasted into a message or an error string is caught too.
import pino, { type Logger } from "pino";
import { redact } from "./redact";

type Fields = Record<string, unknown>;

/** A log method: a message and structured fields. */
export type LogMethod = (msg: string, fields?: Fields) => void;

export type JsonLog = { debug: LogMethod; info: LogMethod; warn: LogMethod; error: LogMethod };

export const REDACTED = "[redacted]";
const SECRET_KEY = /authorization|cookie|password|passwd|secret|token|credential|api[-_]?key/i;

/** Fields with every secret-named key at any depth replaced by {@link REDACTED}. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: value.message };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && v !== null && v !== undefined && v !== ""
        ? REDACTED
        : redactFields(v, depth + 1),
    ]),
  );
}

export type JsonLogOptions = {
  /** Fields on every line (component, cluster). */
  base?: Fields;
  level?: "debug" | "info" | "warn" | "error" | "silent";
  /** Where finished lines go (each ends in a newline). */
  write: (line: string) => void;
  /** Fields of the moment added to every line (the server's request id). */
  context?: () => Fields;
};

/** A pino logger writing redacted JSON lines: `{"level":"info","time":"…","msg":"…",…}`. */
export function createJsonLog(o: JsonLogOptions): JsonLog {
  const logger: Logger = pino(
    {
      level: o.level ?? "info",
      base: o.base ?? {},
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactFields(fields) as Fields,
      },
      mixin: o.context,
      redact: {
        paths: [
          "headers.authorization",
          "headers.cookie",
          'headers["set-cookie"]',
          "req.headers.authorization",
          "req.headers.cookie",
        ],
        censor: REDACTED,
      },
    },
    { write: (line: string) => o.write(redact(line)) },
  );
  const method =
    (level: "debug" | "info" | "warn" | "error"): LogMethod =>
    (msg, fields) =>
      logger[level](fields ?? {}, msg);
  return {
    debug: method("debug"),
    info: method("info"),
    warn: method("warn"),
    error: method("error"),
  };
}
