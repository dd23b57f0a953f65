// One datasource run: begin → (list page N → apply page N)… → sweep (snapshot listings) → finish. Each listed
// page is a memoised step, and so is applying it: a worker killed mid-run resumes at the first page not yet
// applied, and the steps themselves skip items this run already handled (lib/sync/run-steps.ts).
import { beginRun, failRun, finishRun, listStep, processStep, sweepStep } from "@/lib/sync/run-steps";
import type { Json } from "@/lib/sync/types";
import { implementJob } from "../define-job";
import { syncDatasourceJob as definition } from "../definitions/sync-datasource";

/** A listing longer than this is a connector bug (a cursor that never ends), not a source. */
const MAX_PAGES = 100_000;

export const syncDatasourceJob = implementJob(definition, {
  handler: async ({ payload, step }) => {
    const runId = payload.run_id;
    const begun = await step.run("begin", () => beginRun(runId));
    if (begun.outcome !== "running") return begun;
    let cursor: Json | null = null;
    let snapshot = true;
    let runCursor: Json | null = null;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new Error(`the listing did not end after ${MAX_PAGES} pages`);
      const listed = await step.run(`list-${page}`, () => listStep(runId, cursor));
      if ("outcome" in listed) return listed;
      const applied = await step.run(`apply-${page}`, () => processStep(runId, listed.items as never));
      if ("outcome" in applied) return applied;
      snapshot &&= listed.snapshot;
      if (listed.next === null || listed.next === undefined) {
        runCursor = (listed.runCursor ?? null) as Json | null;
        break;
      }
      cursor = listed.next as Json;
    }
    if (snapshot) {
      const swept = await step.run("sweep", () => sweepStep(runId));
      if ("outcome" in swept) return swept;
    }
    return step.run("finish", () => finishRun(runId, runCursor, snapshot));
  },
  onFailure: async ({ payload, error }) => {
    await failRun(payload.run_id, error.message);
  },
});
