// Certificates for the federation suite, made with the real openssl: one CA per organisation
// and a leaf for its Meridian (server and client, for localhost and 127.0.0.1).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Organisation = { caPem: string; certPem: string; keyPem: string };

const EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

/**
 * A CA named `name` and a certificate it issued to this organisation's Meridian, valid for
 * `leafDays` days (0: it expires the second it is made).
 */
export function organisation(name: string, leafDays = 2): Organisation {
  const dir = mkdtempSync(path.join(tmpdir(), `meridian-hamlet-${name}-`));
  const f = (n: string) => path.join(dir, n);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    ...EC,
    "-keyout",
    f("ca.key"),
    "-out",
    f("ca.pem"),
    "-days",
    "2",
    "-subj",
    `/O=${name}/CN=${name} federation CA`,
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  openssl(
    "req",
    ...EC,
    "-keyout",
    f("leaf.key"),
    "-out",
    f("leaf.csr"),
    "-subj",
    `/O=${name}/CN=meridian`,
  );
  writeFileSync(
    f("leaf.ext"),
    "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n",
  );
  openssl(
    "x509",
    "-req",
    "-in",
    f("leaf.csr"),
    "-CA",
    f("ca.pem"),
    "-CAkey",
    f("ca.key"),
    "-CAcreateserial",
    "-out",
    f("leaf.pem"),
    "-days",
    String(leafDays),
    "-extfile",
    f("leaf.ext"),
  );
  const read = (n: string) => readFileSync(f(n), "utf8");
  return { caPem: read("ca.pem"), certPem: read("leaf.pem"), keyPem: read("leaf.key") };
}
