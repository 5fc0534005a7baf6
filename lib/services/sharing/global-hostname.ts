import "server-only";
import type { ChangeSetDto, GlobalHostnameSetting, IntentDto } from "@/lib/model/intent";
import { globalHostname, hostSuffix, type GlobalHostStyle } from "@/lib/domain/global-name";
import { affectedClusters, keyOf, planIntent } from "@/lib/domain/intent-change";
import { currentRemoteImports } from "@/lib/services/federation/imports";
import { announce, recordChangeSet, type ApplyOptions } from "@/lib/services/sharing/change-sets";
import { recordAudit } from "@/lib/store/audit";
import { storedDesired } from "@/lib/store/change-sets";
import { loadIntent, loadInventory } from "@/lib/store/intent";
import {
  GLOBAL_HOSTNAME_KEY,
  readGlobalHostStyle,
  renameGlobalHosts,
  writeGlobalHostStyle,
} from "@/lib/store/settings";
import { readTogether, transaction } from "@/lib/store/transaction";

/**
 * Set the suffix and rename every global service's host to it, in one transaction: hostnames
 * and versions (open editors then get a 409), the new desired generation of every cluster whose
 * resources name the host, a change set (null when no hostname changed) and audit events.
 */
export async function setGlobalHostStyle(
  input: GlobalHostnameSetting,
  options: Omit<ApplyOptions, "rollbackOfId">,
): Promise<{ suffix: GlobalHostStyle; changeSet: ChangeSetDto | null }> {
  const result = await transaction(async (tx) => {
    const previous = await readGlobalHostStyle(tx);
    await writeGlobalHostStyle(tx, input.suffix, options.actor.label);
    await recordAudit(
      tx,
      options.actor,
      "settings.global-hostname",
      "setting",
      GLOBAL_HOSTNAME_KEY,
      {
        from: previous,
        to: input.suffix,
      },
    );
    const [intent, fleet, remoteNow] = await readTogether(
      tx,
      () => loadIntent(tx),
      () => loadInventory(tx),
      () => currentRemoteImports(tx),
    );
    const after: IntentDto[] = intent.map((s) => ({
      ...s,
      hostname: globalHostname(s.namespace, s.name, input.suffix),
    }));
    const renamed = after.filter((s, i) => s.hostname !== intent[i]!.hostname);
    if (!renamed.length) return null;
    await renameGlobalHosts(tx, input.suffix);
    const changed = new Set(renamed.map(keyOf));
    const current = await storedDesired(tx, affectedClusters(intent, after, changed));
    const compiled = planIntent(intent, after, changed, fleet, current, {
      before: remoteNow,
      after: remoteNow,
    });
    return recordChangeSet(
      tx,
      {
        compiled,
        title: `Global hostnames: *${hostSuffix(input.suffix)}`,
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
