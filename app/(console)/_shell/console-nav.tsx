"use client";
// Main navigation, grouped by what the user is doing. Only pages that exist are listed; feature pages add
// their entry to a group here. The same list serves the wide-screen sidebar and the narrow-screen menu.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui";

export interface TNavItem {
  href: string;
  label: string;
  /** Shown to company admins (and instance admins) only. */
  companyAdminOnly?: boolean;
  /** Shown only to members of a company opted in to public datasets and to their managers. */
  publicDatasetsOnly?: boolean;
}

export interface TNavGroup {
  label: string;
  items: TNavItem[];
  /** Shown to instance admins only. */
  instanceAdminOnly?: boolean;
}

export const NAV_GROUPS: TNavGroup[] = [
  {
    label: "Documents",
    items: [
      { href: "/files", label: "Files" },
      { href: "/content-types", label: "Content types" },
      { href: "/search", label: "Search" },
      { href: "/ask", label: "Ask" },
      { href: "/public-datasets", label: "Public datasets", publicDatasetsOnly: true },
    ],
  },
  {
    label: "Manage",
    items: [
      { href: "/workspaces", label: "Workspaces" },
      { href: "/tags", label: "Tags" },
      { href: "/agents", label: "Agents" },
      { href: "/api-keys", label: "API keys" },
    ],
  },
  {
    label: "Company",
    items: [
      { href: "/", label: "Dashboard" },
      { href: "/billing", label: "Budget" },
      { href: "/users", label: "Users", companyAdminOnly: true },
      { href: "/directory", label: "Directory (LDAP)", companyAdminOnly: true },
    ],
  },
  // Maintenance periods and the announcement.
  { label: "Instance", items: [{ href: "/admin", label: "Admin" }], instanceAdminOnly: true },
];

/** Outside the groups: the API reference is a public page, not part of the console shell. */
const REFERENCE_ITEM: TNavItem = { href: "/docs", label: "API reference" };

/** A link is active on its own page and on the pages below it (/files/123 keeps "Files" highlighted). */
export function isActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

function NavLink({ item, pathname, onNavigate }: { item: TNavItem; pathname: string; onNavigate?: () => void }) {
  const active = isActive(item.href, pathname);
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cx(
        "block rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600",
        active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
      )}
    >
      {item.label}
    </Link>
  );
}

export interface ConsoleNavProps {
  instanceAdmin?: boolean;
  companyAdmin?: boolean;
  /** Offer the "Public datasets" section. */
  publicDatasets?: boolean;
  /** Called when a link is followed (the narrow-screen menu closes). */
  onNavigate?: () => void;
}

export function ConsoleNav({ instanceAdmin = false, companyAdmin = false, publicDatasets = false, onNavigate }: ConsoleNavProps) {
  const pathname = usePathname();
  const groups = NAV_GROUPS.filter((g) => instanceAdmin || !g.instanceAdminOnly).map((g) => ({
    ...g,
    items: g.items.filter((item) => (companyAdmin || !item.companyAdminOnly) && (publicDatasets || !item.publicDatasetsOnly)),
  }));
  return (
    <nav aria-label="Main" className="space-y-4">
      {groups.map((group) => {
        const headingId = `nav-group-${group.label.toLowerCase()}`;
        return (
          <div key={group.label}>
            <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {group.label}
            </h2>
            <ul aria-labelledby={headingId} className="space-y-0.5">
              {group.items.map((item) => (
                <li key={item.href}>
                  <NavLink item={item} pathname={pathname} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <ul className="border-t border-slate-200 pt-2">
        <li>
          <NavLink item={REFERENCE_ITEM} pathname={pathname} onNavigate={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}
