// Automatic attribute filling of one file version (lib/facets/auto-fill-attributes.ts): one step that reads
// and stores every pending classification; each outcome is written once, so a retry redoes only what was not
// recorded. Failing for good records the rest as failed; the file's ingestion status is never touched.
import { fillFileAttributes, markFillFailed } from "@/lib/facets/auto-fill-attributes";
import { implementJob } from "../define-job";
import { fillAttributesJob as definition } from "../definitions/fill-attributes";

const refOf = (payload: { file_id: number; content_version: number }) => ({ fileId: payload.file_id, contentVersion: payload.content_version });

export const fillAttributesJob = implementJob(definition, {
  handler: async ({ payload, step }) => step.run("fill", () => fillFileAttributes(refOf(payload))),
  onFailure: async ({ payload, error }) => {
    void error;
    await markFillFailed(refOf(payload), "Automatic filling failed unexpectedly; set the values by hand or ask for suggestions.");
  },
});
