// The Content-Security-Policy of Meridian's pages and of everything else it serves.
//
// Pages: scripts run only with the request's nonce ('strict-dynamic' lets Next's nonced loader
// pull in its chunks), so an injected <script> or inline handler never runs. Next.js reads the
// nonce from the request's CSP header and puts it on its own inline scripts (proxy.ts sets it),
// https://nextjs.org/docs/app/guides/content-security-policy. Styles allow inline: the map,
// charts and React's style props set style attributes, and a nonce beside 'unsafe-inline' would
// switch it off; a style cannot run script.
//
// Everything else (the REST and agent APIs, /metrics): JSON or text that no browser should
// render or frame, so nothing at all is allowed.

/** The policy of every response that is not a page. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The nonce header Next.js and the root layout read (set by proxy.ts on each page request). */
export const NONCE_HEADER = "x-nonce";

/** A fresh nonce: 16 random bytes, base64 (128 bits, as CSP3 asks for at least). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export type PagePolicyOptions = {
  nonce: string;
  /** `next dev` evaluates code for fast refresh and React's dev tooling ('unsafe-eval'). */
  development?: boolean;
  /** Served over https: ask the browser to upgrade any http sub-resource. */
  https?: boolean;
  /**
   * Inline scripts allowed by their SHA-256 (base64) where no nonce can reach them: the theme
   * script of the error document that replaces the root layout (app/global-error.tsx).
   */
  scriptHashes?: readonly string[];
};

/** The policy of one page response. */
export function pagePolicy(options: PagePolicyOptions): string {
  const { nonce, development, https, scriptHashes = [] } = options;
  const script = [`'self'`, `'nonce-${nonce}'`, ...scriptHashes.map((h) => `'sha256-${h}'`)];
  script.push(`'strict-dynamic'`);
  if (development) script.push(`'unsafe-eval'`);
  const directives = [
    `default-src 'self'`,
    `script-src ${script.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
