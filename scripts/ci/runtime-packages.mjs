// The runtime tree's node_modules against the full tree's, by package-lock.json: prints both
// listings' sizes and the diff, and fails when the runtime holds a package the lock marks as
// dev-only ("dev": true: needed only by devDependencies) or one it does not know.
//   node scripts/ci/runtime-packages.mjs REPO RUNTIME_TREE
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [repo, tree] = process.argv.slice(2);
if (!repo || !tree) {
  console.error("usage: runtime-packages.mjs REPO RUNTIME_TREE");
  process.exit(2);
}
const lock = JSON.parse(readFileSync(path.join(repo, "package-lock.json"), "utf8")).packages;

/** Every installed package under `root`'s node_modules, as lock keys (node_modules/a/node_modules/b). */
function installed(root, prefix = "node_modules") {
  const dir = path.join(root, prefix);
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const names = entry.name.startsWith("@")
      ? readdirSync(path.join(dir, entry.name)).map((n) => `${entry.name}/${n}`)
      : [entry.name];
    for (const name of names) {
      const key = `${prefix}/${name}`;
      if (!existsSync(path.join(root, key, "package.json"))) continue;
      out.push(key, ...installed(root, `${key}/node_modules`));
    }
  }
  return out;
}

const full = installed(repo);
const runtime = installed(tree);
const fullSet = new Set(full);
const unknown = runtime.filter((k) => !lock[k] || !fullSet.has(k));
const dev = runtime.filter((k) => lock[k]?.dev);
const dropped = full.filter((k) => !runtime.includes(k));
const devDropped = dropped.filter((k) => lock[k]?.dev).length;
const name = (k) => k.replace(/^.*node_modules\//, "");

console.log(
  `full tree: ${full.length} packages (${full.filter((k) => lock[k]?.dev).length} dev-only)`,
);
console.log(`runtime tree: ${runtime.length} packages: ${runtime.map(name).join(" ")}`);
console.log(
  `only in the full tree: ${dropped.length} packages (${devDropped} dev-only, ` +
    `${dropped.length - devDropped} production ones Next's trace found unused), e.g. ` +
    ["tsx", "typescript", "prisma", "esbuild", "vitest", "eslint", "@playwright/test"]
      .filter((n) => dropped.includes(`node_modules/${n}`))
      .join(" "),
);
if (unknown.length) console.error(`not in package-lock.json: ${unknown.join(" ")}`);
if (dev.length) console.error(`dev-only packages in the runtime tree: ${dev.map(name).join(" ")}`);
process.exit(unknown.length || dev.length ? 1 : 0);
