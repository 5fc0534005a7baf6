import { createRequire } from "node:module";
import { run } from "./processes";

const require = createRequire(import.meta.url);

/** Apply every pending Prisma migration to the database at `url`. */
export async function migrateDeploy(url: string, quiet = true): Promise<void> {
  const cli = require.resolve("prisma/build/index.js");
  await run(process.execPath, [cli, "migrate", "deploy"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
    quiet,
  });
}
