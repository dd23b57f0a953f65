// GET /api/v3/files — any authenticated user: the files of the workspaces they may read, filtered,
// ordered and paginated, or ranked by `search` (lib/files/list-files.ts).
// POST /api/v3/files — editors of the target workspace: multipart upload; ingestion starts at once.
import { fileEndpoints, ZFileUploadFields } from "@/lib/contracts/files";
import { fileListEndpoint } from "@/lib/contracts/files-list";
import { listFiles } from "@/lib/files/list-files";
import { uploadFile } from "@/lib/files/upload-file";
import { okPage } from "@/lib/http/paginate";
import { created } from "@/lib/http/respond";
import { readFileUploadForm } from "@/lib/http/upload-form";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileListEndpoint, async ({ principal, query, req }) => okPage(req, query, await listFiles(principal, query)));

export const POST = withApi(fileEndpoints.upload, async ({ principal, req }) =>
  created(await uploadFile(principal, await readFileUploadForm(req, ZFileUploadFields))),
);
