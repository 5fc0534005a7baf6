import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createServer } from "node:net";

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Run a command to completion; rejects with its output when it fails. */
export function run(
  cmd: string,
  args: string[],
  opts: SpawnOptions & { quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr?.on("data", (d: Buffer) => {
      out += d.toString();
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${out.slice(-4000)}`)),
    );
  });
}

/** Stop a child process: SIGTERM, then SIGKILL after a grace period. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Wait until `check` resolves true, polling every `intervalMs`; returns the milliseconds it
 * took. Throws after `timeoutMs`. A check that throws counts as "not yet".
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return performance.now() - started;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
