// The uniqueness rules of consul-k8s's admission webhooks, ported so the kube suite can judge
// Meridian's Consul output the way a real consul-k8s (Consul CE: no namespaces, no mirroring)
// would. The harness runs no webhook; these functions see what it would List.
//
// Upstream (hashicorp/consul-k8s, control-plane/api):
// - v1alpha1/serviceintentions_webhook.go, Handle: on create, with one Consul destination
//   namespace, "an existing ServiceIntentions resource has `spec.destination.name: %s`".
// - common/configentry_webhook.go, ValidateConfigEntry: on create, with one Consul namespace,
//   "%s resource with name %q is already defined – all %s resources must have unique names
//   across namespaces" (ServiceResolver, ServiceDefaults, ServiceRouter, ServiceSplitter, ...).
// - v1alpha1/exportedservices_webhook.go, Handle: on create, "%s resource already defined - only
//   one exportedservices entry is supported per Kubernetes cluster"; ExportedServices.Validate:
//   "exportedservices resource name must be the same name as the partition" ("default" in CE).
// - v1alpha1/serviceresolver_types.go, Validate: "service resolver redirect and failover cannot
//   both be set".

/** A consul.hashicorp.com object as the webhook decodes it (only what the rules read). */
export interface ConsulObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  spec?: Record<string, unknown>;
}

// Config-entry kinds that go through ValidateConfigEntry (one Consul name per kind).
const CONFIG_ENTRY_KINDS = new Set([
  "ServiceDefaults",
  "ServiceResolver",
  "ServiceRouter",
  "ServiceSplitter",
  "ProxyDefaults",
  "IngressGateway",
  "TerminatingGateway",
  "SamenessGroup",
  "JWTProvider",
  "ControlPlaneRequestLimit",
]);

const where = (o: ConsulObject) =>
  `${o.kind}/${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;

/**
 * Every object the webhooks would refuse, given all of one cluster's objects of
 * consul.hashicorp.com (existing ones and Meridian's). The first object of a clash is the one
 * that exists; each later one is reported, as its create would be refused.
 */
export function consulWebhookViolations(objects: readonly ConsulObject[]): string[] {
  const consul = objects.filter((o) => o.apiVersion?.startsWith("consul.hashicorp.com/"));
  const out: string[] = [];
  const seen = new Map<string, ConsulObject>();
  const claim = (key: string, o: ConsulObject, message: string) => {
    const first = seen.get(key);
    if (first && where(first) !== where(o)) out.push(`${where(o)}: ${message} (${where(first)})`);
    else seen.set(key, o);
  };
  for (const o of consul) {
    const name = o.metadata?.name ?? "";
    if (o.kind === "ServiceIntentions") {
      const dest = (o.spec?.["destination"] as { name?: string } | undefined)?.name ?? "";
      claim(
        `intentions/${dest}`,
        o,
        `an existing ServiceIntentions resource has spec.destination.name: ${dest}`,
      );
    } else if (o.kind === "ExportedServices") {
      if (name !== "default")
        out.push(
          `${where(o)}: exportedservices resource name must be the same name as the partition, "default"`,
        );
      claim(
        "exported-services",
        o,
        "only one exportedservices entry is supported per Kubernetes cluster",
      );
    } else if (o.kind && CONFIG_ENTRY_KINDS.has(o.kind)) {
      claim(
        `${o.kind}/${name}`,
        o,
        `all ${o.kind} resources must have unique names across namespaces`,
      );
    }
    if (o.kind === "ServiceResolver" && o.spec?.["redirect"] && o.spec?.["failover"])
      out.push(`${where(o)}: service resolver redirect and failover cannot both be set`);
  }
  return out;
}
