// Create a migration from prisma/schema.prisma: npm run db:migration -- --name add_x
// Diffs the migrations folder against the schema (prisma migrate diff --from-migrations, which
// needs a real Postgres in DATABASE_URL for its shadow database) and writes the SQL to
// prisma/migrations/<UTC timestamp>_<name>/migration.sql. `prisma migrate dev` cannot run
// here: its shadow database needs an adapter factory the JS engine does not accept yet.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { name: { type: "string" } } });

function fail(message: string): never {
  console.error(`db:migration: ${message}`);
  process.exit(1);
}

const name = values.name ?? fail("give the migration a name: npm run db:migration -- --name add_x");
if (!/^[a-z0-9_]{1,60}$/.test(name)) fail("the name may use a-z, 0-9 and _ (at most 60)");
if (!process.env.DATABASE_URL)
  fail("set DATABASE_URL to a real Postgres (for the shadow database)");

const diff = spawnSync(
  process.execPath,
  [
    require.resolve("prisma/build/index.js"),
    "migrate",
    "diff",
    "--from-migrations",
    "prisma/migrations",
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
  ],
  { cwd: ROOT, encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1" } },
);
if (diff.status !== 0) fail(`prisma migrate diff failed:\n${diff.stderr}`);
const sql = diff.stdout.trim();
if (!sql || /^-- This is an empty migration\.?$/.test(sql)) {
  console.log("db:migration: prisma/schema.prisma matches the migrations; nothing to create");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(ROOT, "prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), `${sql}\n`);
console.log(`db:migration: wrote ${path.relative(ROOT, dir)}/migration.sql`);
