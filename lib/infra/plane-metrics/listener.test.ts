import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startProcessMetricsListener } from "./listener";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function listen() {
  const server = await startProcessMetricsListener(0, "127.0.0.1");
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the process-metrics listener", () => {
  it("serves the process's metrics in the Prometheus text format", async () => {
    const res = await fetch(`${await listen()}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toMatch(/^# HELP meridian_process_cpu_seconds_total /m);
    expect(body).toMatch(/^meridian_nodejs_heap_size_used_bytes \d+/m);
    expect(body).toMatch(/^meridian_nodejs_eventloop_lag_seconds [0-9.e-]+$/m);
  });

  it("answers 404 for anything else", async () => {
    const base = await listen();
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/api/v1/clusters`)).status).toBe(404);
  });
});
