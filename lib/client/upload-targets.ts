// Which workspaces the upload form offers: those the caller may add documents to by hand. Synced workspaces
// take their documents from their datasource, a quota of 0 closes a workspace to uploads, and a viewer (a
// member with read access, or an opted-in company reading a public dataset) would only get a 403.
import type { TWorkspace } from "@/lib/contracts/workspaces";

export function uploadTargets(workspaces: TWorkspace[]): TWorkspace[] {
  return workspaces.filter((w) => w.effective_role !== "viewer" && w.document_upload_method !== "sync" && w.storage_quota_mb !== 0);
}
