// Which Meridian role an OpenID Connect sign-in gets, from the groups its ID token carries.
import type { RoleName } from "@/lib/model/inventory";

/** One rule of the group → role mapping (MERIDIAN_OIDC_ROLES). */
export type GroupRoleRule = { group: string; role: RoleName };

/** How claims become a role: which claim, the rules, and the role of a user in no mapped group. */
export type RolePolicy = {
  claim: string;
  rules: readonly GroupRoleRule[];
  /** `none`: a user in no mapped group may not sign in. */
  defaultRole: RoleName | "none";
};

const RANK: Record<RoleName, number> = { viewer: 0, operator: 1, admin: 2 };

/**
 * The groups a claim holds: an array of strings, or one string (some providers send a single
 * group as a string, others a space-separated list). A dotted path reads a nested claim
 * (Keycloak's `realm_access.roles`); a claim whose own name has dots is read first.
 */
export function claimGroups(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = claims[path];
  if (value === undefined && path.includes(".")) {
    value = path.split(".").reduce<unknown>((at, key) => {
      return at && typeof at === "object" && !Array.isArray(at)
        ? (at as Record<string, unknown>)[key]
        : undefined;
    }, claims);
  }
  if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === "string");
  return [];
}

/**
 * The highest role any of the user's groups maps to (group names compare exactly, case
 * included, as the provider sends them), else the policy's default; null means no role at all.
 */
export function roleFromClaims(
  claims: Record<string, unknown>,
  policy: RolePolicy,
): RoleName | null {
  const groups = new Set(claimGroups(claims, policy.claim));
  let best: RoleName | null = null;
  for (const rule of policy.rules) {
    if (groups.has(rule.group) && (best === null || RANK[rule.role] > RANK[best])) best = rule.role;
  }
  if (best) return best;
  return policy.defaultRole === "none" ? null : policy.defaultRole;
}
