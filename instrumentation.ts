// Next.js start-up hook: in demo mode, keep the simulated clusters' "last seen" fresh,
// standing in for their agents' reports (the cluster agent replaces this).
const DEMO_HEARTBEAT_MS = 20_000;

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.MERIDIAN_DEMO !== "1") return;
  const { heartbeatSimulatedClusters } = await import("@/lib/db/demo-seed");
  const beat = () =>
    heartbeatSimulatedClusters().catch((e: unknown) => console.error("demo heartbeat failed", e));
  await beat();
  setInterval(beat, DEMO_HEARTBEAT_MS).unref();
}
