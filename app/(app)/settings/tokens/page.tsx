import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { listApiTokens } from "@/lib/store/api-tokens";
import { requireUser } from "../../require-user";
import { TokensClient } from "./tokens-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const user = await requireUser();
  const tokens = await listApiTokens(user.id);
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="API tokens"
        description="Personal tokens for the Meridian REST API and CLI. Send them as “Authorization: Bearer <token>”."
      />
      <TokensClient initialTokens={tokens} />
    </>
  );
}
