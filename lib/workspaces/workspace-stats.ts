// Document counts and bytes per workspace. Until the files capability (issue 4) adds the files table,
// workspaces can hold no documents, so the counts are genuinely zero; that issue replaces this query.
export interface WorkspaceStats {
  filesCount: number;
  usedStorage: number;
}

export async function workspaceStats(workspaceIds: number[]): Promise<Map<number, WorkspaceStats>> {
  return new Map(workspaceIds.map((id) => [id, { filesCount: 0, usedStorage: 0 }]));
}
