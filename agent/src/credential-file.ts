import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CredentialStore } from "./agent";

/** Keep the per-cluster credential in a file (mode 0600), e.g. on a mounted volume. */
export function fileCredentialStore(file: string): CredentialStore {
  return {
    async load() {
      const text = await readFile(file, "utf8").catch(() => "");
      return text.trim() || undefined;
    },
    async save(credential) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, credential + "\n", { mode: 0o600 });
    },
  };
}

/** Keep the credential in memory only (simulated agents, tests). */
export function memoryCredentialStore(initial?: string): CredentialStore & { value?: string } {
  const store = {
    value: initial,
    async load() {
      return store.value;
    },
    async save(credential: string) {
      store.value = credential;
    },
  };
  return store;
}
