"use client";
// Banners for what the status endpoint reports short of a full shutdown: `warning_banner` periods, periods
// scoped to some endpoint categories (those features answer 503 meanwhile) and the instance announcement.
import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/lib/client/format";
import type { TSystemStatus } from "@/lib/client/hooks/use-system-status";

type TPeriod = TSystemStatus["maintenance"]["periods"][number];

/** An unscoped full shutdown replaces the console with the maintenance page; everything else is a banner. */
export function isFullShutdown(p: TPeriod): boolean {
  return p.frontend_mode === "full_shutdown" && !p.endpoint_category_names?.length;
}

export function StatusBanners({ status }: { status: TSystemStatus }) {
  const periods = status.maintenance.periods.filter((p) => !isFullShutdown(p));
  const { announcement } = status;
  if (!periods.length && !announcement.active) return null;
  return (
    <div className="space-y-px">
      {periods.map((p, i) => (
        <Alert key={`${p.started_at}-${i}`} tone="warning" title="Maintenance in progress" className="rounded-none border-x-0">
          <p data-testid="maintenance-banner">
            {p.reason}
            <span className="text-amber-800" suppressHydrationWarning>
              {" "}
              · since {formatDateTime(p.started_at)}
            </span>
          </p>
          {p.endpoint_category_names?.length ? <p className="mt-1">Unavailable meanwhile: {p.endpoint_category_names.join(", ")}.</p> : null}
        </Alert>
      ))}
      {announcement.active && (
        <Alert tone="info" title="Announcement" className="rounded-none border-x-0">
          <p data-testid="announcement-banner" className="whitespace-pre-line">
            {announcement.message}
          </p>
          {(announcement.expected_start || announcement.expected_end) && (
            <p className="mt-1 text-blue-800" suppressHydrationWarning>
              {announcement.expected_start && <>From {formatDateTime(announcement.expected_start)} </>}
              {announcement.expected_end && <>until {formatDateTime(announcement.expected_end)}</>}
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}
