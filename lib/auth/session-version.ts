/**
 * The session version a session token carries (`sv`, set at sign-in); 0 for one issued before
 * sessions had versions, which is every user's first version.
 */
export function sessionVersionOf(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) ? value : 0;
}
