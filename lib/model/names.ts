import { z } from "zod";

export { DNS_LABEL_MAX, dnsLabel, isDnsLabel, labelMap } from "@/lib/agent-protocol/k8s-names";

/** A free-text, single-line display field with no markup. */
export const plainText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine(
      (s) => !/[<>\u0000-\u001f]/.test(s),
      `${what} must not contain markup or control characters`,
    );
