import type { ReactNode } from "react";
import { AppFrame } from "@/components/shell/app-frame";
import { requireUser } from "./require-user";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <AppFrame user={{ email: user.email, name: user.name, role: user.role }}>{children}</AppFrame>
  );
}
