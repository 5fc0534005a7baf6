import { redact } from "../../lib/agent-protocol/redact";

type Fields = Record<string, unknown>;

/** Structured JSON log lines on stdout, secrets redacted (the agent's logs are shipped as is). */
export type AgentLog = {
  info: (msg: string, fields?: Fields) => void;
  warn: (msg: string, fields?: Fields) => void;
  error: (msg: string, fields?: Fields) => void;
};

export function createLog(
  base: Fields = {},
  out: (line: string) => void = (l) => process.stdout.write(l),
): AgentLog {
  const write =
    (level: string) =>
    (msg: string, fields: Fields = {}) =>
      out(
        redact(JSON.stringify({ level, time: new Date().toISOString(), msg, ...base, ...fields })) +
          "\n",
      );
  return { info: write("info"), warn: write("warn"), error: write("error") };
}

/** A log that drops everything (tests, benchmarks). */
export const SILENT_LOG: AgentLog = { info: () => {}, warn: () => {}, error: () => {} };
