"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GlobalHostnameSetting } from "@/lib/model/intent";
import { apiFetch, jsonBody } from "./api-error";
import { queryKeys } from "./query-keys";
import { globalHostnameResultSchema } from "@/lib/model/intent";

/** PUT /api/v1/settings/global-hostname: every global host renamed in one change set. */
export function useSetGlobalHostname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalHostnameSetting) =>
      apiFetch(globalHostnameResultSchema, "/api/v1/settings/global-hostname", {
        method: "PUT",
        ...jsonBody(input),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.changeSets.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.intent.all }),
      ]),
  });
}
