import "server-only";
import { log } from "@/lib/infra/log";

// What the federation use cases tell the running Hamlet server and peer connections
// (lib/services/federation/start.ts wires them up at startup): a registry of listeners, so the
// use cases stay free of gRPC and the tests can run two Meridians side by side.

export type FederationListener = {
  /** A peer was registered, changed or removed. */
  peersChanged?: () => void | Promise<void>;
  /** What is published to peers may have changed. */
  publicationChanged?: () => void | Promise<void>;
};

const g = globalThis as { meridianFederationListeners?: Set<FederationListener> };
const listeners = () => (g.meridianFederationListeners ??= new Set());

/** Listen to federation changes; returns the function that stops listening. */
export function onFederationChange(listener: FederationListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tell every listener; a failing listener is logged, never fails the use case. */
export async function federationChanged(what: keyof FederationListener): Promise<void> {
  const results = await Promise.allSettled([...listeners()].map(async (l) => l[what]?.()));
  for (const r of results)
    if (r.status === "rejected")
      log.warn("hamlet: federation listener failed", { what, error: String(r.reason) });
}
