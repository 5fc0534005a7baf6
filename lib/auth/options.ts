import "server-only";
import type { NextAuthOptions } from "next-auth";
import type { Provider } from "next-auth/providers/index";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { limitedSignIn } from "@/lib/auth/sign-in-limit";
import { authSecret } from "@/lib/crypto/secret";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { authenticateUser } from "@/lib/services/access/users";
import {
  handleOidcSignIn,
  OIDC_PROVIDER_ID,
  oidcProvider,
  oidcSessionUserId,
  oidcSettings,
} from "@/lib/auth/oidc";

const credentialsSchema = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(256),
});

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Email and password over users stored in Postgres. */
function credentialsProvider(): Provider {
  return CredentialsProvider({
    name: "Email and password",
    credentials: {
      email: { label: "Email", type: "email" },
      password: { label: "Password", type: "password" },
    },
    async authorize(raw, req) {
      const parsed = credentialsSchema.safeParse(raw);
      if (!parsed.success) return null;
      const { email, password } = parsed.data;
      // Per account and per address (lib/auth/sign-in-limit.ts); refusals become 429s.
      const user = await limitedSignIn(email, req?.headers, () =>
        authenticateUser(email, password),
      );
      return user ? { id: user.id, email: user.email, name: user.name ?? user.email } : null;
    },
  });
}

/**
 * The sign-in methods this deployment offers: email and password unless
 * MERIDIAN_PASSWORD_LOGIN=false (then /api/auth/callback/credentials does not exist), and
 * OpenID Connect when MERIDIAN_OIDC_* is set.
 */
function signInProviders(): Provider[] {
  const providers: Provider[] = [];
  if (env().MERIDIAN_PASSWORD_LOGIN) providers.push(credentialsProvider());
  const oidc = oidcSettings();
  if (oidc) providers.push(oidcProvider(oidc));
  return providers;
}

/** next-auth's own log lines, reduced to the code and the error's message (never a token). */
const authLogger: NextAuthOptions["logger"] = {
  error(code, metadata) {
    const m = metadata as { error?: { message?: unknown }; message?: unknown } | undefined;
    const message = String(m?.error?.message ?? m?.message ?? "").slice(0, 300);
    log.warn("sign-in failed", { code, message });
  },
  warn: (code) => log.warn("next-auth warning", { code }),
  debug: () => {},
};

/** next-auth configuration: the providers above, JWT sessions carrying the Meridian user id. */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Errors (a refused or unverifiable sign-in) land on the sign-in page with ?error=<code>.
    pages: { signIn: "/login", error: "/login" },
    providers: signInProviders(),
    logger: authLogger,
    callbacks: {
      signIn: ({ account, profile }) =>
        account?.provider === OIDC_PROVIDER_ID ? handleOidcSignIn(account, profile) : true,
      // The role is deliberately not trusted from the token: every request reads it fresh.
      async jwt({ token, user, account, profile }) {
        if (!user) return token;
        // next-auth seeds `sub` with the provider's subject: never let that stand for a user id.
        const { sub: _providerSubject, ...rest } = token;
        const sub =
          account?.provider === OIDC_PROVIDER_ID
            ? await oidcSessionUserId(account, profile)
            : user.id;
        return sub ? { ...rest, sub } : rest;
      },
      session: ({ session, token }) => ({ ...session, userId: token.sub }),
    },
  };
}
