import "server-only";
import type { Actor } from "@/lib/model/actor";
import type { UserDto, UserUpdate } from "@/lib/model/inventory";
import { conflict, notFound } from "@/lib/domain/errors";
import { recordAudit } from "@/lib/store/audit";
import { transaction, type Tx } from "@/lib/store/transaction";
import {
  deleteUserRow,
  findUserById,
  otherActiveAdmins,
  toUserDto,
  updateUser,
  type UserRow,
} from "@/lib/store/users";

// Settings → Users: change a role, disable or enable, delete. Meridian always keeps one
// enabled admin, and nobody disables or deletes their own account. Every change is audited.

/** Refuse (409) leaving the fleet without an enabled admin. */
async function keepAnAdmin(tx: Tx, user: UserRow, what: string): Promise<void> {
  if (user.role !== "admin" || user.disabledAt) return;
  if ((await otherActiveAdmins(tx, user.id)) === 0)
    throw conflict(
      `${user.email} is the last enabled admin: make another user admin before you ${what}`,
      "last_admin",
    );
}

async function existing(tx: Tx, id: string): Promise<UserRow> {
  const user = await findUserById(id, tx);
  if (!user) throw notFound("User");
  return user;
}

/** Change a user's role and/or disable or enable them. */
export async function changeUser(
  id: string,
  change: UserUpdate,
  actor: Actor,
  callerId: string,
): Promise<UserDto> {
  return transaction(async (tx) => {
    const user = await existing(tx, id);
    if (change.disabled && id === callerId)
      throw conflict("You cannot disable your own account", "self");
    if (change.role && change.role !== "admin") await keepAnAdmin(tx, user, "change their role");
    if (change.disabled) await keepAnAdmin(tx, user, "disable them");
    const updated = await updateUser(tx, id, change);
    const roleChanged = change.role !== undefined && change.role !== user.role;
    const disabledChanged =
      change.disabled !== undefined && change.disabled !== (user.disabledAt !== null);
    const action =
      roleChanged && disabledChanged
        ? "user.update"
        : roleChanged
          ? "user.role"
          : change.disabled
            ? "user.disable"
            : change.disabled === false
              ? "user.enable"
              : "user.role";
    await recordAudit(tx, actor, action, "user", id, {
      email: user.email,
      ...(roleChanged ? { role: { from: user.role, to: change.role! } } : {}),
      ...(disabledChanged ? { disabled: change.disabled! } : {}),
    });
    return toUserDto(updated);
  });
}

/** Delete a user; their API tokens stop working with them. */
export async function deleteUser(id: string, actor: Actor, callerId: string): Promise<void> {
  await transaction(async (tx) => {
    const user = await existing(tx, id);
    if (id === callerId) throw conflict("You cannot delete your own account", "self");
    await keepAnAdmin(tx, user, "delete them");
    await deleteUserRow(tx, id);
    await recordAudit(tx, actor, "user.delete", "user", id, { email: user.email, role: user.role });
  });
}
