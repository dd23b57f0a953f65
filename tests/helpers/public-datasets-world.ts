// A world for the public-dataset tests (issue 20): a publishing company whose instance admin holds the
// public-dataset management permission (granted through the API), a public dataset it publishes with two
// ingested documents, an opted-in company (admin, member, read-only and editor keys granting the dataset,
// created through the API), a company not opted in, and an instance admin without the permission.
import fs from "node:fs";
import { expect } from "vitest";
import { ingestFileJob } from "@/inngest/functions/ingest-file";
import { LocalRunner } from "@/inngest/local-runner";
import { hashPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/client";
import { signIn } from "../auth/sign-in";
import { type SeededCompany, type SeededUser, seedCompany, seedUser } from "../factories";
import { api, BASE } from "./api";

export const PASSWORD = "a long enough password";

/** Public: the turbine manual; the reader's own workspace: its own turbine notes (both match "turbine"). */
export const PUBLIC_TEXT = "Wind turbine maintenance manual. Gearbox lubrication every six months; blade inspection after storms.";
export const READER_TEXT = "Reader notes: our turbine supplier contract renews in March; gearbox warranty of five years.";

export interface PublicWorld {
  publisher: SeededCompany;
  root: SeededUser;
  manager: SeededUser;
  adminWithoutPermission: SeededUser;
  dataset: number;
  publicFile: number;
  spareFile: number;
  reader: SeededCompany;
  readerMember: SeededUser;
  readerOwnFile: number;
  readOnlyKey: string;
  editorKey: string;
  outsider: SeededCompany;
  /** Session cookies of the reader's admin and member (the console). */
  readerAdminCookie: string;
  readerMemberCookie: string;
  outsiderAdminCookie: string;
}

async function upload(key: string, workspaceId: number, name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  form.append("workspace_id", String(workspaceId));
  const res = await api.post("/api/v3/files", { key, raw: form });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function cookieOf(user: SeededUser): Promise<string> {
  await db().user.update({ where: { id: user.userId }, data: { passwordHash: await hashPassword(PASSWORD) } });
  const session = await signIn("password", { email: user.email, password: PASSWORD });
  expect(session.cookie, session.error ?? "").not.toBeNull();
  return session.cookie!;
}

async function scopedKey(adminKey: string, workspaceId: number, role: string): Promise<string> {
  const res = await api.post("/api/v3/api-keys", {
    key: adminKey,
    body: { name: `public ${role}`, scope_type: "workspace", workspace_id: workspaceId, role },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.key as string;
}

export async function buildPublicWorld(): Promise<PublicWorld> {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-public-datasets-test-");
  const publisher = await seedCompany({ name: "Instance operator", tier: "business" });
  const root = await seedUser(publisher.companyId, { instanceRole: "system_admin" });
  const manager = await seedUser(publisher.companyId, { instanceRole: "admin" });
  const adminWithoutPermission = await seedUser(publisher.companyId, { instanceRole: "system_admin" });
  expect((await api.put(`/api/v3/public-datasets/managers/${manager.userId}`, { key: root.key })).status).toBe(200);

  const created = await api.post("/api/v3/workspaces", { key: manager.key, body: { name: "Wind energy corpus", is_public: true } });
  expect(created.status, created.text).toBe(201);
  expect(created.body.is_public).toBe(true);
  const dataset = created.body.id as number;
  const publicFile = await upload(manager.key, dataset, "turbine-manual.txt", PUBLIC_TEXT);
  const spareFile = await upload(manager.key, dataset, "spare.txt", "Spare document of the public dataset about solar panels.");

  const reader = await seedCompany({ name: "Reader Ltd", tier: "business" });
  const readerMember = await seedUser(reader.companyId);
  const readerOwnFile = await upload(reader.admin.key, reader.defaultWorkspaceId, "reader-notes.txt", READER_TEXT);
  const outsider = await seedCompany({ name: "Outsider Inc", tier: "business" });
  await upload(outsider.admin.key, outsider.defaultWorkspaceId, "outsider.txt", "Outsider turbine notes.");
  await new LocalRunner({ definitions: [ingestFileJob], pollIntervalMs: 20 }).drain({ timeoutMs: 180_000 });

  const optIn = await api.patch(`/api/v3/companies/${reader.companyId}`, { key: root.key, body: { public_datasets: true } });
  expect(optIn.status, optIn.text).toBe(200);
  return {
    publisher,
    root,
    manager,
    adminWithoutPermission,
    dataset,
    publicFile,
    spareFile,
    reader,
    readerMember,
    readerOwnFile,
    readOnlyKey: await scopedKey(reader.admin.key, dataset, "viewer"),
    editorKey: await scopedKey(reader.admin.key, dataset, "editor"),
    outsider,
    readerAdminCookie: await cookieOf(reader.admin),
    readerMemberCookie: await cookieOf(readerMember),
    outsiderAdminCookie: await cookieOf(outsider.admin),
  };
}

/** Request options for a caller: an API key, or a console session cookie (same-origin, as the browser sends it). */
export type Caller = { key: string } | { cookie: string };
export function as(caller: Caller, body?: unknown) {
  const auth = "key" in caller ? { key: caller.key } : { headers: { cookie: caller.cookie, origin: BASE } };
  return body === undefined ? auth : { ...auth, body };
}
