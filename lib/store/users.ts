import "server-only";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { pool, type Tx } from "@/lib/store/transaction";

/** A user as stored, with the password hash (never leaves the server). */
export type UserRow = {
  id: string;
  email: string;
  name: string | null;
  role: RoleName;
  /** Null for a user created by single sign-on. */
  passwordHash: string | null;
  oidcIssuer: string | null;
  oidcSubject: string | null;
  disabledAt: Date | null;
  /** Raised to end every session of the user (see prisma/schema.prisma). */
  sessionVersion: number;
  /** The admin made at install: single sign-on never links, demotes or renames it. */
  bootstrapAdmin: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

export function toUserDto(u: Omit<UserRow, "passwordHash">): UserDto {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    disabled: u.disabledAt !== null,
    sso: u.oidcSubject !== null,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(email: string, tx: Tx = pool()): Promise<UserRow | null> {
  return tx.user.findUnique({ where: { email: normaliseEmail(email) } });
}

export async function findUserById(id: string, tx: Tx = pool()): Promise<UserRow | null> {
  return tx.user.findUnique({ where: { id } });
}

/** The user linked to an OpenID provider's subject, or null. */
export async function findUserByOidcSubject(
  issuer: string,
  subject: string,
  tx: Tx = pool(),
): Promise<UserRow | null> {
  return tx.user.findUnique({
    where: { oidcIssuer_oidcSubject: { oidcIssuer: issuer, oidcSubject: subject } },
  });
}

/** A user who signs in only through an OpenID provider: no password. */
export async function insertOidcUser(
  tx: Tx,
  input: { email: string; name: string | null; role: RoleName; issuer: string; subject: string },
): Promise<UserRow> {
  return tx.user.create({
    data: {
      email: normaliseEmail(input.email),
      name: input.name,
      passwordHash: null,
      role: input.role,
      oidcIssuer: input.issuer,
      oidcSubject: input.subject,
      lastLoginAt: new Date(),
    },
  });
}

/**
 * A single sign-on: link the subject (idempotent), refresh role and name, stamp the login; with
 * `endSessions` (the role changed), the user's older sessions stop working.
 */
export async function recordOidcLogin(
  tx: Tx,
  id: string,
  input: {
    role: RoleName;
    name: string | null;
    issuer: string;
    subject: string;
    endSessions: boolean;
  },
): Promise<UserRow> {
  return tx.user.update({
    where: { id },
    data: {
      role: input.role,
      ...(input.endSessions ? { sessionVersion: { increment: 1 } } : {}),
      ...(input.name ? { name: input.name } : {}),
      oidcIssuer: input.issuer,
      oidcSubject: input.subject,
      lastLoginAt: new Date(),
    },
  });
}

export async function touchLogin(id: string, tx: Tx = pool()): Promise<void> {
  await tx.user.update({ where: { id }, data: { lastLoginAt: new Date() } });
}

export async function insertUser(
  tx: Tx,
  input: {
    email: string;
    name?: string;
    passwordHash: string;
    role: RoleName;
    bootstrapAdmin?: boolean;
  },
): Promise<UserRow> {
  return tx.user.create({
    data: {
      email: normaliseEmail(input.email),
      name: input.name ?? null,
      passwordHash: input.passwordHash,
      role: input.role,
      bootstrapAdmin: input.bootstrapAdmin ?? false,
    },
  });
}

/** Every user, oldest first. */
export async function listUsers(tx: Tx = pool()): Promise<UserDto[]> {
  const users = await tx.user.findMany({ orderBy: { createdAt: "asc" } });
  return users.map(toUserDto);
}

/** Enabled admins other than `exceptId`, counted under a lock so two demotions cannot race. */
export async function otherActiveAdmins(tx: Tx, exceptId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "User" WHERE role = 'admin' AND "disabledAt" IS NULL AND id <> ${exceptId}
    FOR UPDATE`;
  return rows.length;
}

/**
 * Set a user's role, disabled state and/or password hash; with `endSessions`, every session
 * signed in before stops working. Returns the row as it is now.
 */
export async function updateUser(
  tx: Tx,
  id: string,
  change: { role?: RoleName; disabled?: boolean; passwordHash?: string; endSessions?: boolean },
): Promise<UserRow> {
  return tx.user.update({
    where: { id },
    data: {
      ...(change.role ? { role: change.role } : {}),
      ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? new Date() : null }),
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
      ...(change.endSessions ? { sessionVersion: { increment: 1 } } : {}),
    },
  });
}

/** End every session of a user (raise its session version); false when there is no such user. */
export async function endUserSessions(id: string, tx: Tx = pool()): Promise<boolean> {
  const { count } = await tx.user.updateMany({
    where: { id },
    data: { sessionVersion: { increment: 1 } },
  });
  return count === 1;
}

/** Delete a user (their API tokens go with them; change sets keep a null author). */
export async function deleteUserRow(tx: Tx, id: string): Promise<void> {
  await tx.user.delete({ where: { id } });
}
