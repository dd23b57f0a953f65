// Budget alert checks and e-mails, every minute. Handler: inngest/functions/budget-alerts.ts.
import { z } from "zod";
import { defineJobSpec } from "../define-job";

export const budgetAlertsJob = defineJobSpec({
  id: "budget-alerts",
  payload: z.object({}),
  retries: 2,
  concurrency: 1,
  schedule: { cron: "* * * * *", intervalMs: 60 * 1000 },
});
