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

/** The filters of an audit listing, as the store applies them. */
export type AuditFilter = {
  actor?: string;
  action?: string;
  targetType?: string;
  actorType?: string;
  from?: Date;
  to?: Date;
  /** Only events older than this id (the paging cursor). */
  beforeId?: bigint;
};

/** Audit events matching `filter`, newest first, at most `take`. */
export async function listAuditEvents(
  tx: Tx,
  filter: AuditFilter,
  take: number,
): Promise<
  {
    id: bigint;
    at: Date;
    actorType: string;
    actorId: string | null;
    actorLabel: string;
    action: string;
    targetType: string;
    targetId: string;
    data: unknown;
  }[]
> {
  return tx.auditEvent.findMany({
    where: {
      ...(filter.actor ? { actorLabel: { contains: filter.actor, mode: "insensitive" } } : {}),
      ...(filter.action
        ? filter.action.includes(".")
          ? { action: filter.action }
          : { action: { startsWith: `${filter.action}.` } }
        : {}),
      ...(filter.targetType ? { targetType: filter.targetType } : {}),
      ...(filter.actorType ? { actorType: filter.actorType } : {}),
      ...(filter.from || filter.to
        ? {
            at: {
              ...(filter.from ? { gte: filter.from } : {}),
              ...(filter.to ? { lt: filter.to } : {}),
            },
          }
        : {}),
      ...(filter.beforeId !== undefined ? { id: { lt: filter.beforeId } } : {}),
    },
    orderBy: { id: "desc" },
    take,
  });
}
