/** API version of the consul-k8s config-entry CRDs. */
export const CONSUL = "consul.hashicorp.com/v1alpha1";
/** Namespace Meridian writes Consul config-entry CRDs to (where consul-k8s is installed). */
export const CONSUL_NAMESPACE = "consul";
// exported-services is one config entry per admin partition, named after it: "default" in
// Consul CE (https://developer.hashicorp.com/consul/docs/reference/config-entry/exported-services).
export const EXPORTED_SERVICES_NAME = "default";
