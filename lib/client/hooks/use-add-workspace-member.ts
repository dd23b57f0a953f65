"use client";
// POST /api/v3/workspaces/{id}/members: a user of the company joins with a role.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TWorkspaceMember } from "@/lib/contracts/workspaces";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TWorkspaceMember } from "@/lib/contracts/workspaces";
export type TMemberAdd = BodyOf<typeof endpoints.workspaces.addMember>;

export function useAddWorkspaceMember(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation<TWorkspaceMember, ApiError, TMemberAdd>({
    mutationFn: (body) => callEndpoint(endpoints.workspaces.addMember, { params: { id: workspaceId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
