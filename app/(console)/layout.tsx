// The console shell: every page under app/(console) requires a signed-in user (signed-out visitors go to
// /login), and gets the header, main navigation, the e-mail verification notice and the client providers;
// the system status gate (components/system) adds maintenance banners or the maintenance page.
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getConsoleSession } from "@/lib/auth/console-session";
import { getCurrentUser } from "@/lib/auth/current-user";
import { isInstanceAdmin } from "@/lib/auth/permissions";
import { getSystemStatus } from "@/lib/system/manage-system";
import { SystemStatusGate } from "@/components/system/system-status-gate";
import { ConsoleNav } from "./_shell/console-nav";
import { UserMenu } from "./_shell/user-menu";
import { VerifyEmailBanner } from "./_shell/verify-email-banner";
import { ConsoleProviders } from "./providers";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const principal = await getConsoleSession();
  if (!principal) redirect("/login");
  const [me, status] = await Promise.all([getCurrentUser(principal), getSystemStatus(principal)]);
  const instanceAdmin = isInstanceAdmin(principal);
  return (
    <ConsoleProviders>
      {/* Maintenance banners, or the maintenance page instead of the console during a full shutdown. */}
      <SystemStatusGate initial={status} isInstanceAdmin={instanceAdmin}>
        <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <div className="flex flex-wrap items-center gap-6">
              <Link href="/" className="text-lg font-semibold tracking-tight text-slate-900">
                DocIntel
              </Link>
              <ConsoleNav instanceAdmin={instanceAdmin} />
            </div>
            <UserMenu initial={me} />
          </div>
        </header>
        {!me.user.email_verified && <VerifyEmailBanner email={me.user.email} />}
        <div id="content" tabIndex={-1} className="focus:outline-none">
          {children}
        </div>
      </SystemStatusGate>
    </ConsoleProviders>
  );
}
