// GET /api/v3/files — any authenticated user: the files of the workspaces they may read, filtered,
// ordered and paginated, or ranked by `search` (lib/files/list-files.ts).
// POST /api/v3/files — editors of the target workspace: multipart upload; ingestion starts at once.
import { fileEndpoints } from "@/lib/contracts/files";
import { fileListEndpoint } from "@/lib/contracts/files-list";
import { listFiles } from "@/lib/files/list-files";
import { uploadFile } from "@/lib/files/upload-file";
import { created, ok } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";

export const GET = withApi(fileListEndpoint, async ({ principal, query, req }) => ok(await listFiles(principal, query, req)));

export const POST = withApi(fileEndpoints.upload, async ({ principal, req }) => created(await uploadFile(principal, req)));
