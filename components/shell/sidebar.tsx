import {
  Activity,
  Bell,
  GitCommitHorizontal,
  Globe,
  Handshake,
  KeyRound,
  LayoutDashboard,
  Network,
  Server,
  Share2,
  ScrollText,
  ShieldCheck,
  Users,
  Waypoints,
} from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/brand/logo";
import type { RoleName } from "@/lib/model/inventory";
import { NavLink } from "./nav-link";
import { settingsLinks, type SettingsLink } from "./settings-links";

const SETTINGS_ICONS: Record<SettingsLink["icon"], ReactNode> = {
  tokens: <KeyRound aria-hidden />,
  metrics: <Activity aria-hidden />,
  names: <Globe aria-hidden />,
  users: <Users aria-hidden />,
  audit: <ScrollText aria-hidden />,
};

function SectionLabel({ children }: { children: ReactNode }) {
  return (
    <div className="text-subtle px-2.5 pt-4 pb-1 text-[11px] font-medium tracking-wide uppercase">
      {children}
    </div>
  );
}

export function Sidebar({ role }: { role: RoleName }) {
  return (
    <aside className="border-border bg-surface hidden w-56 shrink-0 border-r md:block">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="border-border flex h-12 items-center border-b px-4">
          <Link href="/" className="rounded-md" aria-label="Meridian home">
            <Logo />
          </Link>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-2">
          <SectionLabel>Fleet</SectionLabel>
          <div className="space-y-0.5">
            <FleetLinks />
          </div>
          <SectionLabel>Settings</SectionLabel>
          {settingsLinks(role).map((l) => (
            <NavLink key={l.href} href={l.href} icon={SETTINGS_ICONS[l.icon]}>
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </aside>
  );
}

/** The fleet pages, shared by the sidebar and the compact navigation. */
function FleetLinks() {
  return (
    <>
      <NavLink href="/" icon={<LayoutDashboard aria-hidden />}>
        Overview
      </NavLink>
      <NavLink href="/topology" icon={<Waypoints aria-hidden />}>
        Topology
      </NavLink>
      <NavLink href="/clusters" icon={<Server aria-hidden />}>
        Clusters
      </NavLink>
      <NavLink href="/services" icon={<Network aria-hidden />}>
        Services
      </NavLink>
      <NavLink href="/sharing" icon={<Share2 aria-hidden />}>
        Sharing
      </NavLink>
      <NavLink href="/trust" icon={<ShieldCheck aria-hidden />}>
        Trust
      </NavLink>
      <NavLink href="/changes" icon={<GitCommitHorizontal aria-hidden />}>
        Changes
      </NavLink>
      <NavLink href="/alerts" icon={<Bell aria-hidden />}>
        Alerts
      </NavLink>
      <NavLink href="/peers" icon={<Handshake aria-hidden />}>
        Peers
      </NavLink>
    </>
  );
}

/** Compact navigation for narrow screens, where the sidebar is hidden. */
export function MobileNav() {
  return (
    <nav
      aria-label="Main"
      className="border-border bg-surface flex gap-1 overflow-x-auto border-b px-3 py-1.5 md:hidden"
    >
      <FleetLinks />
      <NavLink href="/settings/tokens" icon={<KeyRound aria-hidden />}>
        Tokens
      </NavLink>
    </nav>
  );
}
