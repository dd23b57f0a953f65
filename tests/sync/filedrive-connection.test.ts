// The `filedrive` connector's connection test and attach path against the local fake Google Drive, through
// the API: each failing step (the URL policy, the key, the token endpoint, a folder not found, not shared or
// not a folder, a shared drive the account is not a member of) mapped to the spec's codes with the step named,
// and a whole shared drive synced with filters (type, subfolders, then a name glob after a filter change).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { forgetDriveTokens } from "@/lib/sync/filedrive/auth";
import { type SeededCompany, seedCompany } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { FakeGoogleDrive } from "./fake-google-drive";
import { tinyPdf } from "./local-site";

useTestDatabase();

const SA = "sync@fake-project.iam.gserviceaccount.com";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-filedrive-conn-"));
let fake: FakeGoogleDrive;
let acme: SeededCompany;
let key: string;
const ids: Record<string, string> = {};

const drainSync = () => new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 120_000 });
const settings = (extra: Record<string, unknown> = {}) => ({ folder_ids: [ids.team], api_base_url: fake.base, ...extra });

async function filesByName(ws: number) {
  const files = await db().file.findMany({ where: { workspaceId: ws } });
  return new Map(files.map((f) => [f.filename, f]));
}

async function runNow(ws: number) {
  const res = await api.post(`/api/v3/workspaces/${ws}/datasource/runs`, { key: acme.admin.key });
  expect(res.status).toBe(202);
  await drainSync();
  return (await api.get(`/api/v3/workspaces/${ws}/datasource/runs?page_size=1`, { key: acme.admin.key })).body.results[0];
}

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
  setStorageForTests(undefined);
  fake = await new FakeGoogleDrive().start();
  key = fake.addServiceAccount(SA);
  ids.team = fake.addFolder("Team", null, { sharedWith: [SA] });
  ids.deep = fake.addFile("deep.txt", ids.team, "text/plain", "A file, not a folder.");
  ids.private = fake.addFolder("Private", null);
  ids.locked = fake.addFolder("Locked", null, { sharedWith: [SA] });
  fake.denied.add(ids.locked);
  acme = await seedCompany();
});

afterAll(async () => {
  await fake.close();
  forgetDriveTokens();
  setEnvForTests({});
});

describe("filedrive connection", () => {
  it("tests the connection and maps each failing step to the spec's codes", async () => {
    const test = (body: Record<string, unknown>) =>
      api.post("/api/v3/datasources/test", { key: acme.admin.key, body: { datasource_type: "filedrive", ...body } });
    // Endpoints are settings: they pass the SSRF policy of document URLs (loopback only when allow-listed).
    setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "" });
    const refusedHost = expectError(
      await test({ settings: settings(), secrets: { service_account_json: key } }),
      400,
      "datasource_connection_failed",
    );
    expect(refusedHost.detail).toMatch(/^Token step: .* is refused: .*non-public address/);
    setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
    const ok = await test({ settings: settings(), secrets: { service_account_json: key } });
    expect(ok.status).toBe(200);
    expect(ok.body.source_name).toBe(`Google Drive folder ${ids.team}`);
    // With a token in hand, the Drive calls themselves are vetted too.
    setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "" });
    const refusedApi = expectError(await test({ settings: settings(), secrets: { service_account_json: key } }), 400, "datasource_connection_failed");
    expect(refusedApi.detail).toMatch(/^Drive API step: could not be reached .*non-public address/);
    setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });

    const malformed = expectError(
      await test({ settings: settings(), secrets: { service_account_json: "{not json" } }),
      400,
      "datasource_connection_failed",
    );
    expect(malformed.detail).toMatch(/Service-account key: not valid JSON/);
    // A key whose private key is not the one Google knows for the account: the token endpoint refuses the signature.
    const forged = JSON.stringify({ ...JSON.parse(key), private_key: JSON.parse(fake.addServiceAccount()).private_key });
    const refused = expectError(await test({ settings: settings(), secrets: { service_account_json: forged } }), 400, "datasource_connection_failed");
    expect(refused.detail).toMatch(/^Token step: .*\/token refused the key \(HTTP 400: invalid_grant: Invalid JWT Signature\.\)/);
    const invalid = expectError(
      await test({ settings: { api_base_url: fake.base }, secrets: { service_account_json: key } }),
      422,
      "validation_error",
    );
    expect(Object.keys(invalid.fields ?? {})).toContain("settings.folder_ids");

    // Attaching (through the workspace creation endpoint) with a folder the account cannot read.
    const attach = (folder: string, secret = key) =>
      api.post("/api/v3/workspaces", {
        key: acme.admin.key,
        body: {
          name: `Drive ${folder}`,
          datasource: { datasource_type: "filedrive", settings: settings({ folder_ids: [folder] }), secrets: { service_account_json: secret } },
        },
      });
    const unshared = expectError(await attach(ids.private), 400, "filedrive_folder_inaccessible");
    expect(unshared.detail).toBe(`Not found: folder ${ids.private} does not exist or is not shared with ${SA}.`);
    const locked = expectError(await attach(ids.locked), 400, "filedrive_folder_inaccessible");
    expect(locked.detail).toMatch(/^Permission denied: .* may not read folder/);
    const notFolder = expectError(await attach(ids.deep), 400, "filedrive_folder_inaccessible");
    expect(notFolder.detail).toMatch(/^Not found|^Not a folder/);
    expectError(await attach(ids.team, "{}"), 400, "datasource_connection_failed");
    // The Drive API not enabled in the key's project: a connection failure saying so.
    fake.apiDisabled = true;
    const disabled = expectError(await test({ settings: settings(), secrets: { service_account_json: key } }), 400, "datasource_connection_failed");
    expect(disabled.detail).toMatch(/^Drive API step: the API is not enabled for the key's project \(Google Drive API has not been used/);
    fake.apiDisabled = false;
    // Drive's other way of throttling, 403 userRateLimitExceeded, is waited out like a 429.
    fake.throttle = { remaining: 1, retryAfter: "1", as403: true };
    const from = fake.log.length;
    expect((await test({ settings: settings(), secrets: { service_account_json: key } })).status).toBe(200);
    expect(fake.log.slice(from).map((l) => l.status)).toEqual([403, 200, 200]);
    expect(await db().workspace.count({ where: { companyId: acme.companyId, name: { startsWith: "Drive " } } })).toBe(0);
  });

  it("syncs a whole shared drive, with filters on type, name and subfolders", async () => {
    const drive = fake.addSharedDrive("Engineering", [SA]);
    fake.addFile("spec.pdf", drive, "application/pdf", tinyPdf("Shared spec"));
    fake.addFile("readme.txt", drive, "text/plain", "Shared readme");
    const sub = fake.addFolder("Designs", drive, { driveId: drive });
    fake.addFile("design.pdf", sub, "application/pdf", tinyPdf("Design"));
    const res = await api.post("/api/v3/workspaces", {
      key: acme.admin.key,
      body: {
        name: "Shared",
        datasource: {
          datasource_type: "filedrive",
          settings: { shared_drive_id: drive, api_base_url: fake.base },
          secrets: { service_account_json: key },
          filter_criteria: { mime_types: ["application/pdf"], include_subfolders: false },
        },
      },
    });
    expect(res.status).toBe(201);
    await drainSync();
    expect([...(await filesByName(res.body.id)).keys()]).toEqual(["spec.pdf"]);

    // A filter change starts over with a walk: the subfolder and a name glob now count.
    const patched = await api.patch(`/api/v3/workspaces/${res.body.id}/datasource`, {
      key: acme.admin.key,
      body: { filter_criteria: { name_patterns: ["*.PDF", "read*"] } },
    });
    expect(patched.status).toBe(200);
    const run = await runNow(res.body.id);
    expect(run).toMatchObject({ status: "succeeded", created_count: 2, unchanged_count: 1 });
    expect([...(await filesByName(res.body.id)).keys()].sort()).toEqual(["design.pdf", "readme.txt", "spec.pdf"]);
    const unknown = expectError(
      await api.post("/api/v3/datasources/test", {
        key: acme.admin.key,
        body: {
          datasource_type: "filedrive",
          settings: { shared_drive_id: "0ADnope", api_base_url: fake.base },
          secrets: { service_account_json: key },
        },
      }),
      400,
      "filedrive_folder_inaccessible",
    );
    expect(unknown.detail).toMatch(/^Not found: shared drive 0ADnope/);
  });
});
