import "server-only";
import type { Actor } from "@/lib/model/actor";
import { DomainError } from "@/lib/domain/errors";
import { roleFromClaims, type RolePolicy } from "@/lib/domain/oidc-role";
import { recordAudit } from "@/lib/store/audit";
import { transaction, type Tx } from "@/lib/store/transaction";
import {
  findUserByEmail,
  findUserByOidcSubject,
  insertOidcUser,
  recordOidcLogin,
  type UserRow,
} from "@/lib/store/users";

/** What a verified ID token says about the person signing in. */
export type OidcIdentity = {
  /** `iss` and `sub`: together the stable identity (an email can change or be reused). */
  issuer: string;
  subject: string;
  email: string | null;
  /** `email_verified`; only a verified email may link to an existing Meridian account. */
  emailVerified: boolean;
  name: string | null;
  /** Every claim of the ID token, for the role claim. */
  claims: Record<string, unknown>;
};

/** Why a single sign-on was refused: a stable code the sign-in page turns into words. */
export type OidcRefusal = "no_role" | "no_email" | "email_taken" | "disabled" | "bootstrap_admin";

const refuse = (code: OidcRefusal, message: string) =>
  new DomainError("forbidden", `oidc_${code}`, message);

const bootstrapAdminRefusal = () =>
  refuse("bootstrap_admin", "The bootstrap admin signs in with its password, never through SSO");

const SSO_ACTOR: Actor = { type: "system", label: "single sign-on" };

/**
 * Sign a person in through the OpenID provider: find them by (issuer, subject), else link the
 * Meridian account whose email is exactly their verified email (case included: issue 37.6), else
 * create a user with no password. The bootstrap admin is the break-glass account: never linked,
 * and refused if it was linked before, so no provider can demote, rename or take it over. The
 * role is set from the ID token's groups on every sign-in (the provider is the source of truth;
 * a change ends the user's older sessions), and every creation, link and role change is audited. Throws a `forbidden` DomainError whose code
 * is `oidc_<OidcRefusal>` when the person may not sign in; nothing is written then.
 */
export async function signInWithOidc(identity: OidcIdentity, policy: RolePolicy): Promise<UserRow> {
  const role = roleFromClaims(identity.claims, policy);
  return transaction(async (tx) => {
    let user = await findUserByOidcSubject(identity.issuer, identity.subject, tx);
    let linking = false;
    if (user?.bootstrapAdmin) throw bootstrapAdminRefusal();
    if (!user) {
      if (!identity.email) throw refuse("no_email", "The identity provider sent no email address");
      const byEmail = await findUserByEmail(identity.email, tx);
      if (byEmail?.bootstrapAdmin) throw bootstrapAdminRefusal();
      if (byEmail) {
        // Linking by an unverified email, an address that matches only when case is ignored,
        // or onto an account another subject owns, would let whoever controls that address at
        // the provider take the Meridian account over.
        if (byEmail.oidcSubject || !identity.emailVerified || identity.email !== byEmail.email) {
          throw refuse("email_taken", "A Meridian account with this email is not linked to you");
        }
        user = byEmail;
        linking = true;
      }
    }
    if (user?.disabledAt) throw refuse("disabled", "This Meridian account is disabled");
    if (!role) throw refuse("no_role", "The account is in no group that maps to a Meridian role");

    if (!user) {
      const created = await insertOidcUser(tx, {
        email: identity.email!,
        name: identity.name,
        role,
        issuer: identity.issuer,
        subject: identity.subject,
      });
      await recordAudit(tx, SSO_ACTOR, "user.create", "user", created.id, {
        email: created.email,
        role,
        source: "oidc",
        issuer: identity.issuer,
      });
      await recordSignIn(tx, created, identity.issuer);
      return created;
    }

    const updated = await recordOidcLogin(tx, user.id, {
      role,
      name: identity.name,
      issuer: identity.issuer,
      subject: identity.subject,
      endSessions: user.role !== role,
    });
    if (linking) {
      await recordAudit(tx, SSO_ACTOR, "user.link_oidc", "user", user.id, {
        email: user.email,
        issuer: identity.issuer,
      });
    }
    if (user.role !== role) {
      await recordAudit(tx, SSO_ACTOR, "user.role_change", "user", user.id, {
        email: user.email,
        from: user.role,
        to: role,
        source: "oidc",
      });
    }
    await recordSignIn(tx, updated, identity.issuer);
    return updated;
  });
}

/** The audit trail's record of a single sign-on (issue 36): who, through which provider. */
function recordSignIn(tx: Tx, user: { id: string; email: string }, issuer: string) {
  return recordAudit(
    tx,
    { type: "user", id: user.id, label: user.email },
    "user.sign-in",
    "user",
    user.id,
    { method: "oidc", issuer },
  );
}

/** The Meridian user id linked to an OpenID provider's subject, or null. */
export async function oidcUserId(issuer: string, subject: string): Promise<string | null> {
  return (await findUserByOidcSubject(issuer, subject))?.id ?? null;
}
