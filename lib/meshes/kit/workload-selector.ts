import type { InventoryService } from "./fleet-input";

/** The pods a Service selects: its selector, else its `app` label (Istio's convention). */
export function workloadSelector(s: InventoryService): Record<string, string> | undefined {
  if (s.selector && Object.keys(s.selector).length) return s.selector;
  const app = s.labels["app"];
  return app ? { app } : undefined;
}
