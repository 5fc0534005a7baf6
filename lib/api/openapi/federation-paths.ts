// The federation part of the REST document (issue 21.3, docs/federation.md): peers over Hamlet
// v1alpha2, what is published to each, what each offers, and imports of offered services.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { changeSetDtoSchema, planDtoSchema } from "@/lib/model/intent";
import {
  gatewayInputSchema,
  importChangeSchema,
  offerListSchema,
  offerPageQuerySchema,
  peerInputSchema,
  peerListSchema,
  peerSchema,
  peerUpdateSchema,
  publicationSchema,
} from "@/lib/model/peers";
import { operation, pathParam } from "./operation";

const TAG = "Federation";
const byName = z.object({ name: pathParam("The peer's name", "org-b") });
const NO_PEER = "No peer of that name";
const IMPORT_ERRORS = {
  404: "No peer of that name, or it offers no such service",
  409: "The import changed since it was read (its version)",
  422: "A cluster named is not in the fleet",
};

export const FEDERATION_PATHS: ZodOpenApiPathsObject = {
  "/api/v1/peers": {
    get: operation({
      id: "listPeers",
      summary: "Federation peers, their stream status and last NACK",
      tag: TAG,
      access: "viewer",
      ok: { status: 200, description: "Every peer", schema: peerListSchema },
    }),
    post: operation({
      id: "registerPeer",
      summary: "Register a peer: its DiscoveryService, the CA to trust, its SPIFFE bundle endpoint",
      tag: TAG,
      access: "admin",
      body: peerInputSchema,
      ok: { status: 201, description: "The new peer", schema: peerSchema },
      errors: {
        409: "A peer of that name exists, another peer has this CA, or a domain overlaps another peer's",
      },
    }),
  },
  "/api/v1/peers/{name}": {
    get: operation({
      id: "getPeer",
      summary: "One peer",
      tag: TAG,
      access: "viewer",
      path: byName,
      ok: { status: 200, description: "The peer", schema: peerSchema },
      errors: { 404: NO_PEER },
    }),
    patch: operation({
      id: "updatePeer",
      summary:
        "Change a peer's address, CA, bundle endpoint or the domains it may offer (reconnects that peer only)",
      tag: TAG,
      access: "admin",
      path: byName,
      body: peerUpdateSchema,
      ok: { status: 200, description: "The peer as saved", schema: peerSchema },
      errors: {
        404: NO_PEER,
        409: "The peer changed since it was read, the CA is another peer's, or a domain overlaps another peer's",
      },
    }),
    delete: operation({
      id: "deletePeer",
      summary: "Remove a peer (nothing is published to it any more)",
      tag: TAG,
      access: "admin",
      path: byName,
      ok: { status: 204, description: "Removed" },
      errors: {
        404: NO_PEER,
        409: "Services of the peer are still imported: remove the imports first",
      },
    }),
  },
  "/api/v1/peers/{name}/publications": {
    post: operation({
      id: "publishToPeer",
      summary: "Publish a global service to the peer (it gets an UPSERT)",
      tag: TAG,
      access: "admin",
      path: byName,
      body: publicationSchema,
      ok: { status: 201, description: "Published (204: it already was)" },
      errors: { 404: "No peer or no global service of that name" },
    }),
  },
  "/api/v1/peers/{name}/publications/{namespace}/{service}": {
    delete: operation({
      id: "revokeFromPeer",
      summary: "Stop publishing a global service to the peer (it gets a DELETE)",
      tag: TAG,
      access: "admin",
      path: byName.extend({
        namespace: pathParam("The global service's namespace", "bookinfo"),
        service: pathParam("The global service's name", "reviews"),
      }),
      ok: { status: 204, description: "No longer published" },
      errors: { 404: "Not published to that peer" },
    }),
  },
  "/api/v1/peers/{name}/offers": {
    get: operation({
      id: "listPeerOffers",
      summary: "One page of the services the peer offers (by name), and where each is imported",
      tag: TAG,
      access: "viewer",
      path: byName,
      query: offerPageQuerySchema,
      ok: { status: 200, description: "Offered services", schema: offerListSchema },
      errors: { 404: NO_PEER },
    }),
  },
  "/api/v1/peers/{name}/imports/plan": {
    post: operation({
      id: "planPeerImport",
      summary: "Plan importing an offered service into clusters (changes nothing)",
      tag: TAG,
      access: "operator",
      path: byName,
      body: importChangeSchema,
      ok: { status: 200, description: "The plan", schema: planDtoSchema },
      errors: IMPORT_ERRORS,
    }),
  },
  "/api/v1/peers/{name}/imports": {
    post: operation({
      id: "applyPeerImport",
      summary: "Import an offered service into clusters (an empty list removes the import)",
      tag: TAG,
      access: "operator",
      path: byName,
      body: importChangeSchema,
      ok: { status: 201, description: "The change set", schema: changeSetDtoSchema },
      errors: IMPORT_ERRORS,
    }),
  },
  "/api/v1/clusters/{name}/federation-gateway": {
    put: operation({
      id: "setFederationGateway",
      summary: "Where peers reach a cluster's east-west gateway",
      tag: TAG,
      access: "admin",
      path: z.object({ name: pathParam("The cluster's name", "east-1") }),
      body: gatewayInputSchema,
      ok: { status: 204, description: "Saved" },
      errors: { 404: "No cluster of that name" },
    }),
  },
};
