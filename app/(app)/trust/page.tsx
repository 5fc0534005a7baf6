import type { Metadata } from "next";
import { getTrustView } from "@/lib/services/trust/trust";
import { requireUser } from "../require-user";
import { TrustClient } from "./trust-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Trust" };

/** Trust federation: which clusters can mTLS with which, their roots, expiry and rotations. */
export default async function TrustPage() {
  await requireUser();
  return <TrustClient initial={await getTrustView()} />;
}
