// POST /api/v3/files/upload-sessions — editors of the target workspace: opens a batch upload session.
import { fileEndpoints } from "@/lib/contracts/files";
import { createUploadSession } from "@/lib/files/upload-sessions";
import { created } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(fileEndpoints.createSession, async ({ principal, body }) =>
  created(await createUploadSession(principal, body.workspace_id)),
);
