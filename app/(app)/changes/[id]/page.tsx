import type { Metadata } from "next";
import { requireUser } from "../../require-user";
import { ChangeSetClient } from "./change-set-client";

export const dynamic = "force-dynamic";

type ChangeSetPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ChangeSetPageProps): Promise<Metadata> {
  const { id } = await params;
  return { title: /^\d+$/.test(id) ? `Change #${id}` : "Change set" };
}

/** One change set by number (or id): live per-cluster status, the applied diff, rollback. */
export default async function ChangeSetPage({ params }: ChangeSetPageProps) {
  const user = await requireUser();
  const { id } = await params;
  return <ChangeSetClient id={decodeURIComponent(id)} canChange={user.role !== "viewer"} />;
}
