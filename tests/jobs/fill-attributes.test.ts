// Automatic attribute filling (issue 19) through the upload API, the real parsers and the local runner on a
// real database: a content type set to auto_fill fills a classified invoice's number, date and total once it
// is ingested, keeps a value someone set, reads each version once (a replay and a crash after the step meter
// nothing twice), queues itself when a ready file is classified, and records a failure on the file without
// touching its ingestion status.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnyJobDefinition, JobStepTools } from "@/inngest/define-job";
import { jobDefinitions } from "@/inngest/functions";
import { fillAttributesJob } from "@/inngest/functions/fill-attributes";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { fillFileAttributes } from "@/lib/facets/auto-fill-attributes";
import { setStorageForTests, storage } from "@/lib/storage/storage";
import { type SeededCompany, seedCompany } from "../factories";
import { PURCHASE_INVOICE, type PurchaseInvoiceFiles, purchaseInvoiceFiles } from "../fixtures/purchase-invoice";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const PATH = "finance:invoice:purchase_invoice";
let acme: SeededCompany;
let invoice: PurchaseInvoiceFiles;

const runner = (definitions: readonly AnyJobDefinition[] = jobDefinitions) =>
  new LocalRunner({ definitions, pollIntervalMs: 20, backoffMs: () => 0 });
const drain = (definitions?: readonly AnyJobDefinition[]) => runner(definitions).drain({ timeoutMs: 180_000 });

async function upload(): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(invoice.docx)]), path.basename(invoice.docx));
  const res = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const facetAction = (id: number, body: unknown) => api.post(`/api/v3/files/${id}/facets`, { key: acme.admin.key, body });
async function classification(id: number) {
  const res = await api.get(`/api/v3/files/${id}/facets`, { key: acme.admin.key });
  expect(res.status, res.text).toBe(200);
  const ct = res.body.content_types.find((c: { path: string }) => c.path === PATH);
  const values = Object.fromEntries(
    ct.attributes.filter((a: { value: unknown }) => a.value !== null).map((a: { name: string; value: unknown }) => [a.name, a.value]),
  );
  return { values, fill: ct.fill, autoFill: ct.auto_fill as boolean };
}
const fillEvents = (id: number) =>
  db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "extraction", metadata: { path: ["file_id"], equals: id } } });

/** The fill job with `hook` after its step (same id, so it runs the enqueued jobs). */
function hookedFill(hook: (attempt: number) => Promise<void>): AnyJobDefinition[] {
  const wrapped: AnyJobDefinition = {
    ...fillAttributesJob,
    handler: (ctx) => {
      const step: JobStepTools = {
        run: (name, fn) =>
          ctx.step.run(name, async () => {
            const out = await fn();
            await hook(ctx.attempt);
            return out;
          }) as never,
      };
      return fillAttributesJob.handler({ ...ctx, step });
    },
  };
  return jobDefinitions.map((d) => (d.id === fillAttributesJob.id ? wrapped : d));
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-fill-test-");
  setEnvForTests({});
  setStorageForTests(undefined);
  invoice = await purchaseInvoiceFiles();
  acme = await seedCompany({ tier: "business" });
  const adopt = await api.post("/api/v3/content-types", { key: acme.admin.key, body: { action: "adopt", paths: ["finance"] } });
  expect(adopt.status, adopt.text).toBe(200);
  const define = await api.post("/api/v3/content-types", {
    key: acme.admin.key,
    body: { action: "define_content_type", parent_path: "finance", code: "invoice", label: "Invoice", auto_fill: true },
  });
  expect(define.status, define.text).toBe(200);
  expect(define.body.content_type.auto_fill).toBe(true);
  expect(define.body.content_type.children[0].auto_fill).toBe(false);
}, 240_000);

describe("fill-attributes job", { timeout: 240_000 }, () => {
  it("fills a purchase invoice classified at upload once it is ingested, keeping a value set by hand, once per version", async () => {
    const id = await upload();
    expect((await facetAction(id, { action: "classify", content_type_path: PATH, values: { approval_status: "pending", paid: false } })).status).toBe(
      200,
    );
    await drain();

    const file = await api.get(`/api/v3/files/${id}`, { key: acme.admin.key });
    expect(file.body.status).toBe("embedded");
    const { values, fill, autoFill } = await classification(id);
    expect(autoFill).toBe(true);
    expect(values).toMatchObject({
      invoice_number: PURCHASE_INVOICE.number,
      invoice_date: PURCHASE_INVOICE.date,
      amount: PURCHASE_INVOICE.total,
      approval_status: "pending",
      paid: false,
    });
    expect(fill).toMatchObject({ status: "completed", content_version: 1, error: null });
    expect(fill.filled).toEqual(expect.arrayContaining(["invoice_number", "invoice_date", "amount"]));
    expect(fill.filled).not.toContain("approval_status");
    const events = await fillEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]?.metadata).toMatchObject({ purpose: "attribute_auto_fill", content_type_path: PATH });

    // A replayed step reads nothing again and meters nothing twice.
    expect(await fillFileAttributes({ fileId: id, contentVersion: 1 })).toEqual({ outcome: "ok", filled: 0, failed: 0 });
    expect(await fillEvents(id)).toHaveLength(1);
  });

  it("fills a file classified after ingestion; a crash after the step is retried without a second extraction", async () => {
    const id = await upload();
    await drain();
    expect((await api.get(`/api/v3/files/${id}/facets`, { key: acme.admin.key })).body.content_types).toEqual([]);
    expect((await facetAction(id, { action: "classify", content_type_path: PATH })).status).toBe(200);
    await drain(
      hookedFill(async (attempt) => {
        if (attempt === 1) throw new Error("worker lost");
      }),
    );
    const { values, fill } = await classification(id);
    expect(values).toMatchObject({ invoice_number: PURCHASE_INVOICE.number, amount: PURCHASE_INVOICE.total, invoice_date: PURCHASE_INVOICE.date });
    expect(fill.status).toBe("completed");
    expect(await fillEvents(id)).toHaveLength(1);
    const job = await db().job.findFirst({ where: { name: fillAttributesJob.id, payload: { path: ["file_id"], equals: id } } });
    expect(job).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("records a failure on the file and leaves its ingestion status alone", async () => {
    const id = await upload();
    await drain();
    const row = await db().file.findUniqueOrThrow({ where: { id } });
    await storage().delete(row.storageKey);
    expect((await facetAction(id, { action: "classify", content_type_path: PATH })).status).toBe(200);
    await drain();
    const { values, fill } = await classification(id);
    expect(values).toEqual({});
    expect(fill).toMatchObject({ status: "failed", filled: [], error: { code: "document_file_not_found" } });
    expect(fill.error.detail).toContain("removed");
    const file = await api.get(`/api/v3/files/${id}`, { key: acme.admin.key });
    expect(file.body).toMatchObject({ status: "embedded", status_detail: null });
    expect(await fillEvents(id)).toHaveLength(0);
  });

  it("fills nothing for content types without auto_fill", async () => {
    const id = await upload();
    expect((await facetAction(id, { action: "classify", content_type_path: "finance:receipt" })).status).toBe(200);
    await drain();
    expect(await db().attributeFill.count({ where: { fileId: id } })).toBe(0);
    expect(await db().fileAttributeValue.count({ where: { fileId: id } })).toBe(0);
  });
});
