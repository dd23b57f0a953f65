// POST /api/v3/files/upload-sessions/{uuid}/files — editors of the session's workspace: one upload.
import { fileEndpoints, ZSessionUploadFields } from "@/lib/contracts/files";
import { uploadToSession } from "@/lib/files/upload-sessions";
import { created } from "@/lib/http/respond";
import { readFileUploadForm } from "@/lib/http/upload-form";
import { withApi } from "@/lib/http/with-api";

export const POST = withApi(fileEndpoints.uploadToSession, async ({ principal, params, req }) =>
  created(await uploadToSession(principal, params.uuid, () => readFileUploadForm(req, ZSessionUploadFields))),
);
