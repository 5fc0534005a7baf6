// What the demo's metrics stack is once started, shared by its starter (demo-metrics.ts) and
// the metrics sources it registers (demo-metrics-sources.ts), which import nothing of each other.

/** Prefix of the sources the demo owns (re-pointed at the new ports on every start). */
export const DEMO_SOURCE_PREFIX = "demo-";

/** What is running. */
export interface DemoMetrics {
  global: { url: string };
  clusters: Array<{ name: string; url: string; generatorUrl: string }>;
  stop(): Promise<void>;
}
