// Document counts and bytes per workspace, from the files table.
import { db } from "@/lib/db/client";

export interface WorkspaceStats {
  filesCount: number;
  usedStorage: number;
}

export async function workspaceStats(workspaceIds: number[]): Promise<Map<number, WorkspaceStats>> {
  const out = new Map(workspaceIds.map((id) => [id, { filesCount: 0, usedStorage: 0 }]));
  if (!workspaceIds.length) return out;
  const rows = await db().file.groupBy({
    by: ["workspaceId"],
    where: { workspaceId: { in: workspaceIds } },
    _count: { _all: true },
    _sum: { size: true },
  });
  for (const r of rows) out.set(r.workspaceId, { filesCount: r._count._all, usedStorage: r._sum.size ?? 0 });
  return out;
}
