// A real OpenID provider for the SSO e2e spec: `oidc-provider` (an OpenID Certified
// implementation) on loopback, with one confidential client (Meridian), the accounts of
// e2e/helpers/sso.ts whose claims include `groups`, and its own login and consent pages.
//
//   node --import tsx test/oidc/provider.ts --port 4812 --redirect http://localhost:4810/api/auth/callback/oidc
//
// Test control, outside the provider's routes (loopback only):
//   POST /test/clock?skew=<seconds>  the provider's clock runs <seconds> behind (0 resets), so
//                                     the ID tokens it signs are already expired for Meridian.
//   GET  /test/issued                 how many ID tokens the token endpoint issued so far.
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import Provider from "oidc-provider";
import { SSO_ACCOUNTS, SSO_CLIENT, type SsoLogin } from "../../e2e/helpers/sso";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    redirect: { type: "string", multiple: true, default: [] },
    "id-token-ttl": { type: "string", default: "300" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) throw new Error("--port is required");
const issuer = `http://127.0.0.1:${port}`;
const idTokenTtl = Number(values["id-token-ttl"]);

// The provider reads time through Date.now() (lib/helpers/epoch_time.js); skewing it here makes
// every timestamp it signs (iat, exp, auth_time) lag by the same amount, as a provider with a
// slow clock would. Everything else in this process is the harness, not the provider.
const realNow = Date.now.bind(Date);
let skewMs = 0;
Date.now = () => realNow() - skewMs;
let issued = 0;

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const signingKey = {
  ...privateKey.export({ format: "jwk" }),
  kid: "e2e",
  alg: "RS256",
  use: "sig",
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: SSO_CLIENT.id,
      client_secret: SSO_CLIENT.secret,
      redirect_uris: values.redirect,
      post_logout_redirect_uris: [],
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: ["e2e-cookie-key-for-the-loopback-provider"] },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name"],
    groups: ["groups"],
  },
  // Put the scopes' claims in the ID token as Keycloak, Dex, Okta and Entra do (Meridian reads
  // the ID token, not /userinfo).
  conformIdTokenClaims: false,
  ttl: { IdToken: idTokenTtl, AccessToken: 300, AuthorizationCode: 60, Session: 3600 },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const account = SSO_ACCOUNTS[id as SsoLogin];
    if (!account) return undefined;
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email: account.email,
        email_verified: true,
        name: account.name,
        groups: [...account.groups],
      }),
    };
  },
});
provider.on("grant.success", (ctx) => {
  if ((ctx.oidc.body as { grant_type?: string } | undefined)?.grant_type === "authorization_code") {
    issued += 1;
  }
});

const callback = provider.callback();
http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/test/clock" && req.method === "POST") {
      skewMs = Number(url.searchParams.get("skew") ?? 0) * 1000;
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === "/test/issued") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issued }));
      return;
    }
    callback(req, res);
  })
  .listen(port, "127.0.0.1", () => console.log(`oidc-provider: issuer ${issuer}`));
