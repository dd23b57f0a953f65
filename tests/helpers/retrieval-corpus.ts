// A small corpus for the /search and /ask tests, uploaded through POST /api/v3/files and ingested by
// the real ingestion jobs (parse → chunk → embed with the offline model): two companies, a workspace
// hidden from a member, a second workspace, a tag, and text that would rank first if isolation failed.
import fs from "node:fs";
import { expect } from "vitest";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { addWorkspaceMember, type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api } from "./api";

export const DOCS = {
  invoiceConsulting: {
    name: "invoice-consulting.txt",
    text: "Invoice INV-77341 for consulting services delivered in October is overdue. Please pay within 14 days to avoid late fees.",
  },
  invoiceHardware: { name: "invoice-hardware.txt", text: "Invoice INV-77314 for server hardware was paid in full by bank transfer on 3 September." },
  refund: {
    name: "refund-policy.md",
    text: "# Refund policy\n\nCustomers may request reimbursement for defective merchandise within 30 days of delivery. Refunds are paid to the original card.",
  },
  leave: {
    name: "leave-policy.md",
    text: "# Annual leave\n\nStaff are entitled to 30 days of paid annual leave per calendar year. Vacation requests go to the team lead two weeks ahead.",
  },
  vehicle: {
    name: "vehicle-claims.html",
    text: "<html><body><h1>Vehicle claims</h1><p>To report a car collision, file a claim with the insurer within 14 days and attach photos of the damage.</p></body></html>",
  },
  security: {
    name: "security.md",
    text: "# Security rules\n\nAll laptops must use full-disk encryption and a password manager. Report phishing emails to the security team.",
  },
  nda: {
    name: "nda.txt",
    text: "Non-disclosure agreement: the receiving party keeps confidential information secret for five years after termination.",
  },
} as const;
export type DocName = keyof typeof DOCS;

/** Would rank first for the invoice and refund queries: must never reach a caller without access. */
export const LEAK_TEXT =
  "Invoice INV-77341 INV-77341 overdue consulting services October. Refund reimbursement defective merchandise. Confidential board minutes.";

export interface Corpus {
  acme: SeededCompany;
  other: SeededCompany;
  /** Member of the default and Legal workspaces, not of Board. */
  member: SeededUser;
  /** Workspace-scoped viewer key on Legal. */
  legalKey: string;
  ws: { general: number; legal: number; board: number; otherGeneral: number };
  financeTag: number;
  /** File ids by document; `boardLeak` and `otherLeak` hold LEAK_TEXT. */
  files: Record<DocName | "boardLeak" | "otherLeak", number>;
}

async function upload(key: string, workspaceId: number, name: string, text: string, tagIds: number[] = []): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  form.append("workspace_id", String(workspaceId));
  if (tagIds.length) form.append("tag_ids", tagIds.join(","));
  const res = await api.post("/api/v3/files", { key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

export async function buildCorpus(): Promise<Corpus> {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-retrieval-test-");
  const acme = await seedCompany({ name: "Acme", tier: "business" });
  const other = await seedCompany({ name: "Other", tier: "business" });
  const member = await seedUser(acme.companyId);
  const workspace = async (c: SeededCompany, name: string) => {
    const res = await api.post("/api/v3/workspaces", { key: c.admin.key, body: { name } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  const ws = {
    general: acme.defaultWorkspaceId,
    legal: await workspace(acme, "Legal"),
    board: await workspace(acme, "Board"),
    otherGeneral: other.defaultWorkspaceId,
  };
  // New users join the default workspace when created.
  await addWorkspaceMember(ws.legal, member.userId, "viewer");
  const financeTag = (await db().tag.create({ data: { companyId: acme.companyId, name: "Finance", nameKey: "finance" } })).id;

  const key = acme.admin.key;
  const files = {} as Corpus["files"];
  for (const name of ["invoiceConsulting", "invoiceHardware"] as const)
    files[name] = await upload(key, ws.general, DOCS[name].name, DOCS[name].text, [financeTag]);
  for (const name of ["refund", "leave", "vehicle", "security"] as const)
    files[name] = await upload(key, ws.general, DOCS[name].name, DOCS[name].text);
  files.nda = await upload(key, ws.legal, DOCS.nda.name, DOCS.nda.text);
  files.boardLeak = await upload(key, ws.board, "board-minutes.txt", LEAK_TEXT, [financeTag]);
  files.otherLeak = await upload(other.admin.key, ws.otherGeneral, "other-invoice.txt", LEAK_TEXT);
  await new LocalRunner({ definitions: [ingestFileJob], pollIntervalMs: 20 }).drain({ timeoutMs: 180_000 });
  const statuses = await db().file.findMany({ where: { id: { in: Object.values(files) } }, select: { filename: true, status: true } });
  for (const s of statuses) expect(s.status, s.filename).toBe("embedded");
  const legalKey = await seedScopedKey(member, ws.legal, "viewer");
  return { acme, other, member, legalKey, ws, financeTag, files };
}

/** File id → document name (for readable assertions). */
export function nameOf(corpus: Corpus, fileId: number): string | undefined {
  return Object.entries(corpus.files).find(([, id]) => id === fileId)?.[0];
}
