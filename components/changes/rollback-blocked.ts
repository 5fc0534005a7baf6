/**
 * Why a change set cannot be rolled back right now, in a sentence shown beside the disabled
 * button (a `title` never shows on touch screens nor to most keyboard users); null when it can.
 */
export function rollbackBlocked(c: {
  kind: "intent" | "hostnames";
  status: string;
  pending: boolean;
}): string | null {
  if (c.kind === "hostnames")
    return "A hostname change is undone by setting the suffix back in Settings → Global names.";
  if (c.pending) return "Roll back is possible once every cluster has applied this change set.";
  if (c.status === "rolled-back") return "Already rolled back.";
  return null;
}
