import { describe, expect, it } from "vitest";
import { createJsonLog } from "@/lib/agent-protocol/json-log";
import { redact } from "@/lib/infra/log";
import { createLog } from "@/agent/src/log";

const SECRETS = [
  "mrd_pat_abcDEF123secret",
  "mrd_agent_zz9Plural",
  "hunter2-password",
  "eyJhbGciOiJIUzI1NiJ9.session.cookie",
  "opaque-bearer-value",
  "s3cr3t-client",
];

/** A pino logger of the plane's shape that keeps its lines. */
function capture(context?: () => Record<string, unknown>) {
  const lines: string[] = [];
  const log = createJsonLog({ write: (l) => lines.push(l), context, level: "debug" });
  return { log, lines };
}

describe("log redaction", () => {
  it("removes tokens, URL credentials and secret fields from a string", () => {
    const line = redact(
      '{"t":"mrd_pat_abcDEF123","url":"postgresql://u:hunter2@db:5432/x","password":"p4ss"}',
    );
    expect(line).not.toMatch(/abcDEF123|hunter2|p4ss/);
    expect(line).toContain("postgresql://[redacted]@db:5432/x");
  });

  it("writes JSON lines (pino) with no secret in any field, at any depth, or in the message", () => {
    const { log, lines } = capture(() => ({ requestId: "req-12345678" }));
    log.info(`sign-in with ${SECRETS[0]} failed`, {
      headers: {
        authorization: `Bearer ${SECRETS[4]}`,
        cookie: `next-auth.session-token=${SECRETS[3]}`,
        "user-agent": "curl/8",
      },
      body: { user: { email: "a@b.c", password: SECRETS[2] } },
      agentCredential: SECRETS[1],
      source: { auth: { type: "bearer", token: SECRETS[4] }, clientSecret: SECRETS[5] },
      url: `https://admin:${SECRETS[2]}@prom.example/api`,
      note: `Authorization: Bearer ${SECRETS[4]}; password=${SECRETS[2]}`,
    });
    log.error("boom", { error: new Error(`token=${SECRETS[4]}`) });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.endsWith("\n")).toBe(true);
      for (const s of SECRETS) expect(line).not.toContain(s);
    }
    const first = JSON.parse(lines[0]!) as Record<string, unknown> & {
      headers: Record<string, string>;
    };
    expect(first).toMatchObject({ level: "info", requestId: "req-12345678" });
    expect(first.msg).toBe("sign-in with [redacted] failed");
    expect(first.headers["user-agent"]).toBe("curl/8");
    expect(first.headers.authorization).toBe("[redacted]");
    expect(typeof first.time).toBe("string");
  });

  it("keeps harmless fields and honours the level", () => {
    const lines: string[] = [];
    const log = createJsonLog({ write: (l) => lines.push(l), level: "warn" });
    log.info("dropped");
    log.warn("kept", { cluster: "east-1", port: 9080 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", cluster: "east-1", port: 9080 });
  });

  it("the agent's log is the same pino logger, on its own stream", () => {
    const lines: string[] = [];
    createLog({ component: "meridian-agent" }, (l) => lines.push(l)).warn("registration failed", {
      joinToken: "mrd_join_abc123",
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "warn",
      component: "meridian-agent",
      msg: "registration failed",
      joinToken: "[redacted]",
    });
  });
});
