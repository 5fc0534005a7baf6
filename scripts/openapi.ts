// Writes the generated OpenAPI documents, or the operation table of docs/api.md:
//   node --import tsx scripts/openapi.ts json <dir>     → <dir>/rest.json, <dir>/agent.json
//   node --import tsx scripts/openapi.ts markdown       → the table, on stdout
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agentApiDocument, restApiDocument } from "@/lib/api/openapi/document";
import { operationTable } from "@/lib/api/openapi/table";

const [command, dir] = process.argv.slice(2);
if (command === "json" && dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "rest.json"), `${JSON.stringify(restApiDocument(), null, 2)}\n`);
  writeFileSync(path.join(dir, "agent.json"), `${JSON.stringify(agentApiDocument(), null, 2)}\n`);
} else if (command === "markdown") {
  process.stdout.write(operationTable([restApiDocument(), agentApiDocument()]));
} else {
  console.error("usage: scripts/openapi.ts json <dir> | markdown");
  process.exit(2);
}
