import { z } from "zod";

// Kubernetes naming rules, shared by the server and the agent (which imports nothing else of lib/
// but lib/agent-protocol and lib/meshes).

/** Longest RFC 1123 label. */
export const DNS_LABEL_MAX = 63;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * An RFC 1123 DNS label: lower-case letters, digits and '-', starting and ending with an
 * alphanumeric, at most 63 characters. Used for cluster names, namespaces and service names.
 */
export const dnsLabel = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .min(1, `${what} must not be empty`)
    .max(DNS_LABEL_MAX, `${what} must be at most ${DNS_LABEL_MAX} characters`)
    .regex(
      DNS_LABEL,
      `${what} must be an RFC 1123 label: lower-case letters, digits and '-', starting and ending with a letter or digit`,
    );

/** True when `value` is a valid RFC 1123 label. */
export function isDnsLabel(value: string): boolean {
  return value.length <= DNS_LABEL_MAX && DNS_LABEL.test(value);
}

/** Kubernetes label map (keys and values kept as strings, bounded in size). */
export const labelMap = z
  .record(
    z.string().min(1).max(317, "label keys must be at most 317 characters"),
    z.string().max(63, "label values must be at most 63 characters"),
  )
  .refine((m) => Object.keys(m).length <= 64, "at most 64 labels");

/**
 * A version, hostname or trust domain an agent reports: printable ASCII without spaces, so that
 * no invisible or text-direction character reaches a page (one cluster shown as another).
 */
export const reportedToken = (what: string, max: number) =>
  z
    .string()
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^[\x21-\x7e]*$/, `${what} must be printable ASCII without spaces`);
