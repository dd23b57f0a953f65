// The first-page thumbnail of one file version (lib/ingestion/thumbnail-file.ts): one step that renders,
// stores and records it. A retry after a crash re-renders (the object is overwritten, the state written
// once); a version already recorded, deleted or replaced ends the job without work. Failing for good
// records the thumbnail as unavailable and leaves the file's ingestion status as it is.
import type { FileRef } from "@/lib/ingestion/file-state";
import { markThumbnailUnavailable, renderFileThumbnail } from "@/lib/ingestion/thumbnail-file";
import { implementJob } from "../define-job";
import { thumbnailFileJob as definition } from "../definitions/thumbnail-file";

const refOf = (payload: { file_id: number; content_version: number }): FileRef => ({
  fileId: payload.file_id,
  contentVersion: payload.content_version,
});

export const thumbnailFileJob = implementJob(definition, {
  handler: async ({ payload, step }) => step.run("render", () => renderFileThumbnail(refOf(payload))),
  onFailure: async ({ payload }) => {
    await markThumbnailUnavailable(refOf(payload));
  },
});
