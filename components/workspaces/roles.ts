// Workspace roles as the console names them (values from lib/contracts/workspaces.ts WORKSPACE_ROLES; the
// contract module is not imported at run time so that server-only code stays out of the browser bundle).
import type { TWorkspace } from "@/lib/contracts/workspaces";

export type TWorkspaceRole = Exclude<TWorkspace["user_role"], "">;

export const WORKSPACE_ROLE_OPTIONS: readonly TWorkspaceRole[] = ["owner", "editor", "viewer"];

export const ROLE_LABELS: Record<TWorkspaceRole, string> = {
  owner: "Owner — manages members and settings",
  editor: "Editor — adds and changes documents",
  viewer: "Viewer — reads and searches",
};

export const ROLE_NAMES: Record<TWorkspaceRole, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };
