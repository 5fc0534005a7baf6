import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { safeCallbackPath } from "@/lib/domain/callback-path";

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards.
 * Cached per request so the layout and the page share one lookup.
 */
export const requireUser = cache(async (): Promise<SessionUser> => {
  const user = await getSessionUser();
  if (user) return user;
  const h = await headers();
  // The current path, when the proxy forwards it; otherwise come back to the overview.
  const path = safeCallbackPath(h.get("x-pathname") ?? h.get("x-invoke-path"));
  redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
});
