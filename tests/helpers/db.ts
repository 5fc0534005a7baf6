import { db } from "@/lib/store/client";

/** Empty every table (keeps the migrations table) so each test file starts clean. */
export async function resetDatabase(): Promise<void> {
  const tables = await db().$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length === 0) return;
  const list = tables.map((t) => `"public"."${t.tablename}"`).join(", ");
  await db().$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
}
