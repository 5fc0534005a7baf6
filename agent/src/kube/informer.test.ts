// Informer paths the real API server cannot be made to produce on demand (kube-apiserver
// 1.37 sends 410 in-stream; see tests/kube/agent-informer.test.ts for that): a watch
// refused with HTTP 410, a stream the server ends, and a 500. They run against a FAKE API
// server (node:http), which is what this file's test names say.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { KubeConfig } from "@kubernetes/client-node";
import { afterEach, describe, expect, it } from "vitest";

import { Informer } from "./informer";

type Thing = { metadata: { name: string; resourceVersion: string } };
const thing = (name: string, rv: string): Thing => ({ metadata: { name, resourceVersion: rv } });

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function fakeApiServer(
  handle: (n: number, rv: string, req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ kc: KubeConfig; watchRvs: string[] }> {
  const watchRvs: string[] = [];
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const rv = url.searchParams.get("resourceVersion") ?? "";
    watchRvs.push(rv);
    handle(watchRvs.length, rv, req, res);
  });
  return new Promise((resolve) =>
    server?.listen(0, "127.0.0.1", () => {
      const { port } = server?.address() as AddressInfo;
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [{ name: "fake", server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
        users: [{ name: "u", token: "t" }],
        contexts: [{ name: "c", cluster: "fake", user: "u" }],
        currentContext: "c",
      });
      resolve({ kc, watchRvs });
    }),
  );
}

describe("Informer against a fake API server", () => {
  it("(fake API server) resumes after a stream ends, relists on HTTP 410, backs off on 500", async () => {
    const open: ServerResponse[] = [];
    const { kc, watchRvs } = await fakeApiServer((n, _rv, _req, res) => {
      if (n === 1) {
        // A watch the server ends after one event (timeoutSeconds elapsed).
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ type: "ADDED", object: thing("b", "11") }) + "\n");
      } else if (n === 2) {
        res.writeHead(410, { "content-type": "application/json" });
        res.end(JSON.stringify({ kind: "Status", code: 410, reason: "Expired" }));
      } else if (n === 3) {
        res.writeHead(500);
        res.end("boom");
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(JSON.stringify({ type: "MODIFIED", object: thing("c", "21") }) + "\n");
        open.push(res);
      }
    });
    const lists = [
      { metadata: { resourceVersion: "10" }, items: [thing("a", "9")] },
      { metadata: { resourceVersion: "20" }, items: [thing("c", "19")] },
    ];
    let listCalls = 0;
    const informer = new Informer<Thing, string>(
      kc,
      {
        name: "things",
        path: "/api/v1/things",
        list: async () => lists[Math.min(listCalls++, 1)] ?? { items: [] },
        trim: (t) => `${t.metadata.name}@${t.metadata.resourceVersion}`,
      },
      { backoffBaseMs: 20, backoffCapMs: 50 },
    );
    await informer.start();
    expect([...informer.items().values()]).toEqual(["a@9"]);
    await expect.poll(() => [...informer.items().values()], { timeout: 5000 }).toEqual(["c@21"]);
    // Watch from the list's RV; resume from the last event's RV when the stream ended;
    // relist after 410 and watch from the new list's RV; the same RV again after the 500.
    expect(watchRvs).toEqual(["10", "11", "20", "20"]);
    expect(informer.stats).toEqual({ lists: 2, goneRelists: 1, watches: 4, errors: 1 });
    await informer.stop();
    for (const res of open) res.end();
  });
});
