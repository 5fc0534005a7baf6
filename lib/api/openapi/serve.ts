import { NextResponse } from "next/server";
import { agentApiDocument, restApiDocument } from "./document";

// The documents are the same for the life of the process: build each once, on first request.
let rest: ReturnType<typeof restApiDocument> | undefined;
let agent: ReturnType<typeof agentApiDocument> | undefined;

/** GET …/openapi.json: the document, cacheable for a minute. */
export function openApiResponse(which: "rest" | "agent"): NextResponse {
  const doc = which === "rest" ? (rest ??= restApiDocument()) : (agent ??= agentApiDocument());
  return NextResponse.json(doc, { headers: { "Cache-Control": "public, max-age=60" } });
}
