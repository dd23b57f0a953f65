"use client";
// Mounted by the console shell around every page: polls the system status (every 30 s, and at once when
// any API call answers 503 service_maintenance), hands the status to the banners the console shell places
// (ConsoleBanners), and swaps the whole console for the maintenance page while an instance-wide or
// company-wide full shutdown is active.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { ApiError } from "@/lib/client/api-client";
import { type TSystemStatus, useSystemStatus } from "@/lib/client/hooks/use-system-status";
import { queryKeys } from "@/lib/client/query-keys";
import { MaintenanceScreen } from "./maintenance-screen";
import { isFullShutdown, SystemStatusContext } from "./status-banners";

export interface SystemStatusGateProps {
  initial: TSystemStatus;
  /** Instance admins can end periods from the maintenance page (maintenance management is never blocked). */
  isInstanceAdmin: boolean;
  children: ReactNode;
}

export function SystemStatusGate({ initial, isInstanceAdmin, children }: SystemStatusGateProps) {
  const qc = useQueryClient();
  const { data } = useSystemStatus(initial);
  const status = data ?? initial;

  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        const err = event.action.error;
        if (err instanceof ApiError && err.code === "service_maintenance") void qc.invalidateQueries({ queryKey: queryKeys.system.status() });
      }),
    [qc],
  );

  const shutdown = status.maintenance.periods.filter(isFullShutdown);
  if (shutdown.length) return <MaintenanceScreen periods={shutdown} status={status} isInstanceAdmin={isInstanceAdmin} />;
  return <SystemStatusContext.Provider value={status}>{children}</SystemStatusContext.Provider>;
}
