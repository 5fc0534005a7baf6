import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { NONCE_HEADER } from "@/lib/infra/content-security-policy";
import { Providers } from "@/components/providers";
import { THEME_SCRIPT } from "@/components/shell/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Meridian", template: "%s · Meridian" },
  description: "Management plane for multi-cluster service mesh",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f7f9" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0d12" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, with the nonce its Content-Security-Policy allows.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // The theme script sets the class before hydration, hence the warning suppression.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
