import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { countGlobalServices } from "@/lib/store/health";
import { readGlobalHostStyle } from "@/lib/store/settings";
import { requireUser } from "../../require-user";
import { GlobalNamesClient } from "./global-names-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Global names" };

export default async function GlobalNamesPage() {
  const user = await requireUser();
  const [suffix, services] = await Promise.all([readGlobalHostStyle(), countGlobalServices()]);
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Global names"
        description="The hostname every global service is reached by from the clusters that import it. Changing it renames every global host and updates those clusters' resources in one change set."
      />
      <GlobalNamesClient
        initialSuffix={suffix}
        globalServices={services}
        isAdmin={user.role === "admin"}
      />
    </>
  );
}
