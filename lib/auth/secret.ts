import "server-only";
import { env } from "@/lib/env";

/** The next-auth signing secret; required, so sessions can never be forged with a default. */
export function authSecret(): string {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start Meridian with `npm start`");
  return secret;
}
