// Parse and extract jobs and their uploaded documents are deleted once expired (retention), in batches,
// each batch its own step.
import { purgeExpiredExtractJobs } from "@/lib/extract/purge-extract-jobs";
import { purgeExpiredParseJobs } from "@/lib/parse/purge-parse-jobs";
import { implementJob } from "../define-job";
import { purgeParseJobs as definition } from "../definitions/purge-parse-jobs";

const BATCH = 500;

/** One batch of one kind of job; returns how many were purged. */
const purgers: Record<string, () => Promise<number>> = {
  parse: () => purgeExpiredParseJobs(BATCH),
  extract: () => purgeExpiredExtractJobs(BATCH),
};

export const purgeParseJobs = implementJob(definition, {
  handler: async ({ step }) => {
    const purged: Record<string, number> = {};
    for (const [kind, purgeBatch] of Object.entries(purgers)) {
      purged[kind] = 0;
      for (let round = 0; round < 100; round++) {
        const n = await step.run(`purge-${kind}-batch-${round}`, purgeBatch);
        purged[kind] += n;
        if (n < BATCH) break;
      }
    }
    return { purged: purged.parse, purged_extract: purged.extract };
  },
});
