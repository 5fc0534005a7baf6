// GET /api/v1/audit/export — the filtered audit trail as a CSV or JSON file (?format=csv|json&…), admin
import { NextResponse } from "next/server";
import { parseOrThrow } from "@/lib/api/errors";
import { withAuth } from "@/lib/auth/with-auth";
import { auditExportQuerySchema } from "@/lib/model/audit";
import { exportAudit } from "@/lib/services/access/audit-log";

export const GET = withAuth(
  async (req) => {
    const query = parseOrThrow(
      auditExportQuerySchema,
      Object.fromEntries(req.nextUrl.searchParams),
    );
    const file = await exportAudit(query);
    return new NextResponse(file.body, {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        ...(file.truncated ? { "X-Meridian-Truncated": "true" } : {}),
      },
    });
  },
  { role: "admin" },
);
