// Loading, error and empty states of a list, announced politely; renders `children` once there is data.
import type { ReactNode } from "react";
import type { ApiError } from "@/lib/client/api-client";
import { ApiErrorAlert } from "./api-error-alert";

export interface QueryStatusProps {
  isPending: boolean;
  error: ApiError | null;
  isEmpty: boolean;
  /** What the list holds, for "Loading workspaces…". */
  noun: string;
  empty: ReactNode;
  children: ReactNode;
}

export function QueryStatus({ isPending, error, isEmpty, noun, empty, children }: QueryStatusProps) {
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
        Loading {noun}…
      </div>
    );
  }
  if (error) return <ApiErrorAlert error={error} title={`The ${noun} could not be loaded`} />;
  if (isEmpty)
    return <div className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">{empty}</div>;
  return <>{children}</>;
}
