import type { Metadata } from "next";
import { requireUser } from "../../require-user";
import { ChangesClient } from "./changes-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Changes" };

/** Change-set history: every applied plan and rollback, newest first. */
export default async function ChangesPage() {
  await requireUser();
  return <ChangesClient />;
}
