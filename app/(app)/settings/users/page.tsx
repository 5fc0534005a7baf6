import { ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listUsers } from "@/lib/store/users";
import { requireUser } from "../../require-user";
import { UsersClient } from "./users-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requireUser();
  const header = (
    <PageHeader
      eyebrow="Settings"
      title="Users"
      description="Who may sign in to Meridian and with which role. Viewers read; operators plan and apply changes; admins also manage clusters, users and settings. Every change here is recorded in the audit log."
    />
  );
  if (user.role !== "admin")
    return (
      <>
        {header}
        <EmptyState icon={<ShieldAlert aria-hidden />} title="Only admins manage users">
          Ask an admin of this Meridian to add a user or change a role.
        </EmptyState>
      </>
    );
  return (
    <>
      {header}
      <UsersClient initialUsers={await listUsers()} selfId={user.id} />
    </>
  );
}
