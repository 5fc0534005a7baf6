import "server-only";
import {
  globalHostnameSettingSchema,
  type ChangeSetDto,
  type GlobalHostnameSetting,
  type IntentDto,
} from "@/lib/model/intent";
import { recordAudit } from "@/lib/store/audit";
import { announce, recordChangeSet, storedDesired, type ApplyOptions } from "@/lib/services/change-sets";
import { db, readTogether, type Tx } from "@/lib/store/client";
import { loadIntent, loadInventory } from "@/lib/store/intent";
import { globalHostname, type GlobalHostStyle } from "@/lib/domain/global-name";
import { affectedClusters, keyOf, planIntent } from "@/lib/domain/intent-change";
import { env } from "@/lib/infra/env";

const KEY = "globalHostnameSuffix";

/** The suffix in force: the admin's setting, else MERIDIAN_GLOBAL_HOST_STYLE. */
export async function readGlobalHostStyle(tx: Tx = db()): Promise<GlobalHostStyle> {
  const row = await tx.setting.findUnique({ where: { key: KEY } });
  const parsed = globalHostnameSettingSchema.safeParse({ suffix: row?.value });
  return parsed.success ? parsed.data.suffix : env().MERIDIAN_GLOBAL_HOST_STYLE;
}

/**
 * Set the suffix and rename every global service's host to it, in one transaction: hostnames
 * and versions (open editors then get a 409), the new desired generation of every cluster whose
 * resources name the host, a change set (null when no hostname changed) and audit events.
 */
export async function setGlobalHostStyle(
  input: GlobalHostnameSetting,
  options: Omit<ApplyOptions, "rollbackOfId">,
): Promise<{ suffix: GlobalHostStyle; changeSet: ChangeSetDto | null }> {
  const result = await db().$transaction(async (tx) => {
    const previous = await readGlobalHostStyle(tx);
    await tx.setting.upsert({
      where: { key: KEY },
      create: { key: KEY, value: input.suffix, updatedBy: options.actor.label },
      update: { value: input.suffix, updatedBy: options.actor.label },
    });
    await recordAudit(tx, options.actor, "settings.global-hostname", "setting", KEY, {
      from: previous,
      to: input.suffix,
    });
    const [intent, fleet] = await readTogether(
      tx,
      () => loadIntent(tx),
      () => loadInventory(tx),
    );
    const after: IntentDto[] = intent.map((s) => ({
      ...s,
      hostname: globalHostname(s.namespace, s.name, input.suffix),
    }));
    const renamed = after.filter((s, i) => s.hostname !== intent[i]!.hostname);
    if (!renamed.length) return null;
    // One statement for the whole fleet; the two forms never collide (labels have no dots).
    const suffix = input.suffix === "clusterset" ? ".svc.clusterset.local" : ".global";
    await tx.$executeRaw`UPDATE "GlobalService"
      SET hostname = name || '.' || namespace || ${suffix}, version = version + 1,
        "updatedAt" = now()
      WHERE hostname <> name || '.' || namespace || ${suffix}`;
    const changed = new Set(renamed.map(keyOf));
    const current = await storedDesired(tx, affectedClusters(intent, after, changed));
    const compiled = planIntent(intent, after, changed, fleet, current);
    return recordChangeSet(
      tx,
      {
        compiled,
        title: `Global hostnames: *${suffix}`,
        intentBefore: { hostnameSuffix: previous },
        // `renamed`: the change set's services (it records no per-service intent).
        intentAfter: { hostnameSuffix: input.suffix, renamed: [...changed] },
        services: [...changed],
        action: "changeset.hostnames",
      },
      options,
    );
  });
  return { suffix: input.suffix, changeSet: result ? announce(result) : null };
}
