import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { burnPasswordCheck, hashPassword, verifyPassword } from "@/lib/crypto/password";
import { recordAudit } from "@/lib/store/audit";
import { transaction } from "@/lib/store/transaction";
import {
  endUserSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  toUserDto,
  touchLogin,
  type UserRow,
} from "@/lib/store/users";

/** Check an email and password; the same work is done whether or not the user exists. */
export async function authenticateUser(email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(email);
  // A user created by single sign-on has no password: refuse it the same way.
  if (!user || user.disabledAt || !user.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  const ok = await verifyPassword(password, user.passwordHash);
  // The audit trail names the account and the outcome, never what was typed (issue 36).
  await transaction((tx) =>
    recordAudit(
      tx,
      { type: "user", id: user.id, label: user.email },
      ok ? "user.sign-in" : "user.sign-in-failed",
      "user",
      user.id,
      ok ? { method: "password" } : { method: "password", reason: "wrong-password" },
    ),
  );
  if (!ok) return null;
  await touchLogin(user.id);
  return user;
}

/** Create a user with a hashed password (`bootstrapAdmin`: the admin made at install). */
export async function createUser(
  input: { email: string; name?: string; password: string; role: RoleName },
  actor: Actor,
  opts: { bootstrapAdmin?: boolean } = {},
): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const user = await transaction(async (tx) => {
    const created = await insertUser(tx, { ...input, passwordHash, ...opts });
    await recordAudit(tx, actor, "user.create", "user", created.id, {
      email: created.email,
      role: created.role,
    });
    return created;
  });
  return toUserDto(user);
}

/**
 * Make sure the first admin exists. With a password given (MERIDIAN_ADMIN_PASSWORD) it is
 * created once; an existing admin is never overwritten. Returns whether it was created.
 */
export async function ensureAdmin(email: string, password: string): Promise<"created" | "exists"> {
  if (await findUserByEmail(email)) return "exists";
  await createUser(
    { email, password, role: "admin", name: "Administrator" },
    { type: "system", label: "bootstrap" },
    { bootstrapAdmin: true },
  );
  return "created";
}

/**
 * The enabled user of a session signed in at `sessionVersion` (read fresh on every render), or
 * null when the user is gone, disabled, or the session was ended since.
 */
export async function findSessionUser(id: string, sessionVersion: number): Promise<UserRow | null> {
  const user = await findUserById(id);
  return user && !user.disabledAt && user.sessionVersion === sessionVersion ? user : null;
}

/** The session version a session signed in now carries (0 for an unknown user). */
export async function currentSessionVersion(id: string): Promise<number> {
  return (await findUserById(id))?.sessionVersion ?? 0;
}

/**
 * Sign-out: end the user's sessions, on every device and replica (the session cookie alone
 * would stay valid for its whole life). A session already ended changes nothing.
 */
export async function signOutUser(id: string, sessionVersion: number): Promise<void> {
  const user = await findUserById(id);
  if (user && user.sessionVersion === sessionVersion) await endUserSessions(id);
}
