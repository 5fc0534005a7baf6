import "server-only";
import { getServerSession } from "next-auth";
import type { RoleName } from "@/lib/model/inventory";
import { authOptions } from "@/lib/auth/options";
import { findActiveUser } from "@/lib/services/access/users";

export type SessionUser = { id: string; email: string; name: string | null; role: RoleName };

/** The signed-in user of the current server render, read fresh from the database, or null. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  if (!session?.userId) return null;
  const user = await findActiveUser(session.userId);
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
