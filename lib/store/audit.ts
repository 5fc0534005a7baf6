import "server-only";
import type { Prisma } from "@/lib/store/generated/client";
import type { Principal } from "@/lib/auth/principal";

/** Who did something, for the audit trail. */
export type Actor =
  | { type: "user" | "token"; id: string; label: string }
  | { type: "agent"; id: string; label: string }
  | { type: "system"; label: string };

/** The audit actor for an API caller. */
export function actorOf(p: Principal): Actor {
  return { type: p.kind === "token" ? "token" : "user", id: p.tokenId ?? p.userId, label: p.email };
}

/** Append an audit event inside the caller's transaction. Never store secrets in `data`. */
export async function recordAudit(
  tx: Prisma.TransactionClient,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  data: Prisma.InputJsonValue = {},
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
