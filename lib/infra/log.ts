// The plane's logger: pino JSON lines on stderr (lib/agent-protocol/json-log.ts), secrets
// redacted, and the request id of the request being served on every line logged while serving
// it (AsyncLocalStorage, set by the route wrapper: lib/auth/with-auth.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { createJsonLog, redactFields, type JsonLog } from "@/lib/agent-protocol/json-log";
import { redact } from "@/lib/agent-protocol/redact";

export { redact, redactFields };

const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
type Level = (typeof LEVELS)[number];

type RequestContext = { requestId: string };

// One store per process even when Next loads this module in several bundles.
const state = globalThis as unknown as {
  meridianLogContext?: AsyncLocalStorage<RequestContext>;
  meridianLog?: JsonLog;
};
const context = (state.meridianLogContext ??= new AsyncLocalStorage<RequestContext>());

/** Runs `fn` with `requestId` on every log line written while it runs. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

function level(): Level {
  const wanted = process.env.MERIDIAN_LOG_LEVEL as Level | undefined;
  return wanted && LEVELS.includes(wanted) ? wanted : "info";
}

/** Structured JSON logs on stderr; anything that looks like a secret is redacted. */
export const log: JsonLog = (state.meridianLog ??= createJsonLog({
  level: level(),
  write: (line) => process.stderr.write(line),
  context: () => context.getStore() ?? {},
}));
