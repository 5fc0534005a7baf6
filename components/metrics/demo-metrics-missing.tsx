import { DEMO_METRICS_COMMAND } from "@/lib/model/metrics";

/**
 * The one sentence the topology and global-service pages show when the demo runs without
 * Prometheus: what is missing and the exact command that brings it.
 */
export function DemoMetricsMissing() {
  return (
    <span data-testid="demo-metrics-missing">
      This demo has no metrics because Prometheus is not installed: stop it and run{" "}
      <code className="bg-surface-2 border-border rounded border px-1 py-0.5 font-mono text-[12px] [overflow-wrap:anywhere]">
        {DEMO_METRICS_COMMAND}
      </code>
      .
    </span>
  );
}
