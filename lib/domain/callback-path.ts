/** Printable ASCII but the space: a real path arrives percent-encoded. */
const PATH_CHARACTERS = /^[\x21-\x7e]*$/;

/**
 * Only same-site paths are accepted as a post-login destination (no open redirects): a path
 * that starts with one `/` not followed by `/` or `\`, and holds no control or non-ASCII
 * character. Browsers drop TAB, LF and CR from a URL, so `/\t/evil.example/` is followed as
 * `//evil.example/`, another site (https://url.spec.whatwg.org/#concept-basic-url-parser), and
 * a control character in a `Location` header is refused by Node (a 500).
 */
export function safeCallbackPath(value: string | null | undefined): string {
  if (
    !value ||
    !PATH_CHARACTERS.test(value) ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return "/";
  }
  return value;
}

/**
 * Where next-auth may send the browser after signing in or out: a same-site path (see
 * {@link safeCallbackPath}) or an absolute URL on `baseUrl`'s origin; anything else, including
 * what `URL` cannot parse (`http://[::1/`, a 500 before), is `baseUrl`.
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  if (url.startsWith("/")) {
    const path = safeCallbackPath(url);
    return path === url ? `${baseUrl}${path}` : baseUrl;
  }
  try {
    const target = new URL(url);
    const base = new URL(baseUrl);
    const path = `${target.pathname}${target.search}${target.hash}`;
    if (target.origin === base.origin && safeCallbackPath(path) === path) return target.href;
  } catch {
    // Not a URL: the base.
  }
  return baseUrl;
}
