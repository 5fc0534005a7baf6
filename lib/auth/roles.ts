import "server-only";
import type { RoleName } from "@/lib/model/inventory";

const RANK: Record<RoleName, number> = { viewer: 0, operator: 1, admin: 2 };

/** True when `role` grants at least what `required` grants. */
export function hasRole(role: RoleName, required: RoleName): boolean {
  return RANK[role] >= RANK[required];
}
