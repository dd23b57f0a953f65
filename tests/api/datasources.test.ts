// Datasource endpoints through the HTTP layer (fake connector, no run executed unless drained): attach on
// create and to an empty workspace, the spec's error codes, secrets write-only and sealed at rest, update,
// detach, run now, one run at a time, workspace deletion during a run, the scheduler, tenancy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { getJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { registerConnectorForTests } from "@/lib/sync/registry";
import { startDueRuns } from "@/lib/sync/start-run";
import { addWorkspaceMember, type SeededCompany, seedCompany, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { fakeConnector, fakeSource } from "../sync/fake-connector";

useTestDatabase();

const TYPE = "test-api";
const source = fakeSource(5, 2);
let unregister: () => void;
let acme: SeededCompany;

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 60_000 });
const ds = (extra: Record<string, unknown> = {}) => ({ datasource_type: TYPE, settings: { name: "src" }, ...extra });

async function workspace(name: string) {
  const res = await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-ds-api-"));
  setEnvForTests({});
  setStorageForTests(undefined);
  unregister = registerConnectorForTests(fakeConnector(TYPE, source));
  acme = await seedCompany();
});

afterAll(() => unregister());

describe("datasource API", () => {
  it("answers unknown_provider, datasource_connection_failed and validation errors before writing anything", async () => {
    const unknown = expectError(
      await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "X", datasource: { datasource_type: "ftp", settings: {} } } }),
      400,
      "unknown_provider",
    );
    expect(unknown.detail).toContain("filedrive, sitehost, servicedesk, webscrapper");
    expectError(
      await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "X", datasource: ds({ settings: { name: "down" } }) } }),
      400,
      "datasource_connection_failed",
    );
    const invalid = expectError(
      await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "X", datasource: ds({ settings: { name: 3 } }) } }),
      422,
      "validation_error",
    );
    expect(Object.keys(invalid.fields ?? {})).toEqual(["settings.name"]);
    expect(await db().workspace.count({ where: { companyId: acme.companyId, name: "X" } })).toBe(0);
    expectError(
      await api.post("/api/v3/datasources/test", { key: acme.admin.key, body: ds({ secrets: { token: "wrong" } }) }),
      400,
      "datasource_connection_failed",
    );
    expect((await api.post("/api/v3/datasources/test", { key: acme.admin.key, body: ds() })).body).toEqual({ ok: true, source_name: "fake:src" });
  });

  it("attaches to an empty workspace only; secrets are sealed and never returned", async () => {
    const id = await workspace("Empty");
    const res = await api.post(`/api/v3/workspaces/${id}/datasource`, {
      key: acme.admin.key,
      body: ds({ secrets: { token: "s3cret-token" }, filter_criteria: { only: "x" }, schedule: { interval_minutes: 60 }, start_sync: false }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      datasource_type: TYPE,
      name: "fake:src",
      settings: { name: "src" },
      secrets_set: ["token"],
      filter_criteria: { only: "x" },
      schedule: { interval_minutes: 60 },
      sync: { last_status: "never_run", filter_criteria: { only: "x" } },
    });
    expect(res.text).not.toContain("s3cret-token");
    const row = await db().datasource.findUniqueOrThrow({ where: { workspaceId: id } });
    expect(row.secretsEnc).toMatch(/^v1\./);
    expect(row.secretsEnc).not.toContain("s3cret");
    expect(row.nextImportAt).not.toBeNull();
    const ws = await api.get(`/api/v3/workspaces/${id}`, { key: acme.admin.key });
    expect(ws.body.document_upload_method).toBe("sync");
    expect(ws.text).not.toContain("s3cret-token");
    expect(ws.body.sync.next_import_date).toBe(row.nextImportAt!.toISOString());

    expectError(await api.post(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key, body: ds() }), 400, "workspace_already_synced");

    const withFiles = await workspace("Has files");
    const form = new FormData();
    form.append("file", new Blob(["hello world"]), "note.txt");
    form.append("workspace_id", String(withFiles));
    expect((await api.post("/api/v3/files", { key: acme.admin.key, raw: form })).status).toBe(201);
    expectError(await api.post(`/api/v3/workspaces/${withFiles}/datasource`, { key: acme.admin.key, body: ds() }), 400, "workspace_has_documents");
  });

  it("runs one at a time: run now, 409 while active for run now / detach / delete; force cancels the run", async () => {
    const id = await workspace("Busy");
    expect((await api.post(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key, body: ds() })).status).toBe(201);
    // The attach queued the first run; nothing executes it yet.
    expectError(await api.post(`/api/v3/workspaces/${id}/datasource/runs`, { key: acme.admin.key }), 409, "workspace_has_datasource");
    expectError(await api.delete(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key }), 409, "workspace_has_datasource");
    expectError(await api.delete(`/api/v3/workspaces/${id}`, { key: acme.admin.key }), 409, "workspace_has_datasource");
    await drainSync();
    const runs = await api.get(`/api/v3/workspaces/${id}/datasource/runs`, { key: acme.admin.key });
    expect(runs.body).toMatchObject({ count: 1, results: [{ trigger: "attach", status: "succeeded", created_count: 5 }] });

    // Cancelled by hand while queued: the job ends at its next step, the slot is free again.
    const toCancel = await api.post(`/api/v3/workspaces/${id}/datasource/runs`, { key: acme.admin.key });
    const cancelled = await api.post(`/api/v3/workspaces/${id}/datasource/runs/${toCancel.body.id}/cancel`, { key: acme.admin.key });
    expect(cancelled.body).toMatchObject({ id: toCancel.body.id, status: "cancelled", status_detail: "cancelled by a user" });
    expectError(await api.post(`/api/v3/workspaces/${id}/datasource/runs/${toCancel.body.id}/cancel`, { key: acme.admin.key }), 400, "bad_request");
    expect((await api.get(`/api/v3/workspaces/${id}`, { key: acme.admin.key })).body.sync.last_status).toBe("cancelled");
    await drainSync();

    const again = await api.post(`/api/v3/workspaces/${id}/datasource/runs`, { key: acme.admin.key });
    expect(again.status).toBe(202);
    const jobId = (await db().datasourceRun.findUniqueOrThrow({ where: { id: again.body.id } })).jobId!;
    expect((await api.delete(`/api/v3/workspaces/${id}?force=true`, { key: acme.admin.key })).status).toBe(204);
    expect(await getJob(jobId)).toMatchObject({ status: "cancelled" });
    expect(await db().datasource.count({ where: { workspaceId: id } })).toBe(0);
    expect(await db().file.count({ where: { workspaceId: id } })).toBe(0);
    await drainSync();
  });

  it("updates settings (tested again), secrets and schedule; detaches keeping or deleting the files", async () => {
    const id = await workspace("Editable");
    await api.post(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key, body: ds({ secrets: { token: "a" } }) });
    await drainSync();
    expectError(
      await api.patch(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key, body: { secrets: { token: "wrong" } } }),
      400,
      "datasource_connection_failed",
    );
    const updated = await api.patch(`/api/v3/workspaces/${id}/datasource`, {
      key: acme.admin.key,
      body: { name: "Renamed", secrets: { token: "b" }, schedule: { interval_minutes: 15 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Renamed", schedule: { interval_minutes: 15 }, sync: { name: "Renamed" } });
    expect(updated.body.sync.next_import_date).not.toBeNull();

    // A member with the editor role may start a run but not change or detach the datasource.
    const editor = await seedUser(acme.companyId);
    await addWorkspaceMember(id, editor.userId, "editor");
    expectError(await api.patch(`/api/v3/workspaces/${id}/datasource`, { key: editor.key, body: { name: "x" } }), 403, "insufficient_permissions");
    expect((await api.post(`/api/v3/workspaces/${id}/datasource/runs`, { key: editor.key })).status).toBe(202);
    await drainSync();

    expect((await api.delete(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key })).status).toBe(204);
    const ws = await api.get(`/api/v3/workspaces/${id}`, { key: acme.admin.key });
    expect(ws.body).toMatchObject({ sync: null, document_upload_method: "manual", files_count: 5 });
    expectError(await api.get(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key }), 404, "not_found");

    const other = await workspace("Detach and delete");
    await api.post(`/api/v3/workspaces/${other}/datasource`, { key: acme.admin.key, body: ds() });
    await drainSync();
    expect((await api.delete(`/api/v3/workspaces/${other}/datasource?delete_files=true`, { key: acme.admin.key })).status).toBe(204);
    expect(await db().file.count({ where: { workspaceId: other } })).toBe(0);
  });

  it("the scheduler starts due datasources once", async () => {
    const id = await workspace("Scheduled");
    await api.post(`/api/v3/workspaces/${id}/datasource`, {
      key: acme.admin.key,
      body: ds({ schedule: { interval_minutes: 30 }, start_sync: false }),
    });
    const row = await db().datasource.findUniqueOrThrow({ where: { workspaceId: id } });
    await db().datasource.update({ where: { id: row.id }, data: { nextImportAt: new Date(Date.now() - 1000) } });
    expect(await startDueRuns()).toBe(1);
    expect(await startDueRuns()).toBe(0);
    await drainSync();
    const after = await db().datasource.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.lastStatus).toBe("succeeded");
    expect(after.nextImportAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await api.get(`/api/v3/workspaces/${id}/datasource/runs`, { key: acme.admin.key })).body.results[0].trigger).toBe("schedule");
  });

  it("hides another company's datasource and runs (404)", async () => {
    const id = await workspace("Private source");
    await api.post(`/api/v3/workspaces/${id}/datasource`, { key: acme.admin.key, body: ds({ start_sync: false }) });
    const other = await seedCompany();
    expectError(await api.get(`/api/v3/workspaces/${id}/datasource`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.get(`/api/v3/workspaces/${id}/datasource/runs`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.post(`/api/v3/workspaces/${id}/datasource/runs`, { key: other.admin.key }), 404, "not_found");
    expectError(await api.delete(`/api/v3/workspaces/${id}/datasource`, { key: other.admin.key }), 404, "not_found");
  });
});
