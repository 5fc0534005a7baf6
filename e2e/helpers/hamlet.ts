// The e2e server's Hamlet DiscoveryService (federation, docs/federation.md): its port (the app's
// port + 7; SSO uses +10..+12) and a CA plus certificate made with openssl in the server's state
// own folder. The peers spec registers this Meridian as its own peer ("loopback"), so the stream,
// the ACK/NACK bookkeeping and the Peers page run for real against one app.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { organisation } from "../../tests/federation/certs";

export const hamletPort = (appPort: number) => appPort + 7;

/** The certificate files (made once in `dir`) and the env that turns Hamlet on. */
export function hamletEnv(appPort: number, dir: string): Record<string, string> {
  const file = (n: string) => path.join(dir, n);
  if (!existsSync(file("key.pem"))) {
    mkdirSync(dir, { recursive: true });
    const org = organisation("meridian-e2e");
    writeFileSync(file("ca.pem"), org.caPem);
    writeFileSync(file("cert.pem"), org.certPem);
    writeFileSync(file("key.pem"), org.keyPem, { mode: 0o600 });
  }
  return {
    MERIDIAN_HAMLET_PORT: String(hamletPort(appPort)),
    MERIDIAN_HAMLET_HOST: "127.0.0.1",
    MERIDIAN_HAMLET_CERT_FILE: file("cert.pem"),
    MERIDIAN_HAMLET_KEY_FILE: file("key.pem"),
  };
}

/** The CA the e2e server's certificate chains to (what a peer registers to trust it). */
export const hamletCa = (dir: string) => readFileSync(path.join(dir, "ca.pem"), "utf8");

/** Where playwright.config.ts keeps the e2e server's Hamlet files. */
export const hamletDir = (appPort: number) => path.resolve(".meridian", `e2e-${appPort}-hamlet`);
