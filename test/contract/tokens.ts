// Makes the callers the contract fuzz runs as: an admin and a viewer, each with an API token,
// in the database at DATABASE_URL (a throwaway one). Writes `ADMIN_TOKEN=…`, `ADMIN_TOKEN_ID=…`,
// `VIEWER_TOKEN=…`, `VIEWER_TOKEN_ID=…`
// lines to the file named by its argument (mode 0600) and prints nothing secret.
import { writeFileSync } from "node:fs";
import { createApiToken } from "@/lib/services/access/api-tokens";
import { createUser } from "@/lib/services/access/users";
import { db } from "@/lib/store/client";

const out = process.argv[2];
if (!process.env.DATABASE_URL || !out) {
  console.error("usage: DATABASE_URL=… tokens.ts <file>");
  process.exit(2);
}
const SYSTEM = { type: "system", label: "contract-fuzz" } as const;
const lines: string[] = [];
for (const role of ["admin", "viewer"] as const) {
  const user = await createUser(
    { email: `contract-${role}-${Date.now()}@test.local`, password: crypto.randomUUID(), role },
    SYSTEM,
  );
  const { token, item } = await createApiToken(user.id, { name: "contract fuzz" }, SYSTEM);
  lines.push(`${role.toUpperCase()}_TOKEN=${token}`, `${role.toUpperCase()}_TOKEN_ID=${item.id}`);
}
writeFileSync(out, `${lines.join("\n")}\n`, { mode: 0o600 });
console.log(`contract: admin and viewer tokens written to ${out}`);
await db().$disconnect();
