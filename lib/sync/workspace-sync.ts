// The Workspace resource's `sync` object, for the workspace serializer (kept apart from the run use cases so
// that serializing a workspace does not load the engine).
import type { TWorkspaceSync } from "@/lib/contracts/datasources";
import { db } from "@/lib/db/client";
import { serializeSync } from "./serialize-datasource";

/** The `sync` object of each synced workspace among `workspaceIds`. */
export async function syncOfWorkspaces(workspaceIds: number[]): Promise<Map<number, TWorkspaceSync>> {
  if (!workspaceIds.length) return new Map();
  const rows = await db().datasource.findMany({ where: { workspaceId: { in: workspaceIds } } });
  return new Map(rows.map((ds) => [ds.workspaceId, serializeSync(ds)]));
}
