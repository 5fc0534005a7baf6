// Prisma CLI configuration: the JS schema engine over @prisma/adapter-pg, fully offline.
// Two adapter gaps are bridged here (see ../shared/ENVIRONMENT.md, "Prisma offline"):
// catalog columns of type "char" (oid 18) are read as text, and `migrate dev` gets a real,
// uniquely named shadow database that is dropped again afterwards.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

process.env.CHECKPOINT_DISABLE ??= "1";
// Without DATABASE_URL the CLI falls back to the native engine and tries to download it.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/meridian";
const connectionString = process.env.DATABASE_URL;

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function charAsText<T>(result: T): T {
  for (const field of (result as QueryResultLike).fields ?? []) {
    if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return result;
}

class CharAsTextClient extends pg.Client {
  // pg-pool calls query(config, values, callback); direct callers get a promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (err: unknown, res: unknown) => void;
      args[last] = (err: unknown, res: unknown) => callback(err, err ? res : charAsText(res));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    return out && typeof out.then === "function" ? out.then(charAsText) : out;
  }
}

function adapterFor(url: string) {
  return new PrismaPg({
    connectionString: url,
    allowExitOnIdle: true,
    idleTimeoutMillis: 200,
    Client: CharAsTextClient,
  });
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => {
    const factory = adapterFor(connectionString);
    // The adapter would use the main database as "shadow": create a throwaway one instead.
    factory.connectToShadowDb = async () => {
      const shadowName = `meridian_shadow_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${shadowName}"`);
      await admin.end();
      const shadowUrl = new URL(connectionString);
      shadowUrl.pathname = `/${shadowName}`;
      const shadow = await adapterFor(shadowUrl.toString()).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        const cleanup = new pg.Client({ connectionString });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${shadowName}" WITH (FORCE)`);
        await cleanup.end();
      };
      return shadow;
    };
    return factory;
  },
});
