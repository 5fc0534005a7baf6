// The SPIFFE bundle endpoint judged by a real consumer: go-spiffe v2's federation.FetchBundle
// (test/spiffe/bin/spiffe-bundle, what a SPIRE server's federation calls) fetches Meridian's
// GET /api/v1/trust/bundles/{trust-domain} over https_web — TLS from a CA made for the test
// with openssl — and parses it with spiffebundle. It must accept today's bundle, see a
// rotation as a new sequence, and refuse a malformed bundle.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as bundle from "@/app/api/v1/trust/bundles/[trustDomain]/route";
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { makeRoot, makeServerCert } from "../helpers/test-certs";
import { resetDatabase } from "../helpers/db";
import { demoRoots, reportRoots } from "../helpers/trust";

const BIN = path.resolve(import.meta.dirname, "../../test/spiffe/bin/spiffe-bundle");
const TD = "cluster.local";

type Fetched = {
  trustDomain: string;
  sequenceNumber: number | null;
  refreshHintSeconds: number | null;
  x509Authorities: { sha256: string; subject: string }[];
};

let server: Server;
let base: string;
let caFile: string;

/** Serves the route handler over https; /malformed/ serves its bundle with a broken x5c. */
async function serve(req: {
  url?: string;
}): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(req.url ?? "/", base);
  const malformed = url.pathname.startsWith("/malformed/");
  const trustDomain = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const res = await bundle.GET(
    new NextRequest(new URL(`/api/v1/trust/bundles/${trustDomain}`, base)),
    {
      params: Promise.resolve({ trustDomain }),
    },
  );
  let body = await res.text();
  if (malformed && res.ok) {
    const doc = JSON.parse(body) as { keys: { x5c: string[] }[] };
    // A certificate cut short: still base64, no longer DER.
    doc.keys[0]!.x5c = [doc.keys[0]!.x5c[0]!.slice(0, 40)];
    body = JSON.stringify(doc);
  }
  return { status: res.status, body, type: res.headers.get("content-type") ?? "application/json" };
}

function consume(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      BIN,
      ["--trust-domain", TD, "--url", url, "--ca-file", caFile],
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function fetched(url = `${base}/api/v1/trust/bundles/${TD}`): Promise<Fetched> {
  const out = await consume(url);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as Fetched;
}

describe("go-spiffe reads Meridian's SPIFFE bundle over https_web", () => {
  beforeAll(async () => {
    expect(existsSync(BIN), `${BIN} missing: run bash test/spiffe/build.sh`).toBe(true);
    await resetDatabase();
    await seedDemoFleet();
    const ca = makeRoot("/CN=meridian-test-web-ca", 2);
    const leaf = makeServerCert(ca, "127.0.0.1");
    const dir = mkdtempSync(path.join(tmpdir(), "meridian-spiffe-"));
    caFile = path.join(dir, "ca.pem");
    writeFileSync(caFile, ca.certPem);
    server = createServer({ key: leaf.keyPem, cert: leaf.certPem }, (req, res) => {
      serve(req).then(
        (r) => res.writeHead(r.status, { "content-type": r.type }).end(r.body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  it("accepts today's bundle: both roots of the rotation window, a sequence and a refresh hint", async () => {
    const out = await fetched();
    const expected = [
      ...new Set([...demoRoots("east-1"), ...demoRoots("east-2")].map((r) => r.fingerprint)),
    ];
    expect(out.trustDomain).toBe(TD);
    expect(out.x509Authorities.map((a) => a.sha256).sort()).toEqual(expected.sort());
    expect(out.sequenceNumber).toBeGreaterThanOrEqual(1);
    expect(out.refreshHintSeconds).toBe(300);
  });

  it("sees a rotation as a new sequence with the new root only", async () => {
    const before = (await fetched()).sequenceNumber!;
    const [, next] = demoRoots("east-2");
    await reportRoots("east-1", [next!]);
    await reportRoots("east-2", [next!]);
    const after = await fetched();
    expect(after.sequenceNumber).toBe(before + 1);
    expect(after.x509Authorities.map((a) => a.sha256)).toEqual([next!.fingerprint]);
    // Nothing changed since: the same sequence again.
    expect((await fetched()).sequenceNumber).toBe(before + 1);
  });

  it("refuses a malformed bundle, and an unknown trust domain", async () => {
    const bad = await consume(`${base}/malformed/${TD}`);
    // Shown once in the suite's output (issue 21's acceptance asks to see it).
    console.log(`spiffe-bundle on a malformed bundle: exit ${bad.code}: ${bad.stderr.trim()}`);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/x509|certificate|parse/i);
    const unknown = await consume(`${base}/api/v1/trust/bundles/nowhere.example`);
    // Meridian answers 404 with an error body; go-spiffe reads it as a bundle without keys.
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/404|no authorities found/);
  });
});
