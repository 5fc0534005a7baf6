import "server-only";
import { globalHostnameSettingSchema } from "@/lib/model/intent";
import { hostSuffix, type GlobalHostStyle } from "@/lib/domain/global-name";
import { env } from "@/lib/infra/env";
import { pool, type Json, type Tx } from "@/lib/store/transaction";

// Settings are rows of key → JSON value, written by admins.

const HOSTNAME_KEY = "globalHostnameSuffix";

/** A setting's stored value, or undefined when never set. */
export async function readSetting(key: string, tx: Tx = pool()): Promise<unknown> {
  const row = await tx.setting.findUnique({ where: { key } });
  return row?.value;
}

/** Set a setting, remembering who set it. */
export async function writeSetting(tx: Tx, key: string, value: Json, by: string): Promise<void> {
  await tx.setting.upsert({
    where: { key },
    create: { key, value, updatedBy: by },
    update: { value, updatedBy: by },
  });
}

/** The hostname suffix in force: the admin's setting, else MERIDIAN_GLOBAL_HOST_STYLE. */
export async function readGlobalHostStyle(tx: Tx = pool()): Promise<GlobalHostStyle> {
  const parsed = globalHostnameSettingSchema.safeParse({
    suffix: await readSetting(HOSTNAME_KEY, tx),
  });
  return parsed.success ? parsed.data.suffix : env().MERIDIAN_GLOBAL_HOST_STYLE;
}

/** Store the hostname suffix. */
export async function writeGlobalHostStyle(tx: Tx, style: GlobalHostStyle, by: string) {
  await writeSetting(tx, HOSTNAME_KEY, style, by);
}

/** The setting key of the hostname suffix, for the audit trail. */
export const GLOBAL_HOSTNAME_KEY = HOSTNAME_KEY;

/**
 * Rename every global service's host to the suffix's form, bumping versions (open editors then
 * get a 409). One statement for the whole fleet; the two forms never collide (labels have no
 * dots).
 */
export async function renameGlobalHosts(tx: Tx, style: GlobalHostStyle): Promise<void> {
  const suffix = hostSuffix(style);
  await tx.$executeRaw`UPDATE "GlobalService"
    SET hostname = name || '.' || namespace || ${suffix}, version = version + 1,
      "updatedAt" = now()
    WHERE hostname <> name || '.' || namespace || ${suffix}`;
}
