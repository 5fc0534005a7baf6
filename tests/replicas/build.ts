// The `next build` the real-server suites serve: made once, reused while no source changed
// since (e.g. the one the e2e suite made in .ci/run).
import path from "node:path";
import { buildIsStale } from "../../scripts/lib/build";
import { run } from "../../scripts/lib/processes";
import { ROOT } from "../../scripts/lib/root";

export async function ensureBuild(suite: string): Promise<void> {
  if (!buildIsStale(ROOT)) return;
  console.log(`${suite}: building the app once (next build)`);
  await run(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    quiet: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}
