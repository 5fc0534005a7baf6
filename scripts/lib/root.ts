import path from "node:path";

/**
 * The root of a checkout (this file is scripts/lib/root.ts) or of the runtime tree, where
 * these scripts are bundled into scripts/dist/*.mjs: both two levels above this module's
 * folder. lib/agent-protocol/fleet-file.ts finds fleets/ the same way, so the bundles must
 * stay two levels deep.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");
