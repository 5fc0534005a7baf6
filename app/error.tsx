"use client";

import { RouteError } from "@/components/ui/route-error";

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24">
      <RouteError error={error} retry={retry} />
    </main>
  );
}
