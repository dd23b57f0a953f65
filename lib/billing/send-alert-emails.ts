// E-mail for budget alert events (when SMTP_URL is set): sent after the recording transaction committed,
// by the budget-alerts job, to the company's admins. Each event is claimed once.
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { isoDate } from "./cycle";
import { money } from "./money";

let cached: { url: string; transport: Transporter } | undefined;

function transport(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(url) };
  return cached.transport;
}

export async function pendingAlertEventIds(limit = 100): Promise<number[]> {
  const rows = await db().budgetAlertEvent.findMany({ where: { emailStatus: "pending" }, orderBy: { id: "asc" }, take: limit, select: { id: true } });
  return rows.map((r) => r.id);
}

function describeThreshold(type: string, value: string): string {
  return type === "percentage" ? `${money(value).toFixed(2)} % of the budget` : `${money(value).toFixed(2)} EUR`;
}

/** Sends one event's e-mail; returns its final status. Safe to call twice (only a pending event is sent). */
export async function sendAlertEmail(eventId: number): Promise<"sent" | "failed" | "skipped"> {
  const url = env().SMTP_URL;
  const event = await db().budgetAlertEvent.findUnique({ where: { id: eventId }, include: { company: true } });
  if (event?.emailStatus !== "pending") return "skipped";
  if (!url) {
    await db().budgetAlertEvent.update({ where: { id: eventId }, data: { emailStatus: "not_configured" } });
    return "skipped";
  }
  const admins = await db().membership.findMany({
    where: { companyId: event.companyId, role: "company_admin", user: { isActive: true } },
    select: { user: { select: { email: true } } },
  });
  const to = admins.map((a) => a.user.email);
  if (to.length === 0) {
    await db().budgetAlertEvent.update({
      where: { id: eventId },
      data: { emailStatus: "failed", emailError: "The company has no active admin to notify." },
    });
    return "failed";
  }
  const threshold = describeThreshold(event.thresholdType, event.thresholdValue.toString());
  const spend = money(event.spendEur).toFixed(2);
  const amount = money(event.budgetAmountEur).toFixed(2);
  try {
    await transport(url).sendMail({
      from: env().MAIL_FROM,
      to,
      subject: `Budget alert for ${event.company.name}: ${spend} EUR spent (threshold ${threshold})`,
      text: [
        `The spend of ${event.company.name} in the billing cycle starting ${isoDate(event.cycleStart)} has reached ${spend} EUR.`,
        `Alert threshold: ${threshold} (${money(event.thresholdEur).toFixed(2)} EUR). Monthly budget: ${amount} EUR.`,
        "",
        "Manage the budget and its alerts in the console or with /api/v3/billing/budget.",
      ].join("\n"),
    });
    await db().budgetAlertEvent.update({ where: { id: eventId }, data: { emailStatus: "sent", emailedAt: new Date(), emailError: null } });
    return "sent";
  } catch (err) {
    log.warn("budget alert e-mail failed", { eventId, err });
    const message = err instanceof Error ? err.message : String(err);
    await db().budgetAlertEvent.update({ where: { id: eventId }, data: { emailStatus: "failed", emailError: message.slice(0, 500) } });
    return "failed";
  }
}
