"use client";
// Banners for what the status endpoint reports short of a full shutdown: `warning_banner` periods, periods
// scoped to some endpoint categories (those features answer 503 meanwhile), maintenance announced ahead (with
// its end time) and the instance announcement. Each can be dismissed for the browser session. They sit at the
// top of the page column (ConsoleBanners, placed by the console shell), below the phone's top bar and beside
// the sidebar, so they never push the navigation out of view; a long list scrolls within a third of the screen.
import { createContext, type ReactNode, useContext } from "react";
import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/lib/client/format";
import type { TSystemStatus } from "@/lib/client/hooks/use-system-status";
import { useSessionDismissals } from "@/lib/client/session-dismissals";

type TPeriod = TSystemStatus["maintenance"]["periods"][number];

/** An unscoped full shutdown replaces the console with the maintenance page; everything else is a banner. */
export function isFullShutdown(p: TPeriod): boolean {
  return p.frontend_mode === "full_shutdown" && !p.endpoint_category_names?.length;
}

/** The status the gate polls, for the banners the shell places (null outside the gate). */
export const SystemStatusContext = createContext<TSystemStatus | null>(null);

export function ConsoleBanners() {
  const status = useContext(SystemStatusContext);
  return status ? <StatusBanners status={status} /> : null;
}

function DismissButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="shrink-0 rounded px-2 py-0.5 text-xs font-medium underline hover:bg-black/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      Dismiss<span className="sr-only"> {what}</span>
    </button>
  );
}

function Banner({ tone, title, onDismiss, children }: { tone: "warning" | "info"; title: string; onDismiss: () => void; children: ReactNode }) {
  return (
    <Alert tone={tone} className="rounded-none border-x-0 py-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          {children}
        </div>
        <DismissButton what={title} onClick={onDismiss} />
      </div>
    </Alert>
  );
}

export function StatusBanners({ status }: { status: TSystemStatus }) {
  const { dismissed, dismiss } = useSessionDismissals();
  const periods = status.maintenance.periods.filter((p) => !isFullShutdown(p)).map((p) => ({ p, key: `maintenance:${p.started_at}:${p.reason}` }));
  const scheduled = (status.maintenance.scheduled ?? []).map((s) => ({ s, key: `scheduled:${s.id}:${s.starts_at}:${s.ends_at ?? ""}` }));
  const { announcement } = status;
  const announcementKey = announcement.active ? `announcement:${announcement.message}:${announcement.expected_end ?? ""}` : null;
  const shown = {
    periods: periods.filter(({ key }) => !dismissed.has(key)),
    scheduled: scheduled.filter(({ key }) => !dismissed.has(key)),
    announcement: announcementKey && !dismissed.has(announcementKey),
  };
  if (!shown.periods.length && !shown.scheduled.length && !shown.announcement) return null;
  return (
    <div className="max-h-[33vh] space-y-px overflow-y-auto" data-testid="status-banners">
      {shown.periods.map(({ p, key }) => (
        <Banner key={key} tone="warning" title="Maintenance in progress" onDismiss={() => dismiss(key)}>
          <p data-testid="maintenance-banner">
            {p.reason}
            <span className="text-amber-800" suppressHydrationWarning>
              {" "}
              · since {formatDateTime(p.started_at)}
              {p.ends_at && <> · until {formatDateTime(p.ends_at)}</>}
            </span>
          </p>
          {p.endpoint_category_names?.length ? <p className="mt-1">Unavailable meanwhile: {p.endpoint_category_names.join(", ")}.</p> : null}
        </Banner>
      ))}
      {shown.scheduled.map(({ s, key }) => (
        <Banner key={key} tone="info" title="Scheduled maintenance" onDismiss={() => dismiss(key)}>
          <p data-testid="scheduled-maintenance-banner">
            {s.reason}
            <span className="text-blue-800" suppressHydrationWarning>
              {" "}
              · from {formatDateTime(s.starts_at)} {s.ends_at ? <>until {formatDateTime(s.ends_at)}</> : "(no planned end)"}
            </span>
          </p>
          {s.frontend_mode === "full_shutdown" && !s.endpoint_category_names?.length ? (
            <p className="mt-1">The console will be unavailable meanwhile.</p>
          ) : s.endpoint_category_names?.length ? (
            <p className="mt-1">Unavailable meanwhile: {s.endpoint_category_names.join(", ")}.</p>
          ) : null}
        </Banner>
      ))}
      {shown.announcement && announcementKey && announcement.active && (
        <Banner tone="info" title="Announcement" onDismiss={() => dismiss(announcementKey)}>
          <p data-testid="announcement-banner" className="whitespace-pre-line">
            {announcement.message}
          </p>
          {(announcement.expected_start || announcement.expected_end) && (
            <p className="mt-1 text-blue-800" suppressHydrationWarning>
              {announcement.expected_start && <>From {formatDateTime(announcement.expected_start)} </>}
              {announcement.expected_end && <>until {formatDateTime(announcement.expected_end)}</>}
            </p>
          )}
        </Banner>
      )}
    </div>
  );
}
