import "server-only";
import { z } from "zod";

/** The roles a group can grant (the same names as lib/model's ROLES; the types must agree). */
const GRANTABLE_ROLES = ["viewer", "operator", "admin"] as const;

/** One group → role rule of MERIDIAN_OIDC_ROLES. */
export type GroupRole = { group: string; role: (typeof GRANTABLE_ROLES)[number] };

const grantableRole = z.enum(GRANTABLE_ROLES);

/**
 * MERIDIAN_OIDC_ROLES: `group=role` pairs separated by commas
 * (`meridian-admins=admin,meridian-operators=operator`), split at each pair's last `=`; or, for
 * group names that hold commas (LDAP DNs), a JSON object `{"cn=admins,ou=groups": "admin"}`.
 */
export const roleMappingSchema = z
  .string()
  .trim()
  .transform((text, ctx): GroupRole[] => {
    if (text === "") return [];
    let pairs: [string, unknown][];
    if (text.startsWith("{")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
        pairs = Object.entries(parsed);
      } catch {
        ctx.addIssue({ code: "custom", message: "a JSON object of group → role" });
        return z.NEVER;
      }
    } else {
      pairs = text.split(",").map((entry) => {
        const at = entry.lastIndexOf("=");
        return at < 0
          ? [entry.trim(), ""]
          : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
      });
    }
    const rules: GroupRole[] = [];
    for (const [group, role] of pairs) {
      const parsedRole = grantableRole.safeParse(role);
      if (group === "" || !parsedRole.success) {
        ctx.addIssue({ code: "custom", message: "each entry is group=viewer|operator|admin" });
        return z.NEVER;
      }
      rules.push({ group, role: parsedRole.data });
    }
    return rules;
  });

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** An issuer is https, or http on a loopback host (a provider started by a test or a tunnel). */
const issuerSchema = z
  .string()
  .url()
  .refine((raw) => {
    const url = new URL(raw);
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  }, "https (http only on a loopback host)")
  .transform((raw) => raw.replace(/\/+$/, ""));

/** The single sign-on variables, spread into lib/infra/env.ts's schema. */
export const oidcEnvSchema = {
  /** OpenID Connect issuer (its /.well-known/openid-configuration is read at sign-in). */
  MERIDIAN_OIDC_ISSUER: issuerSchema.optional(),
  MERIDIAN_OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  /** Never logged, never shown; only sent to the provider's token endpoint. */
  MERIDIAN_OIDC_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  /** Shown on the sign-in button: "Sign in with <name>". */
  MERIDIAN_OIDC_NAME: z.string().trim().min(1).max(40).default("SSO"),
  MERIDIAN_OIDC_SCOPES: z
    .string()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, "space-separated scopes")
    .refine((s) => s.split(" ").includes("openid"), "must include openid")
    .default("openid email profile"),
  /** The ID token claim holding the user's groups; a dotted path reads nested claims. */
  MERIDIAN_OIDC_ROLE_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_:/.-]+$/)
    .default("groups"),
  MERIDIAN_OIDC_ROLES: roleMappingSchema.default([]),
  /** The role of a user in no mapped group: `none` (default) refuses the sign-in. */
  MERIDIAN_OIDC_DEFAULT_ROLE: z.enum(["none", ...GRANTABLE_ROLES]).default("none"),
  /** `false` turns email-and-password sign-in off (single sign-on must then be configured). */
  MERIDIAN_PASSWORD_LOGIN: flag.default(true),
};

type SignInVars = {
  MERIDIAN_OIDC_ISSUER?: string;
  MERIDIAN_OIDC_CLIENT_ID?: string;
  MERIDIAN_OIDC_CLIENT_SECRET?: string;
  MERIDIAN_PASSWORD_LOGIN: boolean;
};

/** The three OIDC variables come together, and someone must be able to sign in. */
export function refineSignIn(vars: SignInVars, ctx: z.RefinementCtx): void {
  const names = ["MERIDIAN_OIDC_ISSUER", "MERIDIAN_OIDC_CLIENT_ID", "MERIDIAN_OIDC_CLIENT_SECRET"];
  const set = names.filter((name) => vars[name as keyof SignInVars] !== undefined);
  if (set.length > 0 && set.length < names.length) {
    for (const name of names.filter((n) => !set.includes(n))) {
      ctx.addIssue({ code: "custom", path: [name], message: "set all three OIDC variables" });
    }
  }
  if (!vars.MERIDIAN_PASSWORD_LOGIN && set.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["MERIDIAN_PASSWORD_LOGIN"],
      message: "false needs single sign-on (MERIDIAN_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET)",
    });
  }
}
