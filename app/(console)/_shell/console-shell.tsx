"use client";
// The console's app layout. Wide screens (lg and up): a sticky left sidebar with the brand, the grouped
// navigation and the user menu beside the page. Narrow screens: a top bar whose menu button discloses the
// same sidebar panel above the page (one copy of the nav in the DOM, so landmarks and test ids stay unique).
// The panel pushes the page down rather than overlaying it, so no focus trap is needed: Escape closes it and
// returns focus to the button, following a link or changing route closes it.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { ConsoleBanners } from "@/components/system/status-banners";
import { cx } from "@/components/ui";
import { ConsoleNav } from "./console-nav";

const PANEL_ID = "console-sidebar";

function Brand({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cx(
        "rounded text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
        className,
      )}
    >
      DocIntel
    </Link>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
    </svg>
  );
}

export interface ConsoleShellProps {
  instanceAdmin: boolean;
  /** Company admins (and instance admins) also see the Users and Directory pages. */
  companyAdmin?: boolean;
  /** Members of a company opted in to public datasets (and their managers) see the "Public datasets" page. */
  publicDatasets?: boolean;
  /** The user menu (server-provided initial session), placed at the foot of the sidebar. */
  userMenu: ReactNode;
  /** Notices shown above the page inside the main column (e.g. e-mail verification). */
  notices?: ReactNode;
  children: ReactNode;
}

export function ConsoleShell({ instanceAdmin, companyAdmin = false, publicDatasets = false, userMenu, notices, children }: ConsoleShellProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  // A route change (link, back button) closes the narrow-screen menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // Opening moves focus to the first link, so keyboard users land in the menu.
    panelRef.current?.querySelector<HTMLElement>("nav a")?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      // The button is hidden on wide screens, where the sidebar is always shown and Escape means nothing here.
      if (e.key !== "Escape" || !buttonRef.current?.offsetParent) return;
      e.preventDefault();
      close(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="sticky top-0 z-20 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
        <Brand />
        <div className="flex items-center gap-2">
          <NotificationBell />
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={PANEL_ID}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <MenuIcon open={open} />
            Menu
          </button>
        </div>
      </div>

      <div
        id={PANEL_ID}
        ref={panelRef}
        className={cx(
          open ? "flex" : "hidden",
          "flex-col gap-4 border-b border-slate-200 bg-white px-3 py-4",
          "lg:sticky lg:top-0 lg:flex lg:h-screen lg:border-r lg:border-b-0",
        )}
      >
        <div className="hidden shrink-0 items-center justify-between gap-2 px-3 lg:flex">
          <Brand />
          <NotificationBell />
        </div>
        {/* On short wide screens only the links scroll (the padding keeps focus rings
            unclipped): the user menu stays in view at the foot. */}
        <div className="lg:-m-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:p-1">
          <ConsoleNav instanceAdmin={instanceAdmin} companyAdmin={companyAdmin} publicDatasets={publicDatasets} onNavigate={() => close(false)} />
        </div>
        <div className="shrink-0 border-t border-slate-200 px-3 pt-4">{userMenu}</div>
      </div>

      <div className="min-w-0">
        {/* Maintenance and announcement banners: in the page column, so they never push the navigation away. */}
        <ConsoleBanners />
        {notices}
        <div id="content" tabIndex={-1} className="focus:outline-none">
          {children}
        </div>
      </div>
    </div>
  );
}
