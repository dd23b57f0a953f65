// Every job of the app, once, with its handler. Inngest serves `inngestFunctions`; the local runner
// (inngest/worker.ts) runs `jobDefinitions`.
import { inngest } from "../client";
import { type AnyJobDefinition, toInngestFunction } from "../define-job";
import { budgetAlertsJob } from "./budget-alerts";
import { extractDocumentJob } from "./extract-document";
import { fillAttributesJob } from "./fill-attributes";
import { ingestFileJob } from "./ingest-file";
import { parseDocumentJob } from "./parse-document";
import { purgeParseJobs } from "./purge-parse-jobs";
import { reembedChunks } from "./reembed-chunks";
import { syncDatasourceJob } from "./sync-datasource";
import { syncSchedulerJob } from "./sync-scheduler";
import { systemCleanup } from "./system-cleanup";
import { thumbnailFileJob } from "./thumbnail-file";

export const jobDefinitions: readonly AnyJobDefinition[] = [
  systemCleanup,
  parseDocumentJob,
  purgeParseJobs,
  ingestFileJob,
  thumbnailFileJob,
  extractDocumentJob,
  budgetAlertsJob,
  reembedChunks,
  syncDatasourceJob,
  syncSchedulerJob,
  fillAttributesJob,
];

export const inngestFunctions = jobDefinitions.map((def) => toInngestFunction(def, inngest));
