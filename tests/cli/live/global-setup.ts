// Global setup of the CLI suite: a real Postgres server is required (the app and this process
// share the database; the embedded one serves a single connection), and the app is built once.
import { ensureBuild } from "../../replicas/build";

export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error(
      "npm run test:cli needs a real Postgres server: set TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:55432/postgres)",
    );
  await ensureBuild("cli");
}
