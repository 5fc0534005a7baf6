// One operation of the OpenAPI document, from the zod schemas its route parses and answers
// with: the error answers each kind of route can give are added here, once, so every
// operation documents the same 400/401/403/404/413/415/503 bodies the wrapper produces.
import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathItemObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from "zod-openapi";
import { apiErrorSchema } from "@/lib/model/api";
import type { RouteAccess } from "@/lib/api/route-types";

/** Extension naming the least role (or `public`, `agent`) an operation needs. */
export const ACCESS_EXTENSION = "x-meridian-access";

type Input = z.ZodType;

export type OperationSpec = {
  /** operationId: camelCase verb first, e.g. `listClusters`. */
  id: string;
  summary: string;
  description?: string;
  tag: string;
  access: RouteAccess;
  path?: z.ZodObject;
  query?: z.ZodObject;
  body?: Input;
  /** The body may be left out entirely (join tokens take their defaults). */
  bodyOptional?: boolean;
  bodyExample?: unknown;
  /** The success answer; no schema for a bodiless 204. */
  ok: {
    status: 200 | 201 | 204;
    description: string;
    schema?: z.ZodType;
    contentType?: string;
    /** Further media types the same answer may come as (chosen by a query parameter). */
    alternatives?: Record<string, z.ZodType>;
    example?: unknown;
  };
  /** A 204 this operation may answer besides `ok`, and when. */
  noContent?: string;
  /** The 503 body when it is not an error body (the health check answers its own shape). */
  unavailable?: { description: string; schema: z.ZodType };
  /** Further documented failures, with what causes each. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>;
};

const SECURITY: Record<RouteAccess, ZodOpenApiOperationObject["security"]> = {
  public: [],
  agent: [{ agentCredential: [] }],
  viewer: [{ sessionCookie: [] }, { bearerToken: [] }],
  operator: [{ sessionCookie: [] }, { bearerToken: [] }],
  admin: [{ sessionCookie: [] }, { bearerToken: [] }],
};

const ERROR_EXAMPLES: Record<number, { code: string; message: string }> = {
  400: { code: "invalid_input", message: "name: must be a DNS label" },
  401: { code: "unauthenticated", message: "Sign in or send a valid API token" },
  403: { code: "forbidden", message: "This action needs the admin role" },
  404: { code: "not_found", message: "Cluster not found" },
  409: { code: "conflict", message: "The object changed since it was read" },
  413: { code: "payload_too_large", message: "Body larger than 1048576 bytes" },
  415: { code: "unsupported_media_type", message: "Send the body as application/json" },
  422: { code: "unknown_cluster", message: "No cluster named mars-1" },
  429: { code: "rate_limited", message: "Too many join tokens issued. Try again in 42 seconds." },
  503: { code: "unavailable", message: "The database is busy; try again" },
};

const RETRY_AFTER_HEADER = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before retrying" }),
});

function errorResponse(status: number, description: string): ZodOpenApiResponseObject {
  return {
    description,
    ...(status === 503 || status === 429 ? { headers: RETRY_AFTER_HEADER } : {}),
    content: {
      "application/json": { schema: apiErrorSchema, example: { error: ERROR_EXAMPLES[status] } },
    },
  };
}

function responses(spec: OperationSpec): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  const { ok } = spec;
  out[String(ok.status) as "200"] = ok.schema
    ? {
        description: ok.description,
        content: {
          [ok.contentType ?? "application/json"]: {
            schema: ok.schema,
            ...(ok.example === undefined ? {} : { example: ok.example }),
          },
          ...Object.fromEntries(
            Object.entries(ok.alternatives ?? {}).map(([type, schema]) => [type, { schema }]),
          ),
        },
      }
    : { description: ok.description };
  if (spec.noContent) out["204"] = { description: spec.noContent };
  const errors = new Map<number, string>();
  if (spec.path || spec.query || spec.body || spec.errors?.[400])
    errors.set(400, spec.errors?.[400] ?? "Invalid input: `details` lists each invalid field");
  if (spec.access !== "public" || spec.errors?.[401])
    errors.set(
      401,
      spec.errors?.[401] ??
        (spec.access === "agent"
          ? "No valid agent credential"
          : "Not signed in, or the API token is unknown, expired or revoked"),
    );
  if (spec.access === "operator" || spec.access === "admin" || spec.errors?.[403])
    errors.set(403, spec.errors?.[403] ?? `The caller's role is below ${spec.access}`);
  if (spec.errors?.[404]) errors.set(404, spec.errors[404]);
  if (spec.errors?.[409]) errors.set(409, spec.errors[409]);
  if (spec.body) {
    errors.set(413, "The body is larger than this operation accepts");
    errors.set(415, "The body is not application/json");
  }
  if (spec.errors?.[422]) errors.set(422, spec.errors[422]);
  if (spec.errors?.[429]) errors.set(429, spec.errors[429]);
  errors.set(503, "Saturated or the database is unreachable: retry after `Retry-After` seconds");
  for (const [status, description] of [...errors].sort(([a], [b]) => a - b))
    out[String(status) as "400"] = errorResponse(status, description);
  // Node's HTTP parser answers 431 (no body) before any handler when the request line and headers
  // pass 16 KB, which a long query string can (the contract fuzz sent `expand` of 4000 emoji).
  if (spec.query)
    out["431"] = {
      description: "The query string is too long: request line and headers over 16 KB",
    };
  if (spec.unavailable)
    out["503"] = {
      description: spec.unavailable.description,
      headers: RETRY_AFTER_HEADER,
      content: { "application/json": { schema: spec.unavailable.schema } },
    };
  return out;
}

/** The OpenAPI operation object for one route method. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const role =
    spec.access === "public"
      ? "No authentication."
      : spec.access === "agent"
        ? "Needs the cluster's agent credential."
        : `Needs the ${spec.access} role.`;
  return {
    operationId: spec.id,
    summary: spec.summary,
    description: [spec.description, role].filter(Boolean).join("\n\n"),
    tags: [spec.tag],
    security: SECURITY[spec.access],
    [ACCESS_EXTENSION]: spec.access,
    ...(spec.path || spec.query
      ? {
          requestParams: {
            ...(spec.path ? { path: spec.path } : {}),
            ...(spec.query ? { query: spec.query } : {}),
          },
        }
      : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: !spec.bodyOptional,
            content: {
              "application/json": {
                schema: spec.body,
                ...(spec.bodyExample === undefined ? {} : { example: spec.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: responses(spec),
  };
}

const UNSAFE_METHODS = ["post", "put", "patch", "delete"] as const;
const CROSS_ORIGIN = "or a browser session's change came from another origin (`cross_origin`)";

/**
 * `paths` with the CSRF refusal documented on every change a browser session may make: 403
 * `cross_origin` (lib/auth/same-origin.ts), added to the role's 403 where there is one.
 */
export function refusingCrossOrigin(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const out: ZodOpenApiPathItemObject = { ...(item as ZodOpenApiPathItemObject) };
      for (const method of UNSAFE_METHODS) {
        const op = out[method];
        const access = (op as Record<string, unknown> | undefined)?.[ACCESS_EXTENSION];
        if (!op?.responses || access === "public" || access === "agent") continue;
        const role = op.responses["403"] as ZodOpenApiResponseObject | undefined;
        out[method] = {
          ...op,
          responses: {
            ...op.responses,
            "403": role
              ? { ...role, description: `${role.description}; ${CROSS_ORIGIN}` }
              : errorResponse(
                  403,
                  `A browser session's change came from another origin (\`cross_origin\`)`,
                ),
          },
        };
      }
      return [path, out];
    }),
  );
}

/** An OpenAPI document, as far as the contract promises its shape. */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .passthrough();

/** A path parameter: a name or id of an object; unknown ones answer 404. */
export const pathParam = (description: string, example: string) =>
  z.string().min(1).max(253).meta({ description, example });
