// POST /api/v3/files/{id}/facets/suggest (issue 19): a real-looking invoice uploaded and ingested through the
// real parsers, a purchase-invoice node adopted from the finance template, its attributes read by the offline
// extractor: number, date and total are found; nothing is saved; the pages read are metered; errors in the
// v3 envelope; another company's file is a 404; workspace viewers may not, editors and admins may.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { addWorkspaceMember, type SeededCompany, seedCompany, seedUser } from "../factories";
import { PURCHASE_INVOICE, type PurchaseInvoiceFiles, purchaseInvoiceFiles } from "../fixtures/purchase-invoice";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";

useTestDatabase();

const PATH = "finance:invoice:purchase_invoice";
let acme: SeededCompany;
let other: SeededCompany;
let invoice: PurchaseInvoiceFiles;

async function upload(file: string, key: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(file)]), path.basename(file));
  const res = await api.post("/api/v3/files", { key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const adopt = (c: SeededCompany) => api.post("/api/v3/content-types", { key: c.admin.key, body: { action: "adopt", paths: ["finance"] } });
const suggest = (key: string, id: number, body: unknown = { content_type_path: PATH }) =>
  api.post(`/api/v3/files/${id}/facets/suggest`, { key, body });

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-suggest-test-");
  setEnvForTests({});
  invoice = await purchaseInvoiceFiles();
  acme = await seedCompany({ tier: "business" });
  other = await seedCompany({ tier: "business" });
  expect((await adopt(acme)).status).toBe(200);
  expect((await adopt(other)).status).toBe(200);
}, 240_000);

describe("POST /api/v3/files/{id}/facets/suggest", { timeout: 180_000 }, () => {
  it.each([
    ["PDF", () => invoice.pdf],
    ["DOCX", () => invoice.docx],
  ])("suggests the purchase invoice's number, date and total from a %s, saves nothing and meters the pages", async (_kind, file) => {
    const id = await upload(file(), acme.admin.key);
    await drainJobs();
    const before = await db().usageEvent.count({ where: { companyId: acme.companyId, feature: "extraction" } });

    const res = await suggest(acme.admin.key, id);
    expect(res.status, res.text).toBe(200);
    const values = Object.fromEntries(res.body.suggestions.map((s: { name: string; value: unknown }) => [s.name, s.value]));
    expect(values).toMatchObject({
      invoice_number: PURCHASE_INVOICE.number,
      invoice_date: PURCHASE_INVOICE.date,
      amount: PURCHASE_INVOICE.total,
      due_date: PURCHASE_INVOICE.dueDate,
      currency: PURCHASE_INVOICE.currency,
      purchase_order_number: PURCHASE_INVOICE.purchaseOrder,
    });
    expect(res.body.content_type_path).toBe(PATH);
    expect(res.body.pages_processed).toBeGreaterThanOrEqual(1);
    expect(res.body.missing).toContain("approval_status");
    expect(res.body.suggestions.every((s: { current_value: unknown }) => s.current_value === null)).toBe(true);

    expect(await db().fileAttributeValue.count({ where: { fileId: id } })).toBe(0);
    const events = await db().usageEvent.findMany({ where: { companyId: acme.companyId, feature: "extraction" }, orderBy: { id: "asc" } });
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)?.quantity).toBe(res.body.pages_processed);

    // Accepted as suggested: classify with the values saves them unchanged.
    const classify = await api.post(`/api/v3/files/${id}/facets`, {
      key: acme.admin.key,
      body: { action: "classify", content_type_path: PATH, values },
    });
    expect(classify.status, classify.text).toBe(200);
    const again = await suggest(acme.admin.key, id);
    const amount = again.body.suggestions.find((s: { name: string }) => s.name === "amount");
    expect(amount.current_value).toBe(PURCHASE_INVOICE.total);
  });

  it("answers the v3 errors: unknown node, invalid body, file not ready, another company's file", async () => {
    const id = await upload(invoice.docx, acme.admin.key);
    const pending = await suggest(acme.admin.key, id);
    expectError(pending, 404, "document_file_not_found");
    await drainJobs();

    expectError(await suggest(acme.admin.key, id, { content_type_path: "finance:nope" }), 400, "content_type_unknown");
    const invalid = expectError(await suggest(acme.admin.key, id, {}), 422, "validation_error");
    expect(invalid.fields).toHaveProperty("content_type_path");
    expectError(await suggest(acme.admin.key, 999_999), 404, "not_found");
    expectError(await suggest(other.admin.key, id), 404, "not_found");
    expectError(await suggest(null as unknown as string, id), 401, "unauthorized");
  });

  it("lets workspace editors and company admins ask, refuses viewers with 403", async () => {
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Accounts payable" } })).body.id as number;
    const form = new FormData();
    form.append("file", new Blob([fs.readFileSync(invoice.docx)]), "ap-invoice.docx");
    form.append("workspace_id", String(ws));
    const uploaded = await api.post("/api/v3/files", { key: acme.admin.key, raw: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    const id = uploaded.body.id as number;
    await drainJobs();
    const viewer = await seedUser(acme.companyId);
    const editor = await seedUser(acme.companyId);
    await addWorkspaceMember(ws, viewer.userId, "viewer");
    await addWorkspaceMember(ws, editor.userId, "editor");
    expectError(await suggest(viewer.key, id), 403, "insufficient_permissions");
    expect((await suggest(editor.key, id)).status).toBe(200);
    expect((await suggest(acme.admin.key, id)).status).toBe(200);
  });
});
