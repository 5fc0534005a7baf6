import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authSecret } from "@/lib/crypto/secret";
import { authenticateUser } from "@/lib/services/users";

const credentialsSchema = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(256),
});

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** next-auth configuration: credentials over users stored in Postgres, JWT sessions. */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(raw) {
          const parsed = credentialsSchema.safeParse(raw);
          if (!parsed.success) return null;
          const user = await authenticateUser(parsed.data.email, parsed.data.password);
          return user ? { id: user.id, email: user.email, name: user.name ?? user.email } : null;
        },
      }),
    ],
    callbacks: {
      // The role is deliberately not trusted from the token: every request reads it fresh.
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id } : token),
      session: ({ session, token }) => ({ ...session, userId: token.sub }),
    },
  };
}
