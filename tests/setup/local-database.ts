/** Tests refuse to touch a database that is not on this machine (Dub's guard). */
export function assertLocalDatabase(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database host "${host}"`);
  }
}
