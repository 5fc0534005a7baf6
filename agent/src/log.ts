import { createJsonLog } from "../../lib/agent-protocol/json-log";

type Fields = Record<string, unknown>;

/** Structured JSON log lines (pino) on stdout, secrets redacted (the agent's logs are shipped as is). */
export type AgentLog = {
  info: (msg: string, fields?: Fields) => void;
  warn: (msg: string, fields?: Fields) => void;
  error: (msg: string, fields?: Fields) => void;
};

export function createLog(
  base: Fields = {},
  out: (line: string) => void = (l) => process.stdout.write(l),
): AgentLog {
  const { info, warn, error } = createJsonLog({ base, write: out });
  return { info, warn, error };
}

/** A log that drops everything (tests, benchmarks). */
export const SILENT_LOG: AgentLog = { info: () => {}, warn: () => {}, error: () => {} };
