// Re-embedding of chunks after a change of embedding model. Handler: inngest/functions/reembed-chunks.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const reembedChunks = defineJobSpec({
  id: "reembed-chunks",
  // The model the job was enqueued for; a run under another configuration stops (a new job is enqueued at start-up).
  payload: z.object({ modelId: z.string().min(1) }),
  retries: 5,
  concurrency: 1,
});
