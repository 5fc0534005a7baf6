import { authOptions } from "@/lib/auth/options";
import { signInRetryAfter } from "@/lib/domain/retry-wait";
import { PEER_HEADER } from "@/lib/infra/peer-address";
import { createUser } from "@/lib/services/access/users";

const SYSTEM = { type: "system", label: "test" } as const;
export const PASSWORD = "correct horse battery";

type Authorize = (
  credentials: Record<string, string>,
  req: { headers: Record<string, string> },
) => Promise<{ id: string } | null>;

/** next-auth's credentials provider keeps the authorize we wrote under `options`. */
function authorizeFn(): Authorize {
  const provider = authOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

/**
 * One sign-in attempt as next-auth runs it, from the TCP peer `ip`: "signed-in", "wrong", or the sign-in
 * limit's refusal with the seconds to wait.
 */
export async function signIn(
  email: string,
  password: string,
  ip: string,
): Promise<"signed-in" | "wrong" | { refusedFor: number }> {
  try {
    const user = await authorizeFn()({ email, password }, { headers: { [PEER_HEADER]: ip } });
    return user ? "signed-in" : "wrong";
  } catch (error) {
    const wait = signInRetryAfter((error as Error).message);
    if (wait === null) throw error;
    return { refusedFor: wait };
  }
}

/** A viewer whose password is {@link PASSWORD}. */
export function newUser(email: string) {
  return createUser({ email, password: PASSWORD, role: "viewer" }, SYSTEM);
}
