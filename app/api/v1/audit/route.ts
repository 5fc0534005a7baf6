// GET /api/v1/audit — the audit trail, newest first (?actor=&action=&targetType=&via=&from=&to=&limit=&cursor=), admin
import { parseOrThrow } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withAuth } from "@/lib/auth/with-auth";
import { auditPageSchema, auditQuerySchema } from "@/lib/model/audit";
import { listAudit } from "@/lib/services/access/audit-log";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(auditQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json(auditPageSchema, await listAudit(query));
  },
  { role: "admin" },
);
