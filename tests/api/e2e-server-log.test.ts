// The e2e suite's check of the captured server logs (e2e/helpers/server-log.ts): it finds each
// kind of secret in a raw line, and none in the lines the plane's logger writes for them.
import { describe, expect, it } from "vitest";
import { createJsonLog } from "@/lib/agent-protocol/json-log";
import { secretsIn } from "@/e2e/helpers/server-log";

const RAW = [
  "sent mrd_pat_Abc123xyz789 to the API",
  "Cookie: next-auth.session-token=eyJhbGciOiJkaXIifQ..abc",
  '{"headers":{"authorization":"Bearer abcdef123456"}}',
  "calling with Bearer opaque-secret-value",
  '{"body":{"password":"hunter2hunter2"}}',
  '{"cookie":"a=b"}',
];

describe("the e2e server-log check", () => {
  it("finds every kind of secret in raw lines, and known secrets anywhere", () => {
    for (const line of RAW) expect(secretsIn(line, []), line).not.toEqual([]);
    expect(secretsIn("the admin typed e2e-secret-42", ["e2e-secret-42"])).toEqual([
      "line 1: a known secret",
    ]);
    expect(secretsIn('{"level":"info","msg":"request","route":"/api/v1/clusters"}', [])).toEqual(
      [],
    );
  });

  it("finds nothing in what the plane's logger writes for the same secrets", () => {
    const lines: string[] = [];
    const log = createJsonLog({ write: (l) => lines.push(l) });
    for (const line of RAW) log.warn(line, { raw: line });
    log.info("sign-in", {
      headers: {
        authorization: "Bearer abcdef123456",
        cookie: "next-auth.session-token=xyz123456",
      },
      body: { email: "a@b.c", password: "hunter2hunter2" },
    });
    expect(secretsIn(lines.join(""), ["hunter2hunter2", "opaque-secret-value"])).toEqual([]);
  });
});
