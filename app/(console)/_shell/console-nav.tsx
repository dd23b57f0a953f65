"use client";
// Main navigation. Only pages that exist are listed; feature pages add their entry here.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui";

export const NAV_ITEMS: { href: string; label: string }[] = [
  { href: "/", label: "Overview" },
  { href: "/search", label: "Search" },
  { href: "/ask", label: "Ask" },
  { href: "/files", label: "Files" },
  { href: "/content-types", label: "Content types" },
  { href: "/workspaces", label: "Workspaces" },
  { href: "/tags", label: "Tags" },
  { href: "/agents", label: "Agents" },
  { href: "/api-keys", label: "API keys" },
  { href: "/billing", label: "Budget" },
  { href: "/docs", label: "API reference" },
];

/** Shown to instance admins only: maintenance periods and the announcement. */
const ADMIN_ITEM = { href: "/admin", label: "Admin" };

export function ConsoleNav({ instanceAdmin = false }: { instanceAdmin?: boolean }) {
  const pathname = usePathname();
  const items = instanceAdmin ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap gap-1">
        {items.map((item) => {
          const active = item.href === "/" ? pathname === "/" : pathname.startsWith(item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
                  active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-200",
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
