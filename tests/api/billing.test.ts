// Budget, alert thresholds, alert events (+ e-mail) and spending-limit enforcement through the route handlers.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { budgetAlertsJob } from "@/inngest/functions/budget-alerts";
import { enqueueJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { recordUsage } from "@/lib/billing/record-usage";
import { setClockForTests } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import type { UsageFeature } from "@/lib/usage/features";
import { type SeededCompany, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-billing-test-");
  setEnvForTests({});
});
afterEach(() => setClockForTests(null));
afterAll(() => setEnvForTests({}));

const BUDGET = "/api/v3/billing/budget";
const ALERTS = "/api/v3/billing/budget/alerts";
const EVENTS = "/api/v3/billing/budget/alert-events";

const use = (c: SeededCompany, feature: UsageFeature, quantity: number) =>
  recordUsage({ feature, quantity, companyId: c.companyId, userId: c.admin.userId, apiKeyId: c.admin.keyId });

function multipart(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("budget lifecycle", () => {
  it("404 without a budget, 201 on the first PUT, 200 later, in JSON, form and multipart; DELETE 204 removes alerts", async () => {
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    expectError(await api.get(BUDGET, { key }), 404, "not_found");

    const first = await api.put(BUDGET, { key, body: { amount_eur: "100", is_enabled: true } });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      is_enabled: true,
      amount_eur: "100.00",
      monthly_spend_eur: "0.00",
      available_eur: "100.00",
      currency: "EUR",
      alerts: [],
    });
    expect(first.body.current_cycle_start).toMatch(/^\d{4}-\d{2}-01$/);
    expect(first.body.next_cycle_start).toMatch(/^\d{4}-\d{2}-01$/);

    const form = await api.put(BUDGET, { key, raw: new URLSearchParams({ amount_eur: "250.50", is_enabled: "false" }) });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toMatchObject({ amount_eur: "250.50", is_enabled: false });

    const mp = await api.put(BUDGET, { key, raw: multipart({ amount_eur: "75.25", is_enabled: "true" }) });
    expect(mp.status, mp.text).toBe(200);
    expect(mp.body).toMatchObject({ amount_eur: "75.25", is_enabled: true });
    expect((await api.get(BUDGET, { key })).body.amount_eur).toBe("75.25");

    await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "80" } });
    expect(await db().budgetAlert.count({ where: { companyId: acme.companyId } })).toBe(1);
    expect((await api.delete(BUDGET, { key })).status).toBe(204);
    expect(await db().budgetAlert.count({ where: { companyId: acme.companyId } })).toBe(0);
    expectError(await api.get(BUDGET, { key }), 404, "not_found");
    expectError(await api.delete(BUDGET, { key }), 404, "not_found");
    expect((await api.put(BUDGET, { key, body: { amount_eur: "10", is_enabled: true } })).status).toBe(201);
  });

  it("lets members read but only company admins write", async () => {
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    const scoped = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner");
    for (const key of [member.key, dpo.key, scoped]) {
      expectError(await api.put(BUDGET, { key, body: { amount_eur: "10", is_enabled: true } }), 403, "insufficient_permissions");
    }
    await api.put(BUDGET, { key: acme.admin.key, body: { amount_eur: "10", is_enabled: true } });
    expect((await api.get(BUDGET, { key: member.key })).status).toBe(200);
    expectError(await api.delete(BUDGET, { key: member.key }), 403, "insufficient_permissions");
    expectError(
      await api.post(ALERTS, { key: member.key, body: { threshold_type: "percentage", threshold_value: "50" } }),
      403,
      "insufficient_permissions",
    );
    expectError(await api.patch(ALERTS, { key: member.key, body: { is_enabled: false } }), 403, "insufficient_permissions");
    expect((await api.get(ALERTS, { key: member.key })).status).toBe(200);
    expectError(await api.get(BUDGET, { key: "dik_invalid_key" }), 401, "unauthorized");
  });

  it("validates amounts and booleans in every encoding", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    const missing = expectError(await api.put(BUDGET, { key, body: { is_enabled: true } }), 422, "validation_error");
    expect(missing.fields?.amount_eur?.[0].error).toBe("required");
    for (const amount of ["-5", "1.234", "abc", "1e3", ""]) {
      const bad = expectError(await api.put(BUDGET, { key, body: { amount_eur: amount, is_enabled: true } }), 422, "validation_error");
      expect(bad.fields?.amount_eur).toBeDefined();
    }
    const badBool = expectError(
      await api.put(BUDGET, { key, raw: new URLSearchParams({ amount_eur: "5", is_enabled: "maybe" }) }),
      422,
      "validation_error",
    );
    expect(badBool.fields?.is_enabled).toBeDefined();
    expectError(await api.put(BUDGET, { key, raw: "amount_eur=5", headers: { "content-type": "text/plain" } }), 415, "unsupported_media_type");
    expectError(await api.put(BUDGET, { key, raw: "{not json", headers: { "content-type": "application/json" } }), 400, "bad_request");
    expect((await api.put(BUDGET, { key, body: { amount_eur: 12.5, is_enabled: "false" } })).body).toMatchObject({
      amount_eur: "12.50",
      is_enabled: false,
    });
  });

  it("reports the cycle's spend from usage events at list price, and the money left", async () => {
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    await api.put(BUDGET, { key, body: { amount_eur: "1.00", is_enabled: false } });
    await use(acme, "parsing", 10); // 0.10
    await use(acme, "search", 5); // 0.01
    await use(acme, "rag", 3); // 0.06
    const b = (await api.get(BUDGET, { key })).body;
    expect(b).toMatchObject({ monthly_spend_eur: "0.17", available_eur: "0.83" });
    await use(acme, "extraction", 100); // 2.00
    expect((await api.get(BUDGET, { key })).body).toMatchObject({ monthly_spend_eur: "2.17", available_eur: "0.00" });
  });
});

describe("alert thresholds", () => {
  it("need a budget: every alert operation is 404 without one", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    expectError(await api.get(ALERTS, { key }), 404, "not_found");
    expectError(await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "50" } }), 404, "not_found");
    expectError(await api.patch(ALERTS, { key, body: { is_enabled: false } }), 404, "not_found");
    expectError(await api.patch(`${ALERTS}/1`, { key, body: { is_enabled: false } }), 404, "not_found");
    expectError(await api.delete(`${ALERTS}/1`, { key }), 404, "not_found");
  });

  it("are created in each encoding, listed, toggled all at once, updated, deleted; other companies' are 404", async () => {
    const acme = await seedCompany();
    const other = await seedCompany();
    const key = acme.admin.key;
    await api.put(BUDGET, { key, body: { amount_eur: "200", is_enabled: true } });
    await api.put(BUDGET, { key: other.admin.key, body: { amount_eur: "200", is_enabled: true } });

    const a = await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "50" } });
    expect(a.status, a.text).toBe(201);
    expect(a.body).toEqual({ id: expect.any(Number), is_enabled: true, threshold_type: "percentage", threshold_value: "50.00" });
    const b = await api.post(ALERTS, {
      key,
      raw: new URLSearchParams({ threshold_type: "amount_eur", threshold_value: "1500.5", is_enabled: "false" }),
    });
    expect(b.status, b.text).toBe(201);
    expect(b.body).toMatchObject({ threshold_type: "amount_eur", threshold_value: "1500.50", is_enabled: false });
    const c = await api.post(ALERTS, { key, raw: multipart({ threshold_type: "percentage", threshold_value: "90" }) });
    expect(c.status, c.text).toBe(201);

    expectError(await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "50.00" } }), 409, "conflict");
    const choice = expectError(await api.post(ALERTS, { key, body: { threshold_type: "ratio", threshold_value: "5" } }), 422, "validation_error");
    expect(choice.fields?.threshold_type?.[0].error).toBe("invalid_choice");
    expectError(await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "0" } }), 422, "validation_error");
    expectError(await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "1000.01" } }), 422, "validation_error");
    expect(
      expectError(await api.post(ALERTS, { key, body: { threshold_type: "amount_eur" } }), 422, "validation_error").fields?.threshold_value?.[0]
        .error,
    ).toBe("required");

    const list = await api.get(ALERTS, { key });
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([a.body.id, b.body.id, c.body.id]);
    expect((await api.get(BUDGET, { key })).body.alerts).toHaveLength(3);

    expect((await api.patch(ALERTS, { key, body: { is_enabled: false } })).body).toEqual({ updated: 2 });
    expect((await api.patch(ALERTS, { key, raw: new URLSearchParams({ is_enabled: "false" }) })).body).toEqual({ updated: 0 });
    expect((await api.patch(ALERTS, { key, raw: multipart({ is_enabled: "true" }) })).body).toEqual({ updated: 3 });
    expectError(await api.patch(ALERTS, { key, body: {} }), 422, "validation_error");

    const upd = await api.patch(`${ALERTS}/${a.body.id}`, { key, body: { threshold_value: "75" } });
    expect(upd.body).toEqual({ id: a.body.id, is_enabled: true, threshold_type: "percentage", threshold_value: "75.00" });
    expect((await api.patch(`${ALERTS}/${a.body.id}`, { key, raw: new URLSearchParams({ is_enabled: "false" }) })).body.is_enabled).toBe(false);
    // Switching to a percentage re-checks the value against the new type.
    expectError(await api.patch(`${ALERTS}/${b.body.id}`, { key, body: { threshold_type: "percentage" } }), 422, "validation_error");
    expectError(await api.patch(`${ALERTS}/${c.body.id}`, { key, body: { threshold_value: "75" } }), 409, "conflict");
    expectError(await api.patch(`${ALERTS}/abc`, { key, body: { is_enabled: true } }), 422, "validation_error");

    const foreign = (await api.post(ALERTS, { key: other.admin.key, body: { threshold_type: "percentage", threshold_value: "10" } })).body;
    expectError(await api.patch(`${ALERTS}/${foreign.id}`, { key, body: { is_enabled: false } }), 404, "not_found");
    expectError(await api.delete(`${ALERTS}/${foreign.id}`, { key }), 404, "not_found");
    expect((await api.get(ALERTS, { key: other.admin.key })).body).toHaveLength(1);

    expect((await api.delete(`${ALERTS}/${a.body.id}`, { key })).status).toBe(204);
    expectError(await api.delete(`${ALERTS}/${a.body.id}`, { key }), 404, "not_found");
    expect((await api.get(ALERTS, { key })).body).toHaveLength(2);
  });
});

describe("alert events", () => {
  it("records one event per alert and cycle when spend crosses an enabled threshold, and again in the next cycle", async () => {
    setClockForTests(new Date("2027-01-20T12:00:00Z"));
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    await api.put(BUDGET, { key, body: { amount_eur: "1.00", is_enabled: false } });
    const half = (await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "50" } })).body;
    const abs = (await api.post(ALERTS, { key, body: { threshold_type: "amount_eur", threshold_value: "0.80" } })).body;
    const off = (await api.post(ALERTS, { key, body: { threshold_type: "amount_eur", threshold_value: "0.10", is_enabled: false } })).body;

    await use(acme, "parsing", 40); // 0.40: below 50 %
    expect((await api.get(EVENTS, { key })).body.count).toBe(0);
    await use(acme, "parsing", 20); // 0.60: crosses 50 % (0.50)
    let events = (await api.get(EVENTS, { key })).body;
    expect(events.count).toBe(1);
    expect(events.results[0]).toMatchObject({
      alert_id: half.id,
      cycle_start: "2027-01-01",
      threshold_type: "percentage",
      threshold_value: "50.00",
      threshold_eur: "0.50",
      spend_eur: "0.60",
      budget_amount_eur: "1.00",
      email_status: "not_configured",
      emailed_at: null,
    });
    await use(acme, "parsing", 5); // 0.65: same cycle, nothing new
    expect((await api.get(EVENTS, { key })).body.count).toBe(1);
    await use(acme, "rag", 10); // 0.85: crosses 0.80
    events = (await api.get(EVENTS, { key })).body;
    expect(events.results.map((e: { alert_id: number }) => e.alert_id)).toEqual([abs.id, half.id]);
    expect(events.results.some((e: { alert_id: number }) => e.alert_id === off.id)).toBe(false);

    // Next cycle: spend starts again from zero; the thresholds fire once more when crossed.
    setClockForTests(new Date("2027-02-01T00:00:05Z"));
    expect((await api.get(BUDGET, { key })).body).toMatchObject({
      current_cycle_start: "2027-02-01",
      next_cycle_start: "2027-03-01",
      monthly_spend_eur: "0.00",
    });
    await use(acme, "parsing", 10);
    expect((await api.get(EVENTS, { key })).body.count).toBe(2);
    await use(acme, "parsing", 50); // 0.60
    events = (await api.get(EVENTS, { key })).body;
    expect(events.count).toBe(3);
    expect(events.results[0]).toMatchObject({ alert_id: half.id, cycle_start: "2027-02-01", spend_eur: "0.60" });

    // A changed threshold may fire again in the same cycle; deleting the budget keeps the history.
    await api.patch(`${ALERTS}/${half.id}`, { key, body: { threshold_value: "55" } });
    await use(acme, "search", 1);
    expect((await api.get(EVENTS, { key })).body.count).toBe(4);
    await api.delete(BUDGET, { key });
    const kept = (await api.get(EVENTS, { key })).body;
    expect(kept.count).toBe(4);
    expect(kept.results.every((e: { alert_id: number | null }) => e.alert_id === null)).toBe(true);
    const other = await seedCompany();
    expect((await api.get(EVENTS, { key: other.admin.key })).body.count).toBe(0);
  });

  it("notices a threshold crossed by the storage line alone in the periodic sweep, and records e-mail failures", async () => {
    const acme = await seedCompany({ tier: "payg" });
    const key = acme.admin.key;
    await api.put(BUDGET, { key, body: { amount_eur: "1.00", is_enabled: true } });
    await api.post(ALERTS, { key, body: { threshold_type: "amount_eur", threshold_value: "0.20" } });
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    // 8 GiB peak on a 5 GiB allowance: 0.30 of storage, no usage event at all.
    await db().storageMonth.create({ data: { companyId: acme.companyId, month, peakBytes: 8n * 1024n ** 3n, currentBytes: 0n } });
    expect((await api.get(EVENTS, { key })).body.count).toBe(0);
    // An SMTP server that is not there: the event is kept, its e-mail marked failed with the reason.
    setEnvForTests({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      await enqueueJob(budgetAlertsJob, {});
      await new LocalRunner({ definitions: [budgetAlertsJob], pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
    } finally {
      setEnvForTests({});
    }
    const events = (await api.get(EVENTS, { key })).body;
    expect(events.count).toBe(1);
    expect(events.results[0]).toMatchObject({ threshold_eur: "0.20", spend_eur: "0.30", email_status: "failed", emailed_at: null });
    expect((await db().budgetAlertEvent.findFirstOrThrow({ where: { companyId: acme.companyId } })).emailError).toBeTruthy();
  });

  it("e-mails the company admins through SMTP when configured, once", async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    setEnvForTests({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Billing <billing@docintel.test>" });
    try {
      const acme = await seedCompany({ name: "Mailed Co" });
      await seedUser(acme.companyId); // a member: not e-mailed
      const key = acme.admin.key;
      await api.put(BUDGET, { key, body: { amount_eur: "2.00", is_enabled: true } });
      await api.post(ALERTS, { key, body: { threshold_type: "percentage", threshold_value: "25" } });
      await use(acme, "parsing", 60); // 0.60 ≥ 0.50
      expect((await api.get(EVENTS, { key })).body.results[0].email_status).toBe("pending");

      await enqueueJob(budgetAlertsJob, {});
      await new LocalRunner({ definitions: [budgetAlertsJob], pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
      const event = (await api.get(EVENTS, { key })).body.results[0];
      expect(event.email_status).toBe("sent");
      expect(event.emailed_at).toBeTruthy();
      const mine = received.filter((m) => m.data.includes("Mailed Co"));
      expect(mine).toHaveLength(1);
      expect(mine[0].to).toEqual([acme.admin.email]);
      expect(mine[0].data).toContain("0.60 EUR");
      expect(mine[0].data).toContain("billing@docintel.test");

      // Sending again finds nothing pending.
      await enqueueJob(budgetAlertsJob, {});
      await new LocalRunner({ definitions: [budgetAlertsJob], pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
      expect(received.filter((m) => m.data.includes("Mailed Co"))).toHaveLength(1);
    } finally {
      setEnvForTests({});
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
