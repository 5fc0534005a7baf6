import { isDnsLabel } from "../agent-protocol/k8s-names";
import {
  fleetIntentSchema,
  hostnameForms,
  serviceKey,
  type FleetIntent,
  type FleetInventory,
  type GlobalServiceIntent,
} from "./kit/fleet-input";

/** Codes of intent errors; the API answers them with 422. */
export type IntentErrorCode =
  | "invalid-schema"
  | "invalid-cluster-name"
  | "unknown-cluster"
  | "unknown-service"
  | "duplicate-global-service"
  | "duplicate-cluster"
  | "hostname-mismatch"
  | "tier-cluster-not-exported"
  | "duplicate-tier-cluster"
  | "tier-weights"
  | "weight-cluster-not-exported"
  | "weights-sum"
  | "weights-with-failover";

/** One problem with an intent, with the JSON path to the offending field. */
export interface IntentError {
  code: IntentErrorCode;
  message: string;
  path: (string | number)[];
  globalService?: string;
}

/**
 * Parses and validates a fleet intent against the inventory. Returns the parsed intent, or every
 * error found (never throws).
 */
export function parseIntent(
  input: unknown,
  fleet: FleetInventory,
): { ok: true; intent: FleetIntent } | { ok: false; errors: IntentError[] } {
  const parsed = fleetIntentSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({
        code: "invalid-schema",
        message: i.message,
        path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
      })),
    };
  }
  const errors = validateIntent(parsed.data, fleet);
  return errors.length ? { ok: false, errors } : { ok: true, intent: parsed.data };
}

/**
 * Checks the cross-field rules of an already schema-valid intent. Rule for weights vs failover:
 * they are mutually exclusive (a migration split and a priority order contradict each other, and
 * Istio forbids mixing `distribute` with `failover`/`failoverPriority`), so setting both is an
 * error rather than one silently winning.
 */
export function validateIntent(intent: FleetIntent, fleet: FleetInventory): IntentError[] {
  const clusters = new Map(fleet.clusters.map((c) => [c.name, c]));
  const errors: IntentError[] = [];
  const seen = new Set<string>();
  for (const [i, svc] of intent.services.entries()) {
    const key = serviceKey(svc);
    const at = (code: IntentErrorCode, message: string, ...path: (string | number)[]) =>
      errors.push({ code, message, path: ["services", i, ...path], globalService: key });
    if (seen.has(key)) at("duplicate-global-service", `global service ${key} is declared twice`);
    seen.add(key);
    if (
      svc.hostname !== undefined &&
      !hostnameForms(svc.namespace, svc.name).includes(svc.hostname)
    )
      at(
        "hostname-mismatch",
        `hostname must be ${hostnameForms(svc.namespace, svc.name).join(" or ")}`,
        "hostname",
      );
    checkClusterList(svc.exports, "exports", at, clusters, (name, j) => {
      const inv = clusters.get(name);
      if (inv && !inv.services.some((s) => s.namespace === svc.namespace && s.name === svc.name))
        at("unknown-service", `cluster ${name} has no service ${key}`, "exports", j);
    });
    checkClusterList(svc.imports, "imports", at, clusters);
    if (svc.access) checkClusterList(svc.access, "access", at, clusters);
    checkFailover(svc, at);
    checkWeights(svc, at);
  }
  return errors;
}

type At = (code: IntentErrorCode, message: string, ...path: (string | number)[]) => void;

function checkClusterList(
  names: string[],
  field: string,
  at: At,
  clusters: ReadonlyMap<string, unknown>,
  each?: (name: string, index: number) => void,
): void {
  const seen = new Set<string>();
  for (const [j, name] of names.entries()) {
    if (!isDnsLabel(name)) {
      at(
        "invalid-cluster-name",
        `cluster name ${JSON.stringify(name)} is not an RFC 1123 label`,
        field,
        j,
      );
      continue;
    }
    if (!clusters.has(name)) at("unknown-cluster", `unknown cluster ${name}`, field, j);
    else each?.(name, j);
    if (seen.has(name)) at("duplicate-cluster", `cluster ${name} is listed twice`, field, j);
    seen.add(name);
  }
}

function checkFailover(svc: GlobalServiceIntent, at: At): void {
  if (!svc.failover) return;
  const exported = new Set(svc.exports);
  const named = new Set<string>();
  for (const [t, tier] of svc.failover.tiers.entries()) {
    for (const [c, member] of tier.clusters.entries()) {
      const path = ["failover", "tiers", t, "clusters", c, "name"] as const;
      if (!isDnsLabel(member.name))
        at(
          "invalid-cluster-name",
          `cluster name ${JSON.stringify(member.name)} is not an RFC 1123 label`,
          ...path,
        );
      else if (!exported.has(member.name))
        at(
          "tier-cluster-not-exported",
          `failover names ${member.name}, which does not export the service`,
          ...path,
        );
      if (named.has(member.name))
        at("duplicate-tier-cluster", `failover tiers name ${member.name} more than once`, ...path);
      named.add(member.name);
    }
    const weights = tier.clusters.map((m) => m.weight);
    const set = weights.filter((w) => w !== undefined);
    if (set.length && (set.length !== weights.length || set.reduce((a, b) => a + b, 0) !== 100))
      at(
        "tier-weights",
        `weights in tier ${t + 1} must be set on every cluster and sum to 100`,
        "failover",
        "tiers",
        t,
      );
  }
}

function checkWeights(svc: GlobalServiceIntent, at: At): void {
  if (!svc.trafficWeights) return;
  if (svc.failover)
    at(
      "weights-with-failover",
      "trafficWeights and failover are mutually exclusive: pick one",
      "trafficWeights",
    );
  const exported = new Set(svc.exports);
  let sum = 0;
  for (const [name, weight] of Object.entries(svc.trafficWeights)) {
    sum += weight;
    if (!exported.has(name))
      at(
        "weight-cluster-not-exported",
        `trafficWeights names ${name}, which does not export the service`,
        "trafficWeights",
        name,
      );
  }
  if (sum !== 100) at("weights-sum", `trafficWeights sum to ${sum}, not 100`, "trafficWeights");
}
