// Static mode: a VM group or bare-metal host set (a "site") has no Kubernetes API. The agent
// reads the site file instead of informers, re-reads it when it changes, and reports the same
// snapshots as a cluster agent. It holds no Kubernetes credentials and writes nothing: a site's
// mesh objects (Istio WorkloadEntry, Linkerd ExternalWorkload) are applied by its host cluster's
// agent.
import { readFile } from "node:fs/promises";
import { watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { sameJson } from "../../../lib/agent-protocol/canonical-json";
import type { DesiredResource, ResourceResult } from "../../../lib/agent-protocol/messages";
import { parseSiteFile } from "../../../lib/agent-protocol/site-file";
import type { ClusterSnapshot } from "../../../lib/agent-protocol/snapshot";
import type { InventorySource, ResourceWriter } from "../cluster-interfaces";
import type { AgentLog } from "../log";

/** Changes closer together than this are read once (editors write a file in several steps). */
const SETTLE_MS = 50;

export class StaticSite implements InventorySource, ResourceWriter {
  private snapshot: ClusterSnapshot | undefined;
  private readonly listeners: (() => void)[] = [];
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> = Promise.resolve();
  /** The last problem with the file (cleared by a good read); for health and tests. */
  lastError: string | undefined;

  constructor(
    private readonly file: string,
    private readonly log: AgentLog,
  ) {}

  /** Read the file (a bad first file fails the start: there is no last good state to keep). */
  async start(): Promise<void> {
    this.snapshot = parseSiteFile(await readFile(this.file, "utf8"), this.file);
    // Watch the directory, not the file: editors and config management replace a file by
    // renaming a new one over it, which ends a watch on the old inode.
    this.watcher = watch(path.dirname(this.file), (_event, name) => {
      if (name && name.toString() !== path.basename(this.file)) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.reread(), SETTLE_MS);
    });
    this.log.info("site file read", { file: this.file, services: this.snapshot.services.length });
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.watcher?.close();
    await this.reading;
  }

  current(): ClusterSnapshot {
    if (!this.snapshot) throw new Error("the site file has not been read yet");
    return this.snapshot;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Re-read the file; a malformed one is logged and the last good state kept. */
  reread(): Promise<void> {
    this.reading = this.reading.then(async () => {
      let next: ClusterSnapshot;
      try {
        next = parseSiteFile(await readFile(this.file, "utf8"), this.file);
      } catch (error) {
        const message = (error as Error).message;
        if (message !== this.lastError)
          this.log.error("site file rejected; still reporting its last good state", {
            error: message,
          });
        this.lastError = message;
        return;
      }
      if (this.lastError) this.log.info("site file valid again", { file: this.file });
      this.lastError = undefined;
      if (this.snapshot && sameJson(this.snapshot, next)) return;
      this.snapshot = next;
      for (const l of this.listeners) l();
    });
    return this.reading;
  }

  /**
   * A site has no Kubernetes API to apply to: Meridian compiles its mesh objects into its host
   * cluster. Anything desired here is reported as an error rather than silently dropped.
   */
  async apply(desired: DesiredResource[]): Promise<ResourceResult[]> {
    return desired.map((r) => ({
      apiVersion: r.apiVersion,
      kind: r.kind,
      namespace: r.metadata.namespace ?? "",
      name: r.metadata.name,
      result: "error",
      message: "a site has no Kubernetes API: its mesh objects are applied in its host cluster",
    }));
  }
}
