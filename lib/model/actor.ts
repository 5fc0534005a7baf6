import type { RoleName } from "@/lib/model/inventory";

/** Who is calling the REST API: a signed-in user or a personal API token (its owner's role). */
export type Principal = {
  kind: "session" | "token";
  userId: string;
  email: string;
  role: RoleName;
  tokenId?: string;
};

/** The cluster an agent credential belongs to; the only cluster it may read or write. */
export type AgentPrincipal = { clusterName: string; credentialId: string };

/** Who did something, for the audit trail. */
export type Actor =
  | { type: "user" | "token"; id: string; label: string }
  | { type: "agent"; id: string; label: string }
  | { type: "system"; label: string };

/** The audit actor for an API caller. */
export function actorOf(p: Principal): Actor {
  return { type: p.kind === "token" ? "token" : "user", id: p.tokenId ?? p.userId, label: p.email };
}

/** The audit actor for an agent. */
export const agentActor = (p: AgentPrincipal): Actor => ({
  type: "agent",
  id: p.credentialId,
  label: `agent@${p.clusterName}`,
});
