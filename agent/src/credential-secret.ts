import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import type { CredentialStore } from "./agent";

const KEY = "credential";

/**
 * Keep the per-cluster credential in a Secret of the agent's namespace (the Helm chart creates
 * it empty and grants get/update on that one name), so a restarted pod needs no new join token.
 */
export function secretCredentialStore(
  kc: KubeConfig,
  namespace: string,
  name: string,
): CredentialStore {
  const core = kc.makeApiClient(CoreV1Api);
  return {
    async load() {
      const secret = await core.readNamespacedSecret({ name, namespace });
      const value = secret.data?.[KEY];
      return value ? Buffer.from(value, "base64").toString("utf8") : undefined;
    },
    async save(credential) {
      const secret = await core.readNamespacedSecret({ name, namespace });
      secret.data = { ...secret.data, [KEY]: Buffer.from(credential).toString("base64") };
      await core.replaceNamespacedSecret({ name, namespace, body: secret });
    },
  };
}
