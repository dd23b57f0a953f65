// GET /api/v3/files through the route handler: every filter and combination, orderings, pagination,
// 422 for every invalid parameter form, tenant and workspace isolation, detail fields, facet filters
// (validated, matching nothing until classification exists) and search.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, embedTexts } from "@/lib/ai/embeddings";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ensureVectorIndex } from "@/lib/db/vector";
import { setEnvForTests } from "@/lib/env";
import { type ChunkInput, insertChunks } from "@/lib/search/index-chunks";
import { addWorkspaceMember, type SeededCompany, type SeededUser, seedCompany, seedScopedKey, seedUser } from "../factories";
import { type ApiResponse, api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let acme: SeededCompany;
let other: SeededCompany;
let member: SeededUser; // viewer of "Legal" only
let loner: SeededUser; // member of no workspace
let scopedKey: string; // workspace-scoped key on "Private"
let ws: { general: number; legal: number; priv: number; otherGeneral: number };
let tags: { contract: number; invoice: number; otherTag: number };
let sessionUuid: string;
let otherSessionUuid: string;
const fileIds: Record<string, number> = {};

interface Seed {
  title: string;
  filename: string;
  extension: string;
  workspaceId: number;
  companyId: number;
  status?: string;
  statusVision?: string;
  totalPages?: number;
  size?: number;
  createdAt: string;
  updatedAt: string;
  externalMetadata?: { external_id?: string; doc_type?: string };
  tagIds?: number[];
  uploadSessionId?: string;
  createdById?: number | null;
  mimeType?: string;
}

async function seedFile(s: Seed): Promise<number> {
  const file = await db().file.create({
    data: {
      companyId: s.companyId,
      workspaceId: s.workspaceId,
      filename: s.filename,
      title: s.title,
      extension: s.extension,
      mimeType: s.mimeType ?? null,
      size: s.size ?? 100,
      sha256: randomUUID().replace(/-/g, ""),
      storageKey: `test/${randomUUID()}`,
      status: s.status ?? "embedded",
      statusVision: s.statusVision ?? "-",
      totalPages: s.totalPages ?? 1,
      summaries: [{ language: "en", summary: `Summary of ${s.title}` }],
      // As upload and update do: the JSON plus its denormalised id and type columns.
      externalMetadata: (s.externalMetadata ?? undefined) as Prisma.InputJsonValue | undefined,
      externalId: s.externalMetadata?.external_id ?? null,
      externalDocType: s.externalMetadata?.doc_type ?? null,
      uploadSessionId: s.uploadSessionId ?? null,
      createdById: s.createdById === undefined ? null : s.createdById,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
    },
  });
  for (const tagId of s.tagIds ?? []) await db().fileTag.create({ data: { fileId: file.id, tagId } });
  fileIds[s.title] = file.id;
  return file.id;
}

/** Every acme file title in the default order (newest upload first; f1/Zeta tie broken by id, desc). */
const DEFAULT_ORDER = ["nda", "Supplier contract", "Budget 2024", "Zeta", "Annual report", "Meeting notes"];
/** The given titles in the default order. */
const only = (...titles: string[]) => DEFAULT_ORDER.filter((t) => titles.includes(t));

async function list(qs = "", key: string = acme.admin.key): Promise<ApiResponse> {
  const res = await api.get(`/api/v3/files${qs ? `?${qs}` : ""}`, { key });
  expect(res.status, res.text).toBe(200);
  return res;
}
async function titles(qs = "", key?: string): Promise<string[]> {
  const res = await list(qs, key);
  expect(res.body.count).toBe(res.body.results.length);
  return res.body.results.map((f: { title: string }) => f.title);
}

beforeAll(async () => {
  acme = await seedCompany({ tier: "business" });
  other = await seedCompany();
  member = await seedUser(acme.companyId, { role: "member" });
  loner = await seedUser(acme.companyId, { role: "member" });
  const legal = await db().workspace.create({ data: { companyId: acme.companyId, name: "Legal", createdById: acme.admin.userId } });
  const priv = await db().workspace.create({ data: { companyId: acme.companyId, name: "Private", createdById: acme.admin.userId } });
  for (const w of [legal.id, priv.id]) await addWorkspaceMember(w, acme.admin.userId, "owner");
  // Every new user joins the default workspace; these two must not.
  await db().workspaceMember.deleteMany({ where: { workspaceId: acme.defaultWorkspaceId, userId: { in: [member.userId, loner.userId] } } });
  await addWorkspaceMember(legal.id, member.userId, "viewer");
  ws = { general: acme.defaultWorkspaceId, legal: legal.id, priv: priv.id, otherGeneral: other.defaultWorkspaceId };
  scopedKey = await seedScopedKey(acme.admin, priv.id, "viewer");

  const t = async (companyId: number, name: string) => (await db().tag.create({ data: { companyId, name, nameKey: name.toLowerCase() } })).id;
  tags = {
    contract: await t(acme.companyId, "Contract"),
    invoice: await t(acme.companyId, "Invoice"),
    otherTag: await t(other.companyId, "Contract"),
  };

  sessionUuid = randomUUID();
  otherSessionUuid = randomUUID();
  const expiresAt = new Date(Date.now() + 3600_000);
  await db().uploadSession.create({ data: { id: sessionUuid, companyId: acme.companyId, workspaceId: ws.general, expiresAt } });
  await db().uploadSession.create({ data: { id: otherSessionUuid, companyId: other.companyId, workspaceId: ws.otherGeneral, expiresAt } });

  const a = acme.companyId;
  // f1
  await seedFile({
    title: "Annual report",
    filename: "Annual Report 2023.pdf",
    extension: "pdf",
    workspaceId: ws.general,
    companyId: a,
    status: "embedded",
    statusVision: "-",
    totalPages: 10,
    size: 5000,
    mimeType: "application/pdf",
    createdAt: "2024-01-10T10:00:00.000Z",
    updatedAt: "2024-02-01T00:00:00.000Z",
    externalMetadata: { external_id: "EXT-1", doc_type: "Invoice" },
    tagIds: [tags.contract],
    createdById: acme.admin.userId,
  });
  // f2
  await seedFile({
    title: "Budget 2024",
    filename: "budget.xlsx",
    extension: "xlsx",
    workspaceId: ws.general,
    companyId: a,
    status: "parsing",
    statusVision: "pending",
    totalPages: 0,
    size: 1200,
    createdAt: "2024-01-15T00:00:00.000Z",
    updatedAt: "2024-01-15T00:00:00.000Z",
    uploadSessionId: sessionUuid,
    createdById: acme.admin.userId,
  });
  // f3
  await seedFile({
    title: "Supplier contract",
    filename: "contract_v2.docx",
    extension: "docx",
    workspaceId: ws.legal,
    companyId: a,
    status: "embedded",
    statusVision: "embedded",
    totalPages: 3,
    size: 800,
    createdAt: "2024-02-01T12:00:00.000Z",
    updatedAt: "2024-03-01T00:00:00.000Z",
    externalMetadata: { external_id: "EXT-2", doc_type: "Purchase invoice" },
    tagIds: [tags.contract, tags.invoice],
    createdById: member.userId,
  });
  // f4
  await seedFile({
    title: "nda",
    filename: "NDA.PDF",
    extension: "PDF",
    workspaceId: ws.legal,
    companyId: a,
    status: "fail",
    statusVision: "fail",
    totalPages: 1,
    size: 300,
    createdAt: "2024-03-05T08:00:00.000Z",
    updatedAt: "2024-03-05T08:00:00.000Z",
    externalMetadata: { doc_type: "NDA" },
    tagIds: [tags.invoice],
    uploadSessionId: sessionUuid,
    createdById: member.userId,
  });
  // f5
  await seedFile({
    title: "Meeting notes",
    filename: "notes 100%_done.txt",
    extension: "txt",
    workspaceId: ws.priv,
    companyId: a,
    status: "pending",
    statusVision: "-",
    totalPages: 0,
    size: 50,
    createdAt: "2023-12-31T23:59:59.999Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    externalMetadata: { external_id: "ext-1" },
    createdById: acme.admin.userId,
  });
  // f6: same creation time as f1 (the tie is broken by id); no creator
  await seedFile({
    title: "Zeta",
    filename: "zeta.pdf",
    extension: "pdf",
    workspaceId: ws.general,
    companyId: a,
    status: "embedded",
    statusVision: "-",
    totalPages: 200,
    size: 99999,
    createdAt: "2024-01-10T10:00:00.000Z",
    updatedAt: "2024-06-30T00:00:00.000Z",
  });
  // Another company: looks like acme's files in every filterable way.
  await seedFile({
    title: "Other report",
    filename: "Annual Report 2023.pdf",
    extension: "pdf",
    workspaceId: ws.otherGeneral,
    companyId: other.companyId,
    status: "embedded",
    statusVision: "-",
    totalPages: 10,
    size: 5000,
    createdAt: "2024-01-12T00:00:00.000Z",
    updatedAt: "2024-02-01T00:00:00.000Z",
    externalMetadata: { external_id: "EXT-1", doc_type: "Invoice" },
    tagIds: [tags.otherTag],
    uploadSessionId: otherSessionUuid,
    createdById: other.admin.userId,
  });
});

describe("GET /api/v3/files: listing", () => {
  it("needs credentials", async () => {
    expectError(await api.get("/api/v3/files"), 401, "unauthorized");
  });

  it("lists the company's files newest first, with the File fields", async () => {
    const res = await list();
    expect(res.body).toMatchObject({ count: 6, next: null, previous: null });
    expect(res.body.results.map((f: { title: string }) => f.title)).toEqual(DEFAULT_ORDER);
    const annual = res.body.results.find((f: { title: string }) => f.title === "Annual report");
    expect(annual).toMatchObject({
      id: fileIds["Annual report"],
      filename: "Annual Report 2023.pdf",
      extension: "pdf",
      workspace: { id: ws.general, name: "General", workspace_type: "shared" },
      status: "embedded",
      status_vision: "-",
      created_at: "2024-01-10T10:00:00.000Z",
      updated_at: "2024-02-01T00:00:00.000Z",
      total_pages: 10,
      size: 5000,
      tags: [{ id: tags.contract, name: "Contract", auto_assigned: false }],
      created_by: { id: acme.admin.userId },
      external_metadata: { external_id: "EXT-1", doc_type: "Invoice" },
      content_types: [],
      summaries: [{ language: "en", summary: "Summary of Annual report" }],
    });
    for (const key of ["content_preview", "chunk_count", "mime_type", "summary", "chunks", "score"]) expect(annual).not.toHaveProperty(key);
  });

  it("adds the detail fields with detail=true", async () => {
    const id = fileIds["Annual report"];
    await db().filePage.create({ data: { fileId: id, page: 1, markdown: `# Annual report\n\n${"Revenue grew. ".repeat(100)}` } });
    await db().chunk.createMany({
      data: [0, 1].map((i) => ({
        fileId: id,
        companyId: acme.companyId,
        workspaceId: ws.general,
        chunkIndex: i,
        page: 1,
        content: `chunk ${i}`,
        tokenCount: 2,
      })),
    });
    const res = await list("detail=true&filename=annual");
    expect(res.body.results).toHaveLength(1);
    const f = res.body.results[0];
    expect(f).toMatchObject({ chunk_count: 2, mime_type: "application/pdf", summary: "Summary of Annual report" });
    expect(f.content_preview.startsWith("# Annual report")).toBe(true);
    expect(f.content_preview.length).toBe(1000);
    const plain = (await list("detail=false&filename=annual")).body.results[0];
    expect(plain).not.toHaveProperty("chunk_count");
    const bare = (await list("detail=true&filename=zeta")).body.results[0];
    expect(bare).toMatchObject({ chunk_count: 0, content_preview: "", mime_type: null });
  });
});

describe("GET /api/v3/files: filters", () => {
  it.each([
    ["extension=pdf", only("Annual report", "nda", "Zeta")],
    ["extension=.PDF,txt", only("Annual report", "nda", "Zeta", "Meeting notes")],
    ["extension=pdf&extension=xlsx", only("Annual report", "nda", "Zeta", "Budget 2024")],
    ["extension=odt", []],
    ["extension=", DEFAULT_ORDER],
    ["status=embedded", only("Annual report", "Supplier contract", "Zeta")],
    ["status=fail,pending", only("nda", "Meeting notes")],
    ["status_vision=pending", only("Budget 2024")],
    ["status_vision=-,fail", only("Annual report", "nda", "Meeting notes", "Zeta")],
    ["total_pages_min=3", only("Annual report", "Supplier contract", "Zeta")],
    ["total_pages_max=3", only("Budget 2024", "Supplier contract", "nda", "Meeting notes")],
    ["total_pages_min=1&total_pages_max=10", only("Annual report", "Supplier contract", "nda")],
    ["total_pages_min=-2147483648&total_pages_max=2147483647", DEFAULT_ORDER],
    ["total_pages_min=11&total_pages_max=10", []],
    ["total_pages_min=+3", only("Annual report", "Supplier contract", "Zeta")],
    ["created_at_after=2024-01-15", only("Budget 2024", "Supplier contract", "nda")],
    ["created_at_before=2024-01-15", only("Budget 2024", "Annual report", "Zeta", "Meeting notes")],
    ["created_at_before=2023-12-31", []],
    ["created_at_before=2023-12-31T23:59:59.999Z", only("Meeting notes")],
    ["created_at_after=2024-01-10T10:00:00Z&created_at_before=2024-01-10T10:00:00Z", only("Annual report", "Zeta")],
    ["created_at_after=2024-01-10T11:00:00%2B01:00&created_at_before=2024-01-10T10:00", only("Annual report", "Zeta")],
    ["created_at_after=2024-01-10T11:00:00+01:00&created_at_before=2024-01-10T05:00:00-05:00", only("Annual report", "Zeta")],
    ["created_at_after=2024-01-10T10:00:00.001Z", only("Budget 2024", "Supplier contract", "nda")],
    ["updated_at_after=2024-03-01", only("Supplier contract", "nda", "Zeta")],
    ["updated_at_before=2024-01-15", only("Budget 2024", "Meeting notes")],
    ["updated_at_after=2024-01-02&updated_at_before=2024-03-01", only("Annual report", "Budget 2024", "Supplier contract")],
    ["filename=REPORT", only("Annual report")],
    ["filename=%25", only("Meeting notes")],
    ["filename=_", only("Supplier contract", "Meeting notes")],
    ["filename=.pdf", only("Annual report", "nda", "Zeta")],
    ["filename=%20", DEFAULT_ORDER], // blank text filters are "not given"
    ["title=CONTRACT", only("Supplier contract")],
    ["title=e", only("Annual report", "Budget 2024", "Supplier contract", "Meeting notes", "Zeta")],
    ["external_metadata__doc_type=invoice", only("Annual report", "Supplier contract")],
    ["external_metadata__doc_type=NDA", only("nda")],
    ["external_metadata__doc_type=purchase%20INV", only("Supplier contract")],
    ["external_metadata__external_id=EXT-1", only("Annual report")],
    ["external_metadata__external_id=ext-1", only("Meeting notes")],
    ["external_metadata__external_id=EXT", []],
    ["group_id=1", []],
    ["group_id=1,2&extension=pdf", []],
  ])("%s", async (qs, expected) => {
    expect(await titles(qs)).toEqual(expected);
  });

  it("filters by owner, tag, workspace and upload session", async () => {
    expect(await titles(`owner_id=${member.userId}`)).toEqual(only("Supplier contract", "nda"));
    expect(await titles(`owner_id=${member.userId},${acme.admin.userId}`)).toEqual(
      only("Annual report", "Budget 2024", "Supplier contract", "nda", "Meeting notes"),
    );
    expect(await titles(`owner_id=${other.admin.userId}`)).toEqual([]);
    expect(await titles(`tag_id=${tags.contract}`)).toEqual(only("Annual report", "Supplier contract"));
    expect(await titles(`tag_id=${tags.contract},${tags.invoice}`)).toEqual(only("Annual report", "Supplier contract", "nda"));
    expect(await titles(`tag_id=${tags.contract}&tag_id=${tags.invoice}`)).toEqual(only("Annual report", "Supplier contract", "nda"));
    expect(await titles(`workspace_id=${ws.legal}`)).toEqual(only("Supplier contract", "nda"));
    expect(await titles(`workspace_id=${ws.legal},${ws.priv}`)).toEqual(only("Supplier contract", "nda", "Meeting notes"));
    expect(await titles(`workspace_id=2147483647`)).toEqual([]);
    expect(await titles(`upload_session_uuid=${sessionUuid}`)).toEqual(only("Budget 2024", "nda"));
    expect(await titles(`upload_session_uuid=${sessionUuid.toUpperCase()}`)).toEqual(only("Budget 2024", "nda"));
    expect(await titles(`upload_session_uuid=${randomUUID()}`)).toEqual([]);
  });

  it("ANDs filters and ORs values within one", async () => {
    expect(await titles("extension=pdf&status=embedded&total_pages_min=5")).toEqual(only("Annual report", "Zeta"));
    expect(await titles("extension=pdf&status=embedded&total_pages_min=5&ordering=-size")).toEqual(["Zeta", "Annual report"]);
    expect(await titles(`workspace_id=${ws.legal}&status=fail,embedded&tag_id=${tags.invoice}`)).toEqual(only("Supplier contract", "nda"));
    expect(await titles(`workspace_id=${ws.legal}&status=embedded&tag_id=${tags.invoice}&external_metadata__doc_type=invoice`)).toEqual(
      only("Supplier contract"),
    );
    expect(await titles(`upload_session_uuid=${sessionUuid}&owner_id=${member.userId}&extension=pdf&created_at_after=2024-03-01`)).toEqual(
      only("nda"),
    );
    expect(await titles(`upload_session_uuid=${sessionUuid}&owner_id=${member.userId}&extension=xlsx`)).toEqual([]);
    expect(await titles("filename=report&title=annual&status_vision=-&updated_at_before=2024-02-01&total_pages_max=10")).toEqual(
      only("Annual report"),
    );
  });

  it("validates facet filters and, with no classifications yet, matches no file", async () => {
    for (const qs of [
      "attribute=amount",
      "attribute=amount:>100",
      "attribute=due:2023-06&attribute=paid:true",
      "attribute=vendor:Acme*|*corp*",
      `attribute=${encodeURIComponent('note:"a|b"')}`,
      `attribute=${encodeURIComponent("content_type(finance:invoice).amount:<=5")}`,
      "content_type=finance",
      "content_type=finance:invoice,legal",
      "content_type=fin*&content_type=*invoice*",
      "content_type=legal&extension=pdf",
    ]) {
      const res = await list(qs);
      expect(res.body, qs).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
  });
});

describe("GET /api/v3/files: ordering", () => {
  it.each([
    ["created_at", ["Meeting notes", "Annual report", "Zeta", "Budget 2024", "Supplier contract", "nda"]],
    ["-created_at", DEFAULT_ORDER],
    ["filename", ["Annual report", "Budget 2024", "Supplier contract", "nda", "Meeting notes", "Zeta"]],
    ["-filename", ["Zeta", "Meeting notes", "nda", "Supplier contract", "Budget 2024", "Annual report"]],
    ["title", ["Annual report", "Budget 2024", "Meeting notes", "nda", "Supplier contract", "Zeta"]],
    ["-title", ["Zeta", "Supplier contract", "nda", "Meeting notes", "Budget 2024", "Annual report"]],
    // Budget 2024 and Meeting notes both have 0 pages: ties follow the id in the same direction.
    ["total_pages", ["Budget 2024", "Meeting notes", "nda", "Supplier contract", "Annual report", "Zeta"]],
    ["-total_pages", ["Zeta", "Annual report", "Supplier contract", "nda", "Meeting notes", "Budget 2024"]],
    ["size", ["Meeting notes", "nda", "Supplier contract", "Budget 2024", "Annual report", "Zeta"]],
    ["-size", ["Zeta", "Annual report", "Budget 2024", "Supplier contract", "nda", "Meeting notes"]],
  ])("ordering=%s", async (ordering, expected) => {
    expect(await titles(`ordering=${ordering}`)).toEqual(expected);
  });

  it("keeps a stable order across pages for every ordering", async () => {
    for (const ordering of ["created_at", "-created_at", "total_pages", "-total_pages"]) {
      const all = await titles(`ordering=${ordering}`);
      const paged: string[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = await list(`ordering=${ordering}&page_size=1&page=${page}`);
        expect(res.body.count).toBe(6);
        paged.push(...res.body.results.map((f: { title: string }) => f.title));
      }
      expect(paged).toEqual(all);
    }
  });
});

describe("GET /api/v3/files: pagination", () => {
  it("pages with absolute links that keep the filters", async () => {
    const p1 = await list("page_size=2");
    expect(p1.body.count).toBe(6);
    expect(p1.body.results.map((f: { title: string }) => f.title)).toEqual(DEFAULT_ORDER.slice(0, 2));
    expect(p1.body.next).toBe("http://localhost:3000/api/v3/files?page_size=2&page=2");
    expect(p1.body.previous).toBeNull();
    const p3 = await list("page_size=2&page=3");
    expect(p3.body.results.map((f: { title: string }) => f.title)).toEqual(DEFAULT_ORDER.slice(4));
    expect(p3.body.next).toBeNull();
    expect(p3.body.previous).toBe("http://localhost:3000/api/v3/files?page_size=2&page=2");

    const f1 = await list("extension=pdf&ordering=size&page_size=1");
    expect(f1.body).toMatchObject({
      count: 3,
      previous: null,
      next: "http://localhost:3000/api/v3/files?extension=pdf&ordering=size&page_size=1&page=2",
    });
    const f2 = await api.get(f1.body.next.replace("http://localhost:3000", ""), { key: acme.admin.key });
    expect(f2.body.results.map((f: { title: string }) => f.title)).toEqual(["Annual report"]);
  });

  it("answers an empty page past the end, linking back to the last page", async () => {
    const res = await list("page_size=2&page=9");
    expect(res.body).toMatchObject({ count: 6, results: [], next: null, previous: "http://localhost:3000/api/v3/files?page_size=2&page=3" });
  });

  it("accepts page_size bounds 1 and 500 and defaults to 50", async () => {
    expect((await list("page_size=1")).body.results).toHaveLength(1);
    expect((await list("page_size=500")).body.results).toHaveLength(6);
    for (let i = 0; i < 50; i++) {
      await db().file.create({
        data: {
          companyId: other.companyId,
          workspaceId: ws.otherGeneral,
          filename: `bulk-${i}.txt`,
          title: `bulk ${i}`,
          extension: "txt",
          size: 1,
          sha256: "x",
          storageKey: `bulk/${i}`,
        },
      });
    }
    const res = await list("", other.admin.key);
    expect(res.body.count).toBe(51);
    expect(res.body.results).toHaveLength(50);
    expect(res.body.next).toBe("http://localhost:3000/api/v3/files?page=2");
    const last = await list("page=2", other.admin.key);
    expect(last.body.results).toHaveLength(1);
  });
});

describe("GET /api/v3/files: validation (422 naming the parameter)", () => {
  it.each([
    ["page_size=0", "page_size"],
    ["page_size=501", "page_size"],
    ["page_size=abc", "page_size"],
    ["page_size=1.5", "page_size"],
    ["page_size=", "page_size"],
    ["page_size=1e2", "page_size"],
    ["page_size=0x10", "page_size"],
    ["page_size=5&page_size=6", "page_size"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["total_pages_min=2147483648", "total_pages_min"],
    ["total_pages_min=-2147483649", "total_pages_min"],
    ["total_pages_max=2147483648", "total_pages_max"],
    ["total_pages_max=-2147483649", "total_pages_max"],
    ["total_pages_max=99999999999999999999", "total_pages_max"],
    ["total_pages_min=abc", "total_pages_min"],
    ["total_pages_min=1.5", "total_pages_min"],
    ["created_at_after=2024-13-01", "created_at_after"],
    ["created_at_after=2024-02-30", "created_at_after"],
    ["created_at_after=yesterday", "created_at_after"],
    ["created_at_before=2024-01-01T25:00:00Z", "created_at_before"],
    ["created_at_before=2024-1-1", "created_at_before"],
    ["updated_at_after=2024-01-01T10:00:00%2B24:00", "updated_at_after"],
    ["updated_at_before=1704067200", "updated_at_before"],
    ["status=bogus", "status"],
    ["status=embedded,Embedded", "status"],
    ["status_vision=done", "status_vision"],
    ["ordering=name", "ordering"],
    ["ordering=--size", "ordering"],
    ["ordering=-", "ordering"],
    ["ordering=size,-title", "ordering"],
    ["extension=a%20b", "extension"],
    ["extension=pdf,*", "extension"],
    ["owner_id=abc", "owner_id"],
    ["owner_id=0", "owner_id"],
    ["owner_id=-1", "owner_id"],
    ["tag_id=1,x", "tag_id"],
    ["workspace_id=1.5", "workspace_id"],
    ["workspace_id=2147483648", "workspace_id"],
    ["group_id=abc", "group_id"],
    ["upload_session_uuid=not-a-uuid", "upload_session_uuid"],
    ["upload_session_uuid=", "upload_session_uuid"],
    ["max_documents=0", "max_documents"],
    ["max_documents=501", "max_documents"],
    ["max_chunks_per_document=0", "max_chunks_per_document"],
    ["max_chunks_per_document=11", "max_chunks_per_document"],
    ["detail=maybe", "detail"],
    ["search_details=yes", "search_details"],
    [`filename=${"x".repeat(501)}`, "filename"],
    ["attribute=Amount:5", "attribute"],
    ["attribute=amount:", "attribute"],
    ["attribute=amount:>abc", "attribute"],
    ["attribute=vendor:*suffix", "attribute"],
    [`attribute=${encodeURIComponent('note:"open')}`, "attribute"],
    ["attribute=content_type(a:b:c:d:e).x", "attribute"],
    ["content_type=Finance", "content_type"],
    ["content_type=a:b:c:d:e", "content_type"],
    ["content_type=*", "content_type"],
    ["content_type=legal,", "content_type"],
  ])("%s", async (qs, field) => {
    const err = expectError(await api.get(`/api/v3/files?${qs}`, { key: acme.admin.key }), 422, "validation_error");
    expect(Object.keys(err.fields ?? {}), qs).toEqual([field]);
    expect(err.fields![field][0].error).toMatch(/^(invalid|invalid_choice)$/);
  });

  it("names the malformed facet entries, one error each, and reports every bad parameter at once", async () => {
    const err = expectError(
      await api.get(
        `/api/v3/files?attribute=ok:1&attribute=Bad:1&attribute=${encodeURIComponent("x:a*b")}&content_type=Legal&page_size=0&status=nope`,
        { key: acme.admin.key },
      ),
      422,
      "validation_error",
    );
    expect(Object.keys(err.fields!).sort()).toEqual(["attribute", "content_type", "page_size", "status"]);
    expect(err.fields!.attribute).toHaveLength(2);
    expect(err.fields!.attribute[0].detail).toContain('"Bad:1"');
    expect(err.fields!.attribute[1].detail).toContain('"x:a*b"');
    expect(err.fields!.content_type[0].detail).toContain('"Legal"');
    expect(err.fields!.status[0]).toMatchObject({ error: "invalid_choice" });
    expect(err.fields!.status[0].detail).toContain('"nope"');
  });
});

describe("GET /api/v3/files: isolation", () => {
  it("never shows another company's files, whatever the filters", async () => {
    const acmeTitles = new Set(DEFAULT_ORDER);
    for (const qs of [
      "",
      "external_metadata__external_id=EXT-1",
      `workspace_id=${ws.otherGeneral}`,
      `tag_id=${tags.otherTag}`,
      `owner_id=${other.admin.userId}`,
      `upload_session_uuid=${otherSessionUuid}`,
      "filename=Annual&extension=pdf&status=embedded",
      "page_size=500&ordering=size",
    ]) {
      const seen = await titles(qs);
      expect(
        seen.every((t) => acmeTitles.has(t)),
        qs,
      ).toBe(true);
    }
    // And the other company sees only its own, even when naming acme's ids.
    for (const qs of [
      `workspace_id=${ws.general}`,
      `tag_id=${tags.contract}`,
      `owner_id=${acme.admin.userId}`,
      `upload_session_uuid=${sessionUuid}`,
    ]) {
      expect(await titles(qs, other.admin.key), qs).toEqual([]);
    }
    expect(await titles("external_metadata__external_id=EXT-1", other.admin.key)).toEqual(["Other report"]);
  });

  it("shows a member only the files of their workspaces", async () => {
    expect(await titles("", member.key)).toEqual(only("Supplier contract", "nda"));
    expect(await titles(`workspace_id=${ws.general}`, member.key)).toEqual([]);
    expect(await titles(`workspace_id=${ws.general},${ws.legal}`, member.key)).toEqual(only("Supplier contract", "nda"));
    expect(await titles("extension=pdf", member.key)).toEqual(only("nda"));
    expect(await titles(`upload_session_uuid=${sessionUuid}`, member.key)).toEqual(only("nda"));
    expect((await list("", loner.key)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("shows a workspace-scoped key only its workspace", async () => {
    expect(await titles("", scopedKey)).toEqual(["Meeting notes"]);
    expect(await titles(`workspace_id=${ws.general}`, scopedKey)).toEqual([]);
    expect(await titles("external_metadata__external_id=ext-1", scopedKey)).toEqual(["Meeting notes"]);
    expect(await titles("external_metadata__external_id=EXT-1", scopedKey)).toEqual([]);
  });

  it("lets company admins see workspaces they are not a member of", async () => {
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    expect(await titles("", dpo.key)).toEqual(DEFAULT_ORDER);
  });
});

describe("GET /api/v3/files: search", () => {
  let sc: SeededCompany;
  let viewer: SeededUser; // member of the default workspace only
  let hiddenWs: number;
  let hiddenKey: string; // workspace-scoped key on the hidden workspace
  let rival: SeededCompany;
  const ids: Record<string, number> = {};
  const LEAK = "Invoice INV-77341 INV-77341 overdue consulting services October. Invoice overdue invoice.";

  async function searchable(company: number, workspaceId: number, name: string, ext: string, chunks: string[], createdAt: string, size = 100) {
    const file = await db().file.create({
      data: {
        companyId: company,
        workspaceId,
        filename: `${name}.${ext}`,
        title: name,
        extension: ext,
        size,
        sha256: "0",
        storageKey: name,
        status: "embedded",
        totalPages: chunks.length,
        createdAt: new Date(createdAt),
      },
    });
    const input: ChunkInput[] = chunks.map((content, i) => ({
      chunkIndex: i,
      page: i + 1,
      headingPath: `${name} / part ${i + 1}`,
      content,
      tokenCount: content.split(/\s+/).length,
      language: "english",
    }));
    const provider = embeddingProvider();
    const vectors = await embedTexts(
      input.map((c) => `${c.headingPath}\n${c.content}`),
      "document",
      provider,
    );
    await insertChunks(db(), { id: file.id, companyId: company, workspaceId }, input, vectors, provider.id);
    return file.id;
  }

  const searchTitles = async (qs: string, key: string = sc.admin.key) => (await list(qs, key)).body.results.map((f: { title: string }) => f.title);

  beforeAll(async () => {
    setEnvForTests({ EMBEDDINGS_PROVIDER: "local" });
    await ensureVectorIndex(embeddingProvider());
    sc = await seedCompany();
    rival = await seedCompany();
    viewer = await seedUser(sc.companyId, { role: "member" });
    hiddenWs = (await db().workspace.create({ data: { companyId: sc.companyId, name: "Board only" } })).id;
    hiddenKey = await seedScopedKey(sc.admin, hiddenWs, "viewer");
    const g = sc.defaultWorkspaceId;
    ids.consulting = await searchable(
      sc.companyId,
      g,
      "invoice-consulting",
      "pdf",
      [
        "Invoice INV-77341 for consulting services in October is overdue. Please pay within 14 days.",
        "The consulting team delivered the quarterly architecture review.",
        "Payment reminder: the consulting invoice remains unpaid.",
        "Late fees for overdue invoices apply after 30 days.",
      ],
      "2024-01-01T00:00:00Z",
      900,
    );
    ids.hardware = await searchable(
      sc.companyId,
      g,
      "invoice-hardware",
      "pdf",
      ["Invoice INV-77314 for hardware was paid in full by bank transfer."],
      "2024-01-02T00:00:00Z",
      100,
    );
    ids.refund = await searchable(
      sc.companyId,
      g,
      "refund-policy",
      "docx",
      ["Refund policy: customers may request reimbursement for defective merchandise within 30 days of delivery."],
      "2024-01-03T00:00:00Z",
      500,
    );
    ids.cafeteria = await searchable(
      sc.companyId,
      g,
      "cafeteria",
      "txt",
      ["The cafeteria serves lunch from noon until two. Vegetarian options are available every day."],
      "2024-01-04T00:00:00Z",
      300,
    );
    ids.server = await searchable(
      sc.companyId,
      g,
      "server-room",
      "md",
      ["The server room temperature must stay below 25 degrees; the cooling system alerts the on-call engineer."],
      "2024-01-05T00:00:00Z",
      200,
    );
    // Without chunks (still ingesting): listed, never found by search.
    await db().file.create({
      data: {
        companyId: sc.companyId,
        workspaceId: g,
        filename: "pending invoice.pdf",
        title: "pending invoice",
        extension: "pdf",
        size: 1,
        sha256: "0",
        storageKey: "p",
        status: "pending",
      },
    });
    // Text that would rank first, where the caller may not look.
    ids.hidden = await searchable(sc.companyId, hiddenWs, "hidden-leak", "pdf", [LEAK], "2024-01-06T00:00:00Z");
    ids.rival = await searchable(rival.companyId, rival.defaultWorkspaceId, "rival-leak", "pdf", [LEAK], "2024-01-06T00:00:00Z");
  }, 120_000);

  afterAll(() => {
    setEnvForTests({});
  });

  it("ranks by combined retrieval score, caps at max_documents and never leaks", async () => {
    const res = await list("search=INV-77341%20overdue&max_documents=500", viewer.key);
    const got = res.body.results.map((f: { title: string }) => f.title);
    expect(got[0]).toBe("invoice-consulting");
    expect(got).not.toContain("hidden-leak");
    expect(got).not.toContain("rival-leak");
    expect(got).not.toContain("pending invoice");
    expect(res.body.count).toBe(got.length);
    for (const f of res.body.results) {
      expect(f).not.toHaveProperty("chunks");
      expect(f).not.toHaveProperty("score");
    }
    // The company admin also reads the hidden workspace (and so finds its file); never another company's.
    const admin = await searchTitles("search=INV-77341%20overdue&max_documents=500");
    expect(admin).toContain("hidden-leak");
    expect(admin).not.toContain("rival-leak");
    expect(await searchTitles("search=INV-77341%20overdue", hiddenKey)).toEqual(["hidden-leak"]);
    expect(await searchTitles("search=INV-77341%20overdue", rival.admin.key)).toEqual(["rival-leak"]);
  });

  it("adds score and the top chunks with search_details, best first, relevance null", async () => {
    const res = await list("search=consulting%20invoice%20overdue&search_details=true", viewer.key);
    const results = res.body.results as {
      title: string;
      score: number;
      chunks: { content: string; page: number; heading: string; scores: Record<string, unknown> }[];
    }[];
    expect(results[0].title).toBe("invoice-consulting");
    for (let i = 1; i < results.length; i++) expect(results[i].score).toBeLessThanOrEqual(results[i - 1].score);
    for (const f of results) {
      expect(typeof f.score).toBe("number");
      expect(f.chunks.length).toBeGreaterThan(0);
      expect(f.chunks.length).toBeLessThanOrEqual(3);
      for (const c of f.chunks) {
        expect(c).toEqual({
          content: expect.any(String),
          page: expect.any(Number),
          heading: expect.stringContaining(f.title),
          scores: { relevance: null, lexical: c.scores.lexical, semantic: c.scores.semantic },
        });
        for (const k of ["lexical", "semantic"]) expect(c.scores[k] === null || typeof c.scores[k] === "number").toBe(true);
      }
    }
    const consulting = results[0];
    expect(consulting.chunks).toHaveLength(3);
    expect(consulting.score).toBeGreaterThan(0);
    expect(consulting.chunks.some((c) => c.scores.lexical !== null)).toBe(true);
    const one = (await list("search=consulting%20invoice%20overdue&search_details=true&max_chunks_per_document=1", viewer.key)).body.results[0];
    expect(one.chunks).toHaveLength(1);
    expect(one.chunks[0]).toEqual(consulting.chunks[0]);
    const all = (await list("search=consulting%20invoice%20overdue&search_details=true&max_chunks_per_document=10", viewer.key)).body.results[0];
    expect(all.chunks).toHaveLength(4);
    expect(all.chunks.map((c: { page: number }) => c.page).sort()).toEqual([1, 2, 3, 4]);
  });

  it("paginates within the capped set and ignores ordering", async () => {
    const full = await searchTitles("search=invoice%20payment&max_documents=500", viewer.key);
    expect(full.length).toBeGreaterThanOrEqual(3);
    expect(await searchTitles("search=invoice%20payment&max_documents=500&ordering=size", viewer.key)).toEqual(full);
    expect(await searchTitles("search=invoice%20payment&max_documents=500&ordering=-filename", viewer.key)).toEqual(full);
    const capped = await list("search=invoice%20payment&max_documents=2&page_size=1", viewer.key);
    expect(capped.body.count).toBe(2);
    expect(capped.body.results.map((f: { title: string }) => f.title)).toEqual(full.slice(0, 1));
    expect(capped.body.next).toBe("http://localhost:3000/api/v3/files?search=invoice+payment&max_documents=2&page_size=1&page=2");
    const p2 = await list("search=invoice%20payment&max_documents=2&page_size=1&page=2", viewer.key);
    expect(p2.body.results.map((f: { title: string }) => f.title)).toEqual(full.slice(1, 2));
    expect(p2.body.next).toBeNull();
    const p3 = await list("search=invoice%20payment&max_documents=2&page_size=1&page=3", viewer.key);
    expect(p3.body).toMatchObject({ count: 2, results: [], next: null });
  });

  it("applies the list filters to the search", async () => {
    // The only .docx (a refund policy) shares no word with the query and is not about it: a filter, not a ranking.
    expect(await searchTitles("search=invoice%20overdue&extension=docx", viewer.key)).toEqual([]);
    expect(await searchTitles("search=refund%20merchandise&extension=docx", viewer.key)).toEqual(["refund-policy"]);
    expect(await searchTitles("search=invoice%20overdue&extension=pdf&max_documents=500", viewer.key)).toEqual(
      expect.arrayContaining(["invoice-consulting", "invoice-hardware"]),
    );
    expect((await searchTitles("search=invoice%20overdue&extension=pdf&max_documents=500", viewer.key)).length).toBe(2);
    expect(await searchTitles("search=invoice&filename=hardware", viewer.key)).toEqual(["invoice-hardware"]);
    expect((await searchTitles("search=lunch%20temperature&created_at_after=2024-01-04", viewer.key)).sort()).toEqual(["cafeteria", "server-room"]);
    // Nothing created after that date mentions invoices or is close to them: no file, not every file.
    expect(await searchTitles("search=invoice&created_at_after=2024-01-04", viewer.key)).toEqual([]);
    expect(await searchTitles(`search=invoice&workspace_id=${hiddenWs}`, viewer.key)).toEqual([]);
    expect(await searchTitles(`search=invoice&workspace_id=${hiddenWs}`)).toEqual(["hidden-leak"]);
    expect(await searchTitles("search=invoice&status=pending", viewer.key)).toEqual([]);
    expect(await searchTitles("search=invoice&attribute=amount:>5", viewer.key)).toEqual([]);
    expect(await searchTitles("search=invoice&content_type=finance", viewer.key)).toEqual([]);
  });

  it("serialises detail fields with search and treats a blank search as no search", async () => {
    const res = await list("search=lunch%20cafeteria&detail=true&search_details=true&max_documents=1", viewer.key);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ title: "cafeteria", chunk_count: 1, score: expect.any(Number) });
    const blank = await list("search=%20%20", viewer.key);
    expect(blank.body.count).toBe(6);
    expect(blank.body.results[0]).not.toHaveProperty("score");
    expect(blank.body.results.map((f: { title: string }) => f.title)).toContain("pending invoice");
  });
});
