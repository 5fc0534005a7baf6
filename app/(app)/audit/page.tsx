import { ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "../require-user";
import { AuditClient } from "./audit-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await requireUser();
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what, when, and from where: a signed-in session, an API token, a cluster's agent, or Meridian itself. Newest first."
      />
      {user.role === "admin" ? (
        <AuditClient />
      ) : (
        <EmptyState icon={<ShieldAlert aria-hidden />} title="Only admins read the audit log">
          Ask an admin of this Meridian for the events you need.
        </EmptyState>
      )}
    </>
  );
}
