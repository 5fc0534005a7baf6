"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditPageSchema } from "@/lib/model/audit";
import { apiFetch } from "./api-error";
import { queryKeys } from "./query-keys";

/** GET /api/v1/audit?… — one page of the audit trail with these filters and cursor. */
export function useAudit(search: string) {
  return useQuery({
    queryKey: queryKeys.audit.list(search),
    queryFn: ({ signal }) => apiFetch(auditPageSchema, `/api/v1/audit?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
