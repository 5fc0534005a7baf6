"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { userListSchema } from "@/lib/model/api";
import { userSchema } from "@/lib/model/inventory";
import { apiFetch, apiSend, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";

/** GET /api/v1/users: every user, oldest first (admin). */
export function useUsers(initialItems?: UserDto[]) {
  return useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: async ({ signal }) =>
      (await apiFetch(userListSchema, "/api/v1/users", { signal })).items,
    initialData: initialItems,
  });
}

function useUserMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

/** POST /api/v1/users: a user with a password and a role. */
export function useCreateUser() {
  return useUserMutation(
    (input: { email: string; name?: string; password: string; role: RoleName }) =>
      apiFetch(userSchema, "/api/v1/users", { method: "POST", ...jsonBody(input) }),
  );
}

/** PATCH /api/v1/users/{id}: a new role, or disabled / enabled. */
export function useUpdateUser() {
  return useUserMutation(({ id, ...change }: { id: string; role?: RoleName; disabled?: boolean }) =>
    apiFetch(userSchema, `/api/v1/users/${encodeURIComponent(id)}`, {
      method: "PATCH",
      ...jsonBody(change),
    }),
  );
}

/** DELETE /api/v1/users/{id}. */
export function useDeleteUser() {
  return useUserMutation((id: string) =>
    apiSend(`/api/v1/users/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}
