// A real Alertmanager (Debian's prometheus-alertmanager 0.25) for the metrics suite: no
// gossip (--cluster.listen-address=), a catch-all receiver that notifies nobody, on
// 127.0.0.1 in a temp dir; stop() leaves no process or directory behind.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./prometheus-harness";

const BINARIES = ["prometheus-alertmanager", "alertmanager"];

/** The Alertmanager binary; fails (never skips) naming the package when it is missing. */
export function requireAlertmanager(): string {
  for (const bin of BINARIES) {
    const found = spawnSync(bin, ["--version"], { encoding: "utf8" });
    if (!found.error && found.status === 0) return bin;
  }
  throw new Error(
    "prometheus-alertmanager is not on PATH: the alerts suite needs a real Alertmanager — run `apt-get install -y prometheus-alertmanager`",
  );
}

/** A running Alertmanager. */
export interface AlertmanagerServer {
  url: string;
  /** host:port, for Prometheus's alerting config. */
  target: string;
  stop(): Promise<void>;
}

const CONFIG = {
  route: { receiver: "null", group_by: ["alertname", "cluster"], group_wait: "1s" },
  receivers: [{ name: "null" }],
};

/** Starts one Alertmanager and waits until it is ready. */
export async function startAlertmanager(): Promise<AlertmanagerServer> {
  const bin = requireAlertmanager();
  const dir = await mkdtemp(path.join(tmpdir(), "meridian-am-"));
  const config = path.join(dir, "alertmanager.yml");
  await writeFile(config, JSON.stringify(CONFIG));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    bin,
    [
      `--config.file=${config}`,
      `--storage.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--web.external-url=${url}`,
      "--cluster.listen-address=",
      "--log.level=warn",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  child.stderr?.on("data", (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killTimer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killTimer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`alertmanager exited early: ${err.slice(-500)}`);
    }
    try {
      const res = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`alertmanager not ready after 20 s: ${err.slice(-500)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, target: `127.0.0.1:${port}`, stop };
}
