// The console shell: every page under app/(console) requires a signed-in user (signed-out visitors go to
// /login), and gets the app layout (_shell/console-shell: sidebar navigation, or a top bar with a menu on
// narrow screens), the e-mail verification notice and the client providers; the system status gate
// (components/system) adds maintenance banners above it or shows the maintenance page instead.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SystemStatusGate } from "@/components/system/system-status-gate";
import { getConsoleSession } from "@/lib/auth/console-session";
import { getCurrentUser } from "@/lib/auth/current-user";
import { isCompanyAdmin, isInstanceAdmin } from "@/lib/auth/permissions";
import { CONSOLE_PATH_HEADER } from "@/lib/client/auth";
import { getSystemStatus } from "@/lib/system/manage-system";
import { mayBrowsePublicDatasets } from "@/lib/workspaces/access";
import { ConsoleShell } from "./_shell/console-shell";
import { UserMenu } from "./_shell/user-menu";
import { VerifyEmailBanner } from "./_shell/verify-email-banner";
import { ConsoleProviders } from "./providers";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const principal = await getConsoleSession();
  if (!principal) {
    // Back to the page asked for after signing in (proxy.ts passes its path; login keeps same-site paths only).
    const asked = (await headers()).get(CONSOLE_PATH_HEADER);
    redirect(asked && asked !== "/" ? `/login?callbackUrl=${encodeURIComponent(asked)}` : "/login");
  }
  const [me, status, publicDatasets] = await Promise.all([getCurrentUser(principal), getSystemStatus(principal), mayBrowsePublicDatasets(principal)]);
  const instanceAdmin = isInstanceAdmin(principal);
  return (
    <ConsoleProviders>
      {/* Maintenance banners, or the maintenance page instead of the console during a full shutdown. */}
      <SystemStatusGate initial={status} isInstanceAdmin={instanceAdmin}>
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <ConsoleShell
          instanceAdmin={instanceAdmin}
          companyAdmin={isCompanyAdmin(principal)}
          publicDatasets={publicDatasets}
          userMenu={<UserMenu initial={me} />}
          notices={!me.user.email_verified && <VerifyEmailBanner email={me.user.email} />}
        >
          {children}
        </ConsoleShell>
      </SystemStatusGate>
    </ConsoleProviders>
  );
}
