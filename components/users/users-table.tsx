"use client";

import type { RoleName, UserDto } from "@/lib/model/inventory";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

const ROLES: { value: RoleName; label: string }[] = [
  { value: "viewer", label: "Viewer" },
  { value: "operator", label: "Operator" },
  { value: "admin", label: "Admin" },
];

type UsersTableProps = {
  users: UserDto[];
  /** The signed-in admin: they cannot disable or delete themselves. */
  selfId: string;
  busyId: string | null;
  onRole: (user: UserDto, role: RoleName) => void;
  onDisable: (user: UserDto, disabled: boolean) => void;
  onDelete: (user: UserDto) => void;
};

/** Why a control is off for this user, or undefined when it is available. */
function lockedReason(u: UserDto, selfId: string, lastAdmin: boolean): string | undefined {
  if (u.id === selfId) return "This is your own account";
  if (lastAdmin) return "The last enabled admin: make another user admin first";
  return undefined;
}

export function UsersTable({
  users,
  selfId,
  busyId,
  onRole,
  onDisable,
  onDelete,
}: UsersTableProps) {
  const admins = users.filter((u) => u.role === "admin" && !u.disabled).length;
  return (
    <Table label="Users" data-testid="users-table">
      <THead>
        <TR>
          <TH>User</TH>
          <TH>Role</TH>
          <TH>Signs in with</TH>
          <TH>Last sign-in</TH>
          <TH>Status</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </TR>
      </THead>
      <TBody>
        {users.map((u) => {
          const lastAdmin = u.role === "admin" && !u.disabled && admins === 1;
          const locked = lockedReason(u, selfId, lastAdmin);
          const busy = busyId === u.id;
          return (
            <TR
              key={u.id}
              data-testid={`user-row-${u.email}`}
              className={u.disabled ? "text-subtle" : undefined}
            >
              <TD className="min-w-48">
                <div className="text-fg font-medium">
                  {u.email}
                  {u.id === selfId ? <span className="text-subtle font-normal"> (you)</span> : null}
                </div>
                {u.name ? <div className="text-subtle text-xs">{u.name}</div> : null}
              </TD>
              <TD>
                <Select
                  aria-label={`Role of ${u.email}`}
                  value={u.role}
                  disabled={busy || (lastAdmin && u.role === "admin")}
                  title={lastAdmin ? "The last enabled admin keeps the admin role" : undefined}
                  onChange={(e) => onRole(u, e.target.value as RoleName)}
                  className="w-32"
                >
                  {ROLES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </Select>
              </TD>
              <TD className="whitespace-nowrap">
                {u.sso ? <Badge tone="info">Single sign-on</Badge> : "Password"}
              </TD>
              <TD className="whitespace-nowrap">
                <RelativeTime iso={u.lastLoginAt} fallback="never" />
              </TD>
              <TD>
                {u.disabled ? (
                  <Badge tone="warning">Disabled</Badge>
                ) : (
                  <Badge tone="success" dot>
                    Active
                  </Badge>
                )}
              </TD>
              <TD className="text-right whitespace-nowrap">
                <span className="inline-flex gap-1.5">
                  <Button
                    size="sm"
                    disabled={busy || (locked !== undefined && !u.disabled)}
                    title={u.disabled ? undefined : locked}
                    onClick={() => onDisable(u, !u.disabled)}
                  >
                    {u.disabled ? "Enable" : "Disable"}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy || locked !== undefined}
                    title={locked}
                    onClick={() => onDelete(u)}
                  >
                    Delete
                  </Button>
                </span>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
