import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { changeSetInWords } from "@/lib/services/sharing/change-sets";
import { getChangeSet } from "@/lib/store/change-sets";
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
  const id = decodeURIComponent((await params).id);
  // Read here, not only in the client: an unknown change set answers a real 404, not a 200
  // page that says so (no loading boundary sits above this page for that reason).
  const changeSet = await getChangeSet(id);
  if (!changeSet) notFound();
  return (
    <ChangeSetClient
      id={id}
      initial={changeSet}
      changes={await changeSetInWords(changeSet.id)}
      canChange={user.role !== "viewer"}
    />
  );
}
