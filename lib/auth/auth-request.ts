import "server-only";
import { NextRequest } from "next/server";
import { readBoundedText } from "@/lib/api/bounded-body";
import { badRequest } from "@/lib/api/errors";
import { parseJsonBody } from "@/lib/api/respond";
import { requireStorableText } from "@/lib/api/storable-text";
import { safeRedirectUrl } from "@/lib/domain/callback-path";

/** More than any sign-in form (CSRF token, email, password, callback URL) needs. */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

const FORM = "application/x-www-form-urlencoded";

/** The fields of a JSON body next-auth reads: a flat object of strings (numbers, booleans). */
function formFields(text: string): URLSearchParams {
  const value = parseJsonBody(text);
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest("The sign-in endpoints take a JSON object of fields");
  }
  const fields = new URLSearchParams();
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === "string" || typeof field === "number" || typeof field === "boolean") {
      fields.set(name, String(field));
    }
  }
  return fields;
}

/** Drop a callback URL that does not lead back into this Meridian (issue 37.4). */
function keepOwnCallback(fields: URLSearchParams, baseUrl: string): void {
  const callback = fields.get("callbackUrl");
  if (callback === null) return;
  const safe = safeRedirectUrl(callback, baseUrl);
  if (safe === baseUrl) fields.delete("callbackUrl");
  else fields.set("callbackUrl", safe);
}

/**
 * The request handed to next-auth, made safe for it (issue 37.4: it answered 500 to an empty or
 * malformed JSON body, and to a callback URL it could not parse): the body read no further than
 * {@link MAX_AUTH_BODY_BYTES} (413), a JSON body that is not an object of fields refused (400),
 * and every body passed on as a form, the other type next-auth reads; a callback URL, in the
 * query or the body, kept only when it leads back here.
 */
export async function authRequestFor(req: NextRequest, baseUrl: string): Promise<NextRequest> {
  const url = new URL(req.url);
  const query = url.searchParams;
  keepOwnCallback(query, baseUrl);
  url.search = query.toString();
  if (req.method !== "POST")
    return new NextRequest(url, { method: req.method, headers: req.headers });
  const type = req.headers.get("content-type") ?? "";
  const text = await readBoundedText(req, MAX_AUTH_BODY_BYTES);
  let fields: URLSearchParams;
  if (/^application\/json\b/i.test(type)) fields = formFields(text);
  else if (type.toLowerCase().startsWith(FORM)) fields = new URLSearchParams(text);
  else fields = new URLSearchParams();
  requireStorableText([...fields.entries()].flat(), "body");
  keepOwnCallback(fields, baseUrl);
  const headers = new Headers(req.headers);
  headers.set("content-type", FORM);
  headers.delete("content-length");
  return new NextRequest(url, { method: "POST", headers, body: fields.toString() });
}
