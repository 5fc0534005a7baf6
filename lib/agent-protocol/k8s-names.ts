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

/**
 * A Kubernetes label value (at most 63 characters, empty or alphanumeric at both ends, with
 * '-', '_' and '.' between): also the form of a zone and an Istio network name.
 */
export const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** A label key: a Kubernetes qualified name's characters (`[prefix/]name`), printable ASCII. */
const LABEL_KEY = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/;

/**
 * Text an agent reports in a Kubernetes label value's place (a label value, a zone, a mesh
 * network): a real object could hold nothing else, so no hidden character or markup reaches a
 * page (issue 37.9).
 */
export const reportedLabelValue = (what: string) =>
  z
    .string()
    .max(63, `${what} must be at most 63 characters`)
    .regex(
      LABEL_VALUE,
      `${what} must be a Kubernetes label value: letters, digits, '-', '_' or '.', starting and ending with a letter or digit`,
    );

/** Labels as an agent reports them: Kubernetes label keys and values, at most 64. */
export const reportedLabelMap = z
  .record(
    z
      .string()
      .min(1)
      .max(317, "label keys must be at most 317 characters")
      .regex(LABEL_KEY, "label keys must be Kubernetes qualified names"),
    reportedLabelValue("a label value"),
  )
  .refine((m) => Object.keys(m).length <= 64, "at most 64 labels");

/** Kubernetes label map (keys and values kept as strings, bounded in size). */
export const labelMap = z
  .record(
    z.string().min(1).max(317, "label keys must be at most 317 characters"),
    z.string().max(63, "label values must be at most 63 characters"),
  )
  .refine((m) => Object.keys(m).length <= 64, "at most 64 labels");

/**
 * A version, hostname or trust domain an agent reports: printable ASCII without spaces or markup
 * characters, so that no invisible or text-direction character reaches a page (one cluster shown
 * as another).
 */
export const reportedToken = (what: string, max: number) =>
  z
    .string()
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^[\x21-\x7e]*$/, `${what} must be printable ASCII without spaces`)
    .regex(/^[^<>"'`]*$/, `${what} must not contain markup`);
