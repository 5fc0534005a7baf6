/** Test-side helpers: typed clients for an injected harness cluster, and API errors. */
import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  DiscoveryV1Api,
  KubernetesObjectApi,
  type KubeConfig,
} from "@kubernetes/client-node";
import { inject } from "vitest";

import { kubeConfigFor, type KubeClusterInfo } from "./harness";

/** Clients for one cluster. */
export interface ClusterClients {
  info: KubeClusterInfo;
  kc: KubeConfig;
  core: CoreV1Api;
  discovery: DiscoveryV1Api;
  custom: CustomObjectsApi;
  objects: KubernetesObjectApi;
}

/** The clusters started by the global setup. */
export function harnessClusters(): KubeClusterInfo[] {
  const clusters = inject("kubeClusters");
  if (!clusters?.length)
    throw new Error("kube harness: no clusters provided; run with -c test/vitest/kube.config.ts");
  return clusters;
}

/** Clients for the cluster called `name` (default: the first one). */
export function clientsFor(name?: string): ClusterClients {
  const all = harnessClusters();
  const info = name ? all.find((c) => c.name === name) : all[0];
  if (!info) throw new Error(`kube harness: no cluster named ${String(name)}`);
  const kc = kubeConfigFor(info);
  return {
    info,
    kc,
    core: kc.makeApiClient(CoreV1Api),
    discovery: kc.makeApiClient(DiscoveryV1Api),
    custom: kc.makeApiClient(CustomObjectsApi),
    objects: KubernetesObjectApi.makeApiClient(kc),
  };
}

/** Runs `fn` and returns the HTTP status of the ApiException it throws (fails if it resolves). */
export async function statusOf(
  fn: () => Promise<unknown>,
): Promise<{ code: number; body: string }> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof ApiException) {
      return {
        code: err.code,
        body: typeof err.body === "string" ? err.body : JSON.stringify(err.body),
      };
    }
    throw err;
  }
  throw new Error("expected the call to fail with an API error, but it succeeded");
}

/** A name unique within this test run, for objects a test creates. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}
