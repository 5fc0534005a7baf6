// The independent Go peer (test/hamlet-peer, built by its build.sh) run from the federation
// suite: a child process that speaks JSON lines, events on stdout and commands on stdin.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Organisation } from "./certs";

const BINARY = path.join(process.cwd(), "test", "hamlet-peer", "bin", "hamlet-peer");
const PROTOS = path.join(process.cwd(), "proto", "hamlet");

export type GoEvent = { event: string } & Record<string, unknown>;

export type GoPeer = {
  /** Every event so far, in order. */
  events: GoEvent[];
  /** Wait for the first event (from index `from`) that `match` accepts. */
  next(match: (e: GoEvent) => boolean, from?: number, ms?: number): Promise<GoEvent>;
  send(command: Record<string, unknown>): void;
  stop(): Promise<void>;
};

/** Start the Go peer as `org` (its certificate), trusting `otherCaPem`; args: -connect or -listen. */
export function startGoPeer(org: Organisation, otherCaPem: string, args: string[]): GoPeer {
  if (!existsSync(BINARY))
    throw new Error(
      `${BINARY} is missing: build it with bash test/hamlet-peer/build.sh (npm run test:federation does)`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), "meridian-go-peer-"));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const child: ChildProcessWithoutNullStreams = spawn(
    BINARY,
    [
      "-protos",
      PROTOS,
      "-cert",
      file("cert.pem", org.certPem),
      "-key",
      file("key.pem", org.keyPem),
      "-ca",
      file("ca.pem", otherCaPem),
      ...args,
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const events: GoEvent[] = [];
  const waiters = new Set<() => void>();
  // MERIDIAN_HAMLET_PEER_LOG=file keeps every event line (the messages exchanged), for reading.
  const log = process.env.MERIDIAN_HAMLET_PEER_LOG;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (log) appendFileSync(log, `${args.join(" ")} ${line.slice(0, 600)}\n`);
    try {
      events.push(JSON.parse(line) as GoEvent);
    } catch {
      events.push({ event: "unparsed", line });
    }
    for (const w of waiters) w();
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return {
    events,
    next(match, from = 0, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find(match);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `the Go peer sent no matching event in ${ms} ms; events: ${JSON.stringify(events.slice(-8))} ${stderr}`,
            ),
          );
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    send(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin.end();
        setTimeout(() => child.kill("SIGTERM"), 2000).unref();
      }),
  };
}

/** The example FederatedService of the Hamlet spec (spec/service-discovery.md, "CREATE"). */
export const SPEC_EXAMPLE = {
  name: "example-service",
  fqdn: "db.mysql.com",
  sans: ["URI:spiffe://db1.mysql.com"],
  instances: [
    {
      id: "example-service-dbinstance1",
      protocol: "https",
      metadata: { SNI: "outbound_.8080_.v1_.db.mysql.com" },
      endpoint_selector: ["dbendpoint1"],
      description: "This is the database endpoint.",
    },
  ],
  endpoints: [
    {
      address: "84.15.190.249",
      port: 443,
      labels: ["dbendpoint1"],
      description: "This is the endpoint where the owner platform is exposing the database",
    },
  ],
  description: "This is an example federated database service",
  tags: ["database"],
  labels: { version: "3.6" },
};
