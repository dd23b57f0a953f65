// Upload sessions group a batch of uploads into one workspace for a limited time; the files list
// filters by `upload_session_uuid`.
import { randomUUID } from "node:crypto";
import type { Principal } from "@/lib/auth/principal";
import type { TFileUploadFields } from "@/lib/contracts/files";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { UploadForm } from "@/lib/storage/uploaded-file";
import { resolveUploadWorkspace, uploadFile } from "./upload-file";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createUploadSession(p: Principal, workspaceId: number | undefined) {
  const workspace = await resolveUploadWorkspace(p, workspaceId);
  const session = await db().uploadSession.create({
    data: {
      id: randomUUID(),
      companyId: p.companyId,
      workspaceId: workspace.id,
      createdById: p.user.id,
      expiresAt: new Date(Date.now() + env().UPLOAD_SESSION_TTL_HOURS * 3600_000),
    },
  });
  return {
    uuid: session.id,
    workspace_id: session.workspaceId,
    expires_at: session.expiresAt.toISOString(),
    created_at: session.createdAt.toISOString(),
  };
}

/**
 * `readForm` reads the upload only once the session is known to be open, so an unknown or expired session
 * is refused before the document streams in.
 */
export async function uploadToSession(p: Principal, uuid: string, readForm: () => Promise<UploadForm<TFileUploadFields>>) {
  const session = UUID.test(uuid) ? await db().uploadSession.findFirst({ where: { id: uuid, companyId: p.companyId } }) : null;
  if (!session) throw new AppError("upload_session_not_found", "No upload session with this id.");
  if (session.expiresAt <= new Date()) {
    throw new AppError("upload_session_expired", `The upload session expired at ${session.expiresAt.toISOString()}; open a new one.`);
  }
  return uploadFile(p, await readForm(), { workspaceId: session.workspaceId, uploadSessionId: session.id });
}
