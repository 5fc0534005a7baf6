"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);

  function handleSignOut() {
    setPending(true);
    void signOut({ callbackUrl: "/login" });
  }

  return (
    <Button variant="ghost" size="sm" onClick={handleSignOut} loading={pending}>
      {pending ? null : <LogOut className="size-3.5" aria-hidden />}
      Sign out
    </Button>
  );
}
