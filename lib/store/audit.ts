import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { Json, Tx } from "@/lib/store/transaction";

/** Append an audit event inside the caller's transaction. Never store secrets in `data`. */
export async function recordAudit(
  tx: Tx,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  data: Json = {},
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorType: actor.type,
      actorId: "id" in actor ? actor.id : null,
      actorLabel: actor.label,
      action,
      targetType,
      targetId,
      data,
    },
  });
}
