// Certificates made for a test by the real openssl CLI (node:crypto reads certificates but
// cannot issue them): self-signed EC P-256 roots with a chosen subject, lifetime and SANs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A certificate and its key, PEM. */
export interface TestCert {
  certPem: string;
  keyPem: string;
}

/**
 * A self-signed CA certificate: `subject` in openssl's form ("/O=cluster.local"), valid for
 * `days` (from now), with optional subjectAltName entries ("URI:spiffe://example.org").
 */
export function makeRoot(subject: string, days = 365, san: string[] = []): TestCert {
  const dir = mkdtempSync(join(tmpdir(), "meridian-cert-"));
  try {
    const key = join(dir, "key.pem");
    const cert = join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-subj",
        subject,
        "-days",
        String(days),
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        ...(san.length ? ["-addext", `subjectAltName=${san.join(",")}`] : []),
      ],
      { stdio: "pipe" },
    );
    return { certPem: readFileSync(cert, "utf8"), keyPem: readFileSync(key, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A leaf certificate for `host` (DNS and IP SANs) signed by `ca`, for an https test server. */
export function makeServerCert(ca: TestCert, host: string): TestCert {
  const dir = mkdtempSync(join(tmpdir(), "meridian-cert-"));
  try {
    const f = (n: string) => join(dir, n);
    writeAll(dir, {
      "ca.pem": ca.certPem,
      "ca.key": ca.keyPem,
      "ext.cnf": `subjectAltName=DNS:localhost,IP:${host}\n`,
    });
    execFileSync(
      "openssl",
      [
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        f("key.pem"),
        "-out",
        f("req.csr"),
        "-subj",
        "/CN=localhost",
      ],
      { stdio: "pipe" },
    );
    execFileSync(
      "openssl",
      [
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
      ],
      { stdio: "pipe" },
    );
    return {
      certPem: readFileSync(f("cert.pem"), "utf8"),
      keyPem: readFileSync(f("key.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeAll(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}
