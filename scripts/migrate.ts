// Apply pending database migrations, then create the first admin (MERIDIAN_ADMIN_EMAIL and
// MERIDIAN_ADMIN_PASSWORD, when both are set): the one-off step of a release. The Helm chart
// runs it as its migration Job (deploy/meridian); replicas never migrate on their own.
//   node scripts/dist/migrate.mjs         in the runtime tree or the image
//   node --import tsx scripts/migrate.ts  in a checkout (DATABASE_URL required)
import { bootstrap } from "./lib/bootstrap";
import { applyMigrations } from "./lib/migrate";
import { generatePassword } from "./lib/secrets";

const say = (msg: string) => console.log(`meridian: ${msg}`);

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("set DATABASE_URL to the database to migrate");
  const applied = await applyMigrations(url, { say });
  say(applied.length ? `applied ${applied.length} migration(s)` : "database schema is up to date");
  await bootstrap({ demo: false, generatePassword, say });
}

main().catch((error: unknown) => {
  console.error(`meridian: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
