"use client";

import { THEME_SCRIPT } from "@/components/shell/theme-script";
import { RouteError } from "@/components/ui/route-error";
import "./globals.css";

// Replaces the root layout when it fails, so it brings its own document, styles and theme.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <title>Error · Meridian</title>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <main className="mx-auto max-w-xl px-4 py-24">
          <RouteError error={error} retry={retry} what="Meridian" />
        </main>
      </body>
    </html>
  );
}
