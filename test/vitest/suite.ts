// What every vitest config of the project shares: the repository root (configs live in
// test/vitest/, globs and setup files are named from the root), the `@/` alias and
// `server-only` made importable outside Next.js. Each suite adds only its own `test` block.
import path from "node:path";
import { defineConfig, type ViteUserConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

export function suiteConfig(test: NonNullable<ViteUserConfig["test"]>) {
  return defineConfig({
    root,
    resolve: {
      alias: [
        { find: /^@\//, replacement: `${root}/` },
        {
          find: /^server-only$/,
          replacement: path.join(root, "node_modules/server-only/empty.js"),
        },
      ],
    },
    test,
  });
}
