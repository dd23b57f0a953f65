"use client";
// Instance administration: maintenance periods (start, list, end), the instance announcement, and public
// datasets (companies opted in, managers).
import { useState } from "react";
import { AdminPublicDatasets } from "@/components/public-datasets/admin-public-datasets";
import { PageHeader } from "@/components/ui/page-header";
import { useSystemStatus } from "@/lib/client/hooks/use-system-status";
import { AnnouncementForm } from "./announcement-form";
import { MaintenanceForm } from "./maintenance-form";
import { MaintenanceList } from "./maintenance-list";

export function AdminSystemView() {
  const status = useSystemStatus();
  const [announce, setAnnounce] = useState("");
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title="Instance administration"
        description="Maintenance periods and the announcement every console shows. The console picks up changes within 30 seconds."
      />
      <p role="status" aria-live="polite" className="sr-only" data-testid="admin-announcer">
        {announce}
      </p>
      <section aria-labelledby="start-maintenance-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="start-maintenance-heading" className="mb-3 text-base font-semibold text-slate-900">
          Start a maintenance period
        </h2>
        <MaintenanceForm
          onStarted={(p) =>
            setAnnounce(`${p.mode === "full_shutdown" ? "Full shutdown" : "Warning banner"} ${p.state === "scheduled" ? "scheduled" : "started"}.`)
          }
        />
      </section>
      <section aria-labelledby="periods-heading" className="space-y-3">
        <h2 id="periods-heading" className="text-base font-semibold text-slate-900">
          Maintenance periods
        </h2>
        <MaintenanceList onEnded={(p) => setAnnounce(`Maintenance “${p.reason}” ${p.state === "scheduled" ? "cancelled" : "ended"}.`)} />
      </section>
      <section aria-labelledby="announcement-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="announcement-heading" className="mb-3 text-base font-semibold text-slate-900">
          Announcement
        </h2>
        {status.data ? (
          <AnnouncementForm key={status.data.announcement.message ?? ""} current={status.data.announcement} onDone={setAnnounce} />
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Loading the announcement…
          </p>
        )}
      </section>
      <section aria-labelledby="public-datasets-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="public-datasets-heading" className="mb-3 text-base font-semibold text-slate-900">
          Public datasets
        </h2>
        <AdminPublicDatasets onChanged={setAnnounce} />
      </section>
    </main>
  );
}
