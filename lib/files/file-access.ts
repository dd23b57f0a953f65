// Files are reached through their workspace: readable when its documents are (documentAccess: the caller's
// company's workspaces and the public datasets it is granted), changeable by editors.
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { File, WorkspaceRole } from "@/lib/db/generated/client";
import { forbidden, notFound } from "@/lib/errors";
import { documentAccess, hasRole, type WorkspaceAccess } from "@/lib/workspaces/access";

export interface FileAccess {
  file: File;
  access: WorkspaceAccess;
}

/** A file in a workspace whose documents the caller may read; else 404 (missing and hidden look the same). */
export async function findReadableFile(p: Principal, id: number): Promise<FileAccess> {
  const file = await db().file.findUnique({ where: { id }, include: { workspace: true } });
  const access = file ? await documentAccess(p, file.workspace) : null;
  if (!file || !access) throw notFound("File");
  const { workspace: _w, ...plain } = file;
  return { file: plain, access };
}

export function requireFileRole(fa: FileAccess, role: WorkspaceRole, action: string): void {
  if (!hasRole(fa.access, role)) throw forbidden(`You may not ${action} files of this workspace (your role: ${fa.access.effectiveRole}).`);
}

export async function findEditableFile(p: Principal, id: number, action: string): Promise<FileAccess> {
  const fa = await findReadableFile(p, id);
  requireFileRole(fa, "editor", action);
  return fa;
}
