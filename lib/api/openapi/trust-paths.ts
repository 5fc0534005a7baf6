// The trust part of the REST document (issue 21): the trust federation view and the SPIFFE
// bundle endpoint.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { spiffeBundleSchema, trustViewSchema } from "@/lib/model/trust";
import { operation, pathParam } from "./operation";

const ROOT =
  "0C:39:D6:AF:F6:C1:96:45:E4:BB:07:9A:0A:B2:09:92:46:1D:F4:F9:09:34:87:08:56:10:3F:5D:5A:E8:55:67";

export const TRUST_PATHS: ZodOpenApiPathsObject = {
  "/api/v1/trust": {
    get: operation({
      id: "getTrust",
      summary: "Trust federation: who can mTLS with whom",
      description:
        "Per cluster its trust domain, aliases, roots (with expiry) and CA kind; the groups of " +
        "clusters that verify each other; directed `A trusts B` edges; and for every exported " +
        "and imported global service whether importer and exporter verify each other. Two " +
        "roots trusted at once is a rotation window, not a mismatch.",
      tag: "Trust",
      access: "viewer",
      ok: {
        status: 200,
        description: "The trust view",
        schema: trustViewSchema,
        example: {
          clusters: [
            {
              cluster: "east-1",
              mesh: "istio",
              trustDomain: "cluster.local",
              aliases: [],
              signingRoot: ROOT,
              roots: [
                {
                  fingerprint: ROOT,
                  subject: "O=example, CN=mesh root",
                  notBefore: "2026-01-01T00:00:00.000Z",
                  notAfter: "2036-01-01T00:00:00.000Z",
                  daysLeft: 3312,
                  expiry: "ok",
                },
              ],
              rotation: false,
              caKind: "plugged-in",
              caEvidence: "root subject is not istiod's generated one",
              group: 0,
            },
          ],
          groups: [{ clusters: ["east-1"], roots: [ROOT], trustDomains: ["cluster.local"] }],
          edges: [],
          services: [],
          generatedAt: "2026-12-06T12:00:00.000Z",
        },
      },
    }),
  },
  "/api/v1/trust/bundles/{trustDomain}": {
    get: operation({
      id: "getTrustBundle",
      summary: "A trust domain's SPIFFE bundle",
      description:
        "The roots the fleet's clusters in this trust domain trust, as a SPIFFE bundle (JWKS " +
        "with `spiffe_sequence` and `spiffe_refresh_hint`, one `x509-svid` key per root), for " +
        "SPIFFE federation over `https_web` (a SPIRE server's `bundle_endpoint_url`). " +
        "`spiffe_sequence` increases whenever the roots change.",
      tag: "Trust",
      access: "public",
      path: z.object({ trustDomain: pathParam("The SPIFFE trust domain", "cluster.local") }),
      ok: { status: 200, description: "The bundle", schema: spiffeBundleSchema },
      errors: { 404: "No cluster of the fleet reports roots for that trust domain" },
    }),
  },
};
