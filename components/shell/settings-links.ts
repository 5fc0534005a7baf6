import { ROLES, type RoleName } from "@/lib/model/inventory";

/** A settings page in the navigation, and the least role that may use it. */
export type SettingsLink = {
  href: string;
  label: string;
  icon: "tokens" | "metrics" | "names" | "users" | "audit";
  minRole: RoleName;
};

const SETTINGS_LINKS: readonly SettingsLink[] = [
  { href: "/settings/tokens", label: "API tokens", icon: "tokens", minRole: "viewer" },
  // Viewers read the metrics sources and the global names; admins change them.
  { href: "/settings/metrics", label: "Metrics", icon: "metrics", minRole: "viewer" },
  { href: "/settings/global-names", label: "Global names", icon: "names", minRole: "viewer" },
  { href: "/settings/users", label: "Users", icon: "users", minRole: "admin" },
  { href: "/audit", label: "Audit log", icon: "audit", minRole: "admin" },
];

/** The settings pages `role` sees in the navigation: none it could only be refused on. */
export function settingsLinks(role: RoleName): SettingsLink[] {
  return SETTINGS_LINKS.filter((l) => ROLES.indexOf(role) >= ROLES.indexOf(l.minRole));
}
