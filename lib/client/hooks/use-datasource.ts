"use client";
// A synced workspace's datasource: read it, attach / update / detach it, test a connection, start a run, and
// read its runs and a run's failed documents (/api/v3/workspaces/{id}/datasource…). While a run is queued or
// running, the datasource and its runs are polled every 3 s; when the run ends, the workspace (document
// count), its runs and the file lists are refreshed once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { TDatasource, TDatasourceRun, TDatasourceRunFailure } from "@/lib/contracts/datasources";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import type { TPaginated } from "../paginated";
import { queryKeys } from "../query-keys";

export type TDatasourceAttach = BodyOf<typeof endpoints.datasources.attach>;
export type TDatasourceUpdateBody = BodyOf<typeof endpoints.datasources.update>;
export type TDatasourceTestBody = BodyOf<typeof endpoints.datasources.test>;

const key = (id: number) => [...queryKeys.workspaces.detail(id), "datasource"] as const;
const active = (ds: TDatasource | undefined) => ds?.sync.last_status === "queued" || ds?.sync.last_status === "running";

export function useDatasource(workspaceId: number, enabled: boolean) {
  const qc = useQueryClient();
  const query = useQuery<TDatasource, ApiError>({
    enabled,
    queryKey: key(workspaceId),
    queryFn: ({ signal }) => callEndpoint(endpoints.datasources.get, { params: { id: workspaceId }, signal }),
    refetchInterval: (q) => (active(q.state.data) ? 3000 : false),
  });
  const running = active(query.data);
  const wasRunning = useRef(running);
  useEffect(() => {
    // The polls stop with the run: fetch once more what it changed (files_count, the run's final counts).
    if (wasRunning.current && !running) {
      qc.invalidateQueries({ queryKey: queryKeys.workspaces.detail(workspaceId) });
      qc.invalidateQueries({ queryKey: queryKeys.files.all });
    }
    wasRunning.current = running;
  }, [running, qc, workspaceId]);
  return query;
}

export function useDatasourceRuns(workspaceId: number, enabled: boolean, polling: boolean) {
  return useQuery<TPaginated<TDatasourceRun>, ApiError>({
    enabled,
    queryKey: [...key(workspaceId), "runs"],
    queryFn: ({ signal }) => callEndpoint(endpoints.datasources.listRuns, { params: { id: workspaceId }, query: { page_size: 10 }, signal }),
    refetchInterval: polling ? 3000 : false,
  });
}

export function useRunFailures(workspaceId: number, runId: number | null) {
  return useQuery<TPaginated<TDatasourceRunFailure>, ApiError>({
    enabled: runId !== null,
    queryKey: [...key(workspaceId), "runs", runId, "failures"],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.datasources.listFailures, { params: { id: workspaceId, run_id: runId! }, query: { page_size: 100 }, signal }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all });
}

export function useAttachDatasource(workspaceId: number) {
  const invalidate = useInvalidate();
  return useMutation<TDatasource, ApiError, TDatasourceAttach>({
    mutationFn: (body) => callEndpoint(endpoints.datasources.attach, { params: { id: workspaceId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateDatasource(workspaceId: number) {
  const invalidate = useInvalidate();
  return useMutation<TDatasource, ApiError, TDatasourceUpdateBody>({
    mutationFn: (body) => callEndpoint(endpoints.datasources.update, { params: { id: workspaceId }, body }),
    onSuccess: invalidate,
  });
}

export function useDetachDatasource(workspaceId: number) {
  const invalidate = useInvalidate();
  return useMutation<unknown, ApiError, { deleteFiles: boolean }>({
    mutationFn: ({ deleteFiles }) =>
      callEndpoint(endpoints.datasources.detach, { params: { id: workspaceId }, query: { delete_files: deleteFiles ? "true" : "false" } }),
    onSuccess: invalidate,
  });
}

export function useStartRun(workspaceId: number) {
  const invalidate = useInvalidate();
  return useMutation<TDatasourceRun, ApiError, void>({
    mutationFn: () => callEndpoint(endpoints.datasources.startRun, { params: { id: workspaceId } }),
    onSuccess: invalidate,
  });
}

export function useTestDatasource() {
  return useMutation<{ ok: true; source_name: string }, ApiError, TDatasourceTestBody>({
    mutationFn: (body) => callEndpoint(endpoints.datasources.test, { body }),
  });
}

export function useCancelRun(workspaceId: number) {
  const invalidate = useInvalidate();
  return useMutation<TDatasourceRun, ApiError, number>({
    mutationFn: (runId) => callEndpoint(endpoints.datasources.cancelRun, { params: { id: workspaceId, run_id: runId } }),
    onSuccess: invalidate,
  });
}
