import "server-only";
import type { Account, Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { DomainError } from "@/lib/domain/errors";
import type { RolePolicy } from "@/lib/domain/oidc-role";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { oidcUserId, signInWithOidc, type OidcRefusal } from "@/lib/services/access/oidc-sign-in";

/** next-auth's provider id: the redirect URI is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: string;
  policy: RolePolicy;
};

/** The single sign-on settings from the environment, or null when it is not configured. */
export function oidcSettings(): OidcSettings | null {
  const e = env();
  if (!e.MERIDIAN_OIDC_ISSUER || !e.MERIDIAN_OIDC_CLIENT_ID || !e.MERIDIAN_OIDC_CLIENT_SECRET) {
    return null;
  }
  return {
    issuer: e.MERIDIAN_OIDC_ISSUER,
    clientId: e.MERIDIAN_OIDC_CLIENT_ID,
    clientSecret: e.MERIDIAN_OIDC_CLIENT_SECRET,
    name: e.MERIDIAN_OIDC_NAME,
    scopes: e.MERIDIAN_OIDC_SCOPES,
    policy: {
      claim: e.MERIDIAN_OIDC_ROLE_CLAIM,
      rules: e.MERIDIAN_OIDC_ROLES,
      defaultRole: e.MERIDIAN_OIDC_DEFAULT_ROLE,
    },
  };
}

/** How one may sign in, for the sign-in page (nothing secret). */
export function signInMethods(): { password: boolean; sso: { name: string } | null } {
  const sso = oidcSettings();
  return { password: env().MERIDIAN_PASSWORD_LOGIN, sso: sso ? { name: sso.name } : null };
}

type IdTokenClaims = Profile & Record<string, unknown>;

/**
 * next-auth's OpenID Connect provider: discovery from the issuer, the authorization code flow
 * with PKCE, state and nonce all checked, and the user read from the verified ID token's claims
 * (openid-client checks its signature, `iss`, `aud`, `exp` and `nonce`).
 */
export function oidcProvider(settings: OidcSettings): OAuthConfig<IdTokenClaims> {
  return {
    id: OIDC_PROVIDER_ID,
    name: settings.name,
    type: "oauth",
    wellKnown: `${settings.issuer}/.well-known/openid-configuration`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorization: { params: { scope: settings.scopes } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    profile: (claims) => ({
      id: String(claims.sub),
      email: typeof claims.email === "string" ? claims.email : null,
      name: typeof claims.name === "string" ? claims.name : null,
    }),
  };
}

/** Where the sign-in page is sent for each refusal (app/login turns the code into words). */
const REFUSAL_PAGE: Record<OidcRefusal, string> = {
  no_role: "/login?error=NoRole",
  no_email: "/login?error=NoEmail",
  email_taken: "/login?error=EmailTaken",
  disabled: "/login?error=Disabled",
};

const claimString = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** next-auth's signIn callback for the OIDC provider: true, or the sign-in page with a reason. */
export async function handleOidcSignIn(
  account: Account,
  profile: Profile | undefined,
): Promise<true | string> {
  const settings = oidcSettings();
  const claims = (profile ?? {}) as Record<string, unknown>;
  if (!settings) return "/login?error=Configuration";
  const issuer = claimString(claims.iss) ?? settings.issuer;
  const email = claimString(claims.email) ?? emailLike(claims.preferred_username);
  try {
    await signInWithOidc(
      {
        issuer,
        subject: account.providerAccountId,
        email,
        emailVerified: claims.email_verified === true && claimString(claims.email) !== null,
        name: claimString(claims.name),
        claims,
      },
      settings.policy,
    );
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code.startsWith("oidc_")) {
      // Who and why, never a token: the claims may be personal, the ID token is a credential.
      log.warn("single sign-on refused", {
        code: error.code,
        issuer,
        subject: account.providerAccountId,
      });
      return (
        REFUSAL_PAGE[error.code.slice("oidc_".length) as OidcRefusal] ?? "/login?error=AccessDenied"
      );
    }
    throw error;
  }
}

/** Entra ID sends the user principal name in preferred_username when no email claim is set. */
function emailLike(value: unknown): string | null {
  const s = claimString(value);
  return s && /^[^@\s]+@[^@\s]+$/.test(s) ? s : null;
}

/** The Meridian user id for a completed OIDC sign-in (the session carries ours, not `sub`). */
export async function oidcSessionUserId(
  account: Account,
  profile: Profile | undefined,
): Promise<string | null> {
  const issuer = claimString((profile as Record<string, unknown> | undefined)?.iss);
  const settings = oidcSettings();
  return oidcUserId(issuer ?? settings?.issuer ?? "", account.providerAccountId);
}
