// The status conditions an MCS controller sets on a ServiceExport (sigs.k8s.io/mcs-api
// pkg/apis/v1beta1: Accepted, Exported, Conflicted; the deprecated Valid, Ready and Conflict),
// trimmed to the known types so Meridian can show them and alert on a conflict.
import {
  SERVICE_EXPORT_CONDITIONS,
  resourceConditionSchema,
  type ResourceCondition,
} from "../../../lib/agent-protocol/messages";

/** True for a ServiceExport of the MCS API group, whatever its version. */
export function isServiceExport(r: { apiVersion?: string; kind?: string }): boolean {
  return r.kind === "ServiceExport" && (r.apiVersion ?? "").startsWith("multicluster.x-k8s.io/");
}

/** The known conditions of an object's status, in the API's order; malformed ones are dropped. */
export function exportConditions(obj: object | undefined): ResourceCondition[] {
  const status = (obj as { status?: { conditions?: unknown } } | undefined)?.status;
  const raw = status?.conditions;
  if (!Array.isArray(raw)) return [];
  const out: ResourceCondition[] = [];
  for (const c of raw) {
    const t = (c as { type?: unknown }).type;
    if (!(SERVICE_EXPORT_CONDITIONS as readonly unknown[]).includes(t)) continue;
    const x = c as Record<string, unknown>;
    const parsed = resourceConditionSchema.safeParse({
      type: t,
      status: x["status"],
      reason: String(x["reason"] ?? "").slice(0, 1024),
      message: String(x["message"] ?? "").slice(0, 1000),
    });
    if (parsed.success && !out.some((o) => o.type === parsed.data.type)) out.push(parsed.data);
  }
  return out;
}
