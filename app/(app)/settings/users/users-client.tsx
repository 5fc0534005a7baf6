"use client";

import { useState } from "react";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { useDeleteUser, useUpdateUser, useUsers } from "@/components/data/use-users";
import { CreateUserForm } from "@/components/users/create-user-form";
import { UsersTable } from "@/components/users/users-table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorPanel } from "@/components/ui/error-panel";

export function UsersClient({ initialUsers, selfId }: { initialUsers: UserDto[]; selfId: string }) {
  const users = useUsers(initialUsers);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<UserDto | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const busyId = update.isPending ? (update.variables?.id ?? null) : null;

  function change(user: UserDto, patch: { role?: RoleName; disabled?: boolean }) {
    setAdded(null);
    update.mutate({ id: user.id, ...patch });
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title="Add a user"
          description="They sign in with this email and the first password you hand over. With single sign-on configured, people can also sign in through the provider; their groups then set the role."
        />
        <CardBody className="py-4">
          <CreateUserForm onCreated={(u) => setAdded(u.email)} />
        </CardBody>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader
          title="Users"
          description={`${users.data?.length ?? 0} ${users.data?.length === 1 ? "user" : "users"}. Meridian always keeps one enabled admin.`}
        />
        {added ? (
          <p
            role="status"
            className="border-border border-b bg-emerald-50 px-4 py-2 text-[13px] text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200"
          >
            Added {added}.
          </p>
        ) : null}
        {update.error ? (
          <p
            role="alert"
            data-testid="user-change-error"
            className="border-border border-b bg-red-50 px-4 py-2 text-[13px] text-red-800 dark:bg-red-500/10 dark:text-red-200"
          >
            {update.error.message}
          </p>
        ) : null}
        {users.error && !users.data ? (
          <div className="p-4">
            <ErrorPanel
              title="Could not load the users"
              message={users.error.message}
              onRetry={() => void users.refetch()}
              retrying={users.isFetching}
            />
          </div>
        ) : (
          <UsersTable
            users={users.data ?? []}
            selfId={selfId}
            busyId={busyId}
            onRole={(u, role) => change(u, { role })}
            onDisable={(u, disabled) => change(u, { disabled })}
            onDelete={(u) => {
              remove.reset();
              setToDelete(u);
            }}
          />
        )}
      </Card>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={`Delete ${toDelete?.email ?? "this user"}?`}
        description="They can no longer sign in, and their API tokens stop working. Change sets they applied keep their history. To keep the account for later, disable it instead."
        confirmLabel="Delete user"
        tone="danger"
        requireText={toDelete?.email}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => setToDelete(null),
          })
        }
        data-testid="delete-user-dialog"
      />
    </div>
  );
}
