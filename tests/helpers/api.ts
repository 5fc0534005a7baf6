import { NextRequest } from "next/server";
import type { RoleName } from "@/lib/model/inventory";
import type { RouteHandler } from "@/lib/auth/with-auth";
import { createApiToken } from "@/lib/services/access/api-tokens";
import { createUser } from "@/lib/services/access/users";

const SYSTEM = { type: "system", label: "test" } as const;
let seq = 0;

/** A user of the given role and a personal API token for it. */
export async function userWithToken(role: RoleName): Promise<{ userId: string; token: string }> {
  seq += 1;
  const user = await createUser(
    { email: `${role}-${seq}-${Date.now()}@test.local`, password: "correct horse battery", role },
    SYSTEM,
  );
  const { token } = await createApiToken(user.id, { name: "test" }, SYSTEM);
  return { userId: user.id, token };
}

type CallOptions = {
  token?: string;
  params?: Record<string, string | string[]>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  search?: Record<string, string>;
  /** More request headers (X-Forwarded-For, a session cookie). */
  headers?: Record<string, string>;
};

/** Call a route handler in-process, as Next.js would, and return status and parsed JSON. */
export async function call(
  handler: RouteHandler,
  method: string,
  pathname: string,
  opts: CallOptions = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const url = new URL(pathname, "http://localhost:3000");
  for (const [k, v] of Object.entries(opts.search ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined) headers.set("content-type", opts.contentType ?? "application/json");
  const res = await handler(new NextRequest(url, { method, headers, body }), {
    params: Promise.resolve(opts.params ?? {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: res.headers,
  };
}
