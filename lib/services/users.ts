import "server-only";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { burnPasswordCheck, hashPassword, verifyPassword } from "@/lib/crypto/password";
import { db } from "@/lib/store/client";
import { recordAudit, type Actor } from "@/lib/store/audit";

type UserRow = {
  id: string;
  email: string;
  name: string | null;
  role: RoleName;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export function toUserDto(u: UserRow): UserDto {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Check an email and password; the same work is done whether or not the user exists. */
export async function authenticateUser(email: string, password: string): Promise<UserRow | null> {
  const user = await db().user.findUnique({ where: { email: normaliseEmail(email) } });
  if (!user || user.disabledAt) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return user;
}

/** Create a user with a hashed password. */
export async function createUser(
  input: { email: string; name?: string; password: string; role: RoleName },
  actor: Actor,
): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const user = await db().$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        email: normaliseEmail(input.email),
        name: input.name ?? null,
        passwordHash,
        role: input.role,
      },
    });
    await recordAudit(tx, actor, "user.create", "user", created.id, {
      email: created.email,
      role: created.role,
    });
    return created;
  });
  return toUserDto(user);
}

export async function listUsers(): Promise<UserDto[]> {
  const users = await db().user.findMany({ orderBy: { createdAt: "asc" } });
  return users.map(toUserDto);
}

/**
 * Make sure the first admin exists. With a password given (MERIDIAN_ADMIN_PASSWORD) it is
 * created once; an existing admin is never overwritten. Returns whether it was created.
 */
export async function ensureAdmin(email: string, password: string): Promise<"created" | "exists"> {
  const existing = await db().user.findUnique({ where: { email: normaliseEmail(email) } });
  if (existing) return "exists";
  await createUser(
    { email, password, role: "admin", name: "Administrator" },
    { type: "system", label: "bootstrap" },
  );
  return "created";
}
