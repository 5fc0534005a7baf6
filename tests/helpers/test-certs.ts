// Certificates made for a test by the real openssl CLI (node:crypto reads certificates but
// cannot issue them): self-signed EC P-256 roots with a chosen subject, lifetime and SANs, and
// leaf certificates for an https test server.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A certificate and its key, PEM. */
export interface TestCert {
  certPem: string;
  keyPem: string;
}

const openssl = (args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });

/** Runs `work` in a fresh temporary folder (given a path maker), then removes the folder. */
function inTempDir<T>(work: (file: (name: string) => string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "meridian-cert-"));
  try {
    return work((name) => join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl req` arguments for a new P-256 key (unencrypted) and the subject. */
const newKey = (keyFile: string, subject: string) => [
  "-newkey",
  "ec",
  "-pkeyopt",
  "ec_paramgen_curve:P-256",
  "-nodes",
  "-keyout",
  keyFile,
  "-subj",
  subject,
];

const read = (file: string) => readFileSync(file, "utf8");

/**
 * A self-signed CA certificate: `subject` in openssl's form ("/O=cluster.local"), valid for
 * `days` (from now), with optional subjectAltName entries ("URI:spiffe://example.org").
 */
export function makeRoot(subject: string, days = 365, san: string[] = []): TestCert {
  return inTempDir((f) => {
    openssl([
      "req",
      "-x509",
      ...newKey(f("key.pem"), subject),
      "-out",
      f("cert.pem"),
      "-days",
      String(days),
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      ...(san.length ? ["-addext", `subjectAltName=${san.join(",")}`] : []),
    ]);
    return { certPem: read(f("cert.pem")), keyPem: read(f("key.pem")) };
  });
}

/** A leaf certificate for `host` (DNS and IP SANs) signed by `ca`, for an https test server. */
export function makeServerCert(ca: TestCert, host: string): TestCert {
  return inTempDir((f) => {
    writeFileSync(f("ca.pem"), ca.certPem);
    writeFileSync(f("ca.key"), ca.keyPem);
    writeFileSync(f("ext.cnf"), `subjectAltName=DNS:localhost,IP:${host}\n`);
    openssl(["req", ...newKey(f("key.pem"), "/CN=localhost"), "-out", f("req.csr")]);
    openssl([
      "x509",
      "-req",
      "-in",
      f("req.csr"),
      "-CA",
      f("ca.pem"),
      "-CAkey",
      f("ca.key"),
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      f("ext.cnf"),
      "-out",
      f("cert.pem"),
    ]);
    return { certPem: read(f("cert.pem")), keyPem: read(f("key.pem")) };
  });
}
