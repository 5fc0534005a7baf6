// Global teardown of the e2e suite: after every spec ran, the captured output of each web server
// (e2e/helpers/server-log.ts) holds request log lines with their request ids, and no token,
// password, session cookie or Authorization header — neither the suite's known secrets nor
// anything shaped like one. Fails the run otherwise, naming the line (never the secret).
import { existsSync, readFileSync } from "node:fs";
import { E2E_ADMIN } from "./helpers/credentials";
import { secretsIn, serverLogFile } from "./helpers/server-log";
import { SSO_CLIENT, ssoPorts } from "./helpers/sso";

const PORT = Number(process.env.MERIDIAN_E2E_PORT ?? 3210);
// Passwords the specs give the users they create (users, audit, cluster-admin, sharing).
const SPEC_PASSWORDS = ["audit-Passw0rd-e2e", "viewer-Passw0rd-e2e"];

export default function checkServerLogs(): void {
  const files = [serverLogFile(PORT), serverLogFile(ssoPorts(PORT).app)].filter((f) =>
    existsSync(f),
  );
  if (!files.length) throw new Error(`no captured server log at ${serverLogFile(PORT)}`);
  const found: string[] = [];
  let requests = 0;
  for (const file of files) {
    const log = readFileSync(file, "utf8");
    requests += log
      .split("\n")
      .filter((l) => /"requestId":"[^"]+".*"msg":"request"/.test(l)).length;
    found.push(
      ...secretsIn(log, [E2E_ADMIN.password, SSO_CLIENT.secret, ...SPEC_PASSWORDS]).map(
        (f) => `${file}: ${f}`,
      ),
    );
  }
  // Changes and failures are logged at info level and up: any spec run makes some.
  if (requests === 0)
    throw new Error("the server logs hold no request line: the capture is not working");
  if (found.length) throw new Error(`secrets in the server logs:\n${found.join("\n")}`);
  console.log(`server logs: ${requests} request lines, no secret (${files.join(", ")})`);
}
