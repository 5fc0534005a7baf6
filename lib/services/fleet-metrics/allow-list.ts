import "server-only";

import { allowListSchema } from "@/lib/model/metrics";
import { recordAudit } from "@/lib/store/audit";
import { type Actor } from "@/lib/model/actor";
import { readSetting, writeSetting } from "@/lib/store/settings";
import { transaction } from "@/lib/store/transaction";

// The private networks an admin lets metrics sources reach.

/** The Setting key holding the admin allow-list of private networks for sources. */
export const ALLOW_LIST_KEY = "metricsAllowedNetworks";

/** The admin allow-list (CIDRs, addresses, hostnames) that lets sources use private ranges. */
export async function getAllowList(): Promise<string[]> {
  const parsed = allowListSchema.safeParse({ entries: (await readSetting(ALLOW_LIST_KEY)) ?? [] });
  return parsed.success ? parsed.data.entries : [];
}

/** Replaces the allow-list; sources already saved are checked again at request time. */
export async function setAllowList(entries: string[], actor: Actor): Promise<string[]> {
  const unique = [...new Set(entries)];
  await transaction(async (tx) => {
    await writeSetting(tx, ALLOW_LIST_KEY, unique, actor.label);
    await recordAudit(tx, actor, "settings.metrics-allow-list", "setting", ALLOW_LIST_KEY, {
      entries: unique,
    });
  });
  return unique;
}
