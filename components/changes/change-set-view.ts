import type { ChangeSetDetailDto } from "@/components/data/use-change-sets";
import type { ChangeSetRow } from "./change-sets-table";

/** A change set as a row of the history table. */
export function toChangeSetRow(c: ChangeSetDetailDto): ChangeSetRow {
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    status: c.status,
    author: c.createdBy,
    createdAt: c.createdAt,
    clusters: c.clusters.map((m) => ({ cluster: m.cluster, status: m.status })),
    rollbackOf: c.rollbackOf,
  };
}
