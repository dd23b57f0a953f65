// Budget alerts, every minute: (1) re-check companies with an enabled alert that has not fired this cycle
// (usage recording checks inline, but a threshold crossed by the storage line alone is only seen here);
// (2) e-mail pending alert events to the company admins when SMTP is configured. Events are recorded inside
// the transaction that recorded the usage, so e-mail never goes out for a rolled-back operation; one step
// per event, so a retry never e-mails twice.
import { checkBudgetAlerts, companiesWithOpenAlerts } from "@/lib/billing/check-budget-alerts";
import { pendingAlertEventIds, sendAlertEmail } from "@/lib/billing/send-alert-emails";
import { implementJob } from "../define-job";
import { budgetAlertsJob as definition } from "../definitions/budget-alerts";

export const budgetAlertsJob = implementJob(definition, {
  handler: async ({ step }) => {
    const fired = await step.run("check-open-thresholds", async () => {
      let n = 0;
      for (const companyId of await companiesWithOpenAlerts()) n += await checkBudgetAlerts(companyId);
      return n;
    });
    const ids = await step.run("find-pending-emails", () => pendingAlertEventIds());
    const emails: Record<string, number> = { sent: 0, failed: 0, skipped: 0 };
    for (const id of ids) {
      const status = await step.run(`send-${id}`, () => sendAlertEmail(id));
      emails[status] += 1;
    }
    return { fired, emails };
  },
});
