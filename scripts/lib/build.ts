import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "proxy.ts",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newestMtime(path.join(p, f))), st.mtimeMs);
}

/** The Next.js build directory (next.config.ts reads the same variable). */
export function nextDistDir(): string {
  return process.env.MERIDIAN_NEXT_DIST_DIR ?? ".next";
}

/** True when there is no production build or a source file is newer than it. */
export function buildIsStale(root: string): boolean {
  const buildId = path.join(root, nextDistDir(), "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
