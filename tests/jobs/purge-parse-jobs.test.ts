// Parse jobs past their retention are deleted with their uploaded bytes; others stay.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { purgeParseJobs } from "@/inngest/functions/purge-parse-jobs";
import { enqueueJob } from "@/inngest/jobs";
import { LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { seedCompany } from "../factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-purge-test-");
  setEnvForTests({});
});

describe("purge-parse-jobs", () => {
  it("deletes expired finished jobs and their bytes, keeps the rest", async () => {
    const acme = await seedCompany();
    const make = async (id: string, expiresInMs: number, status: string) => {
      await storage().putBytes(`parse/${id}`, new TextEncoder().encode("bytes"));
      await db().parseJob.create({
        data: {
          id,
          companyId: acme.companyId,
          filename: "a.pdf",
          fileSizeBytes: 5,
          status,
          storageKey: `parse/${id}`,
          expiresAt: new Date(Date.now() + expiresInMs),
        },
      });
    };
    await make("parse_EXPIREDEXPIREDEXPIRED0", -60_000, "completed");
    await make("parse_FAILEDEXPIREDFAILED000", -60_000, "failed");
    await make("parse_FRESHFRESHFRESHFRESH00", 3_600_000, "completed");
    await make("parse_INFLIGHTINFLIGHTINFLI0", -60_000, "processing");
    await enqueueJob(purgeParseJobs, {});
    await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain();
    const left = (await db().parseJob.findMany({ select: { id: true } })).map((j) => j.id).sort();
    expect(left).toEqual(["parse_FRESHFRESHFRESHFRESH00", "parse_INFLIGHTINFLIGHTINFLI0"]);
    expect(await storage().exists("parse/parse_EXPIREDEXPIREDEXPIRED0")).toBe(false);
    expect(await storage().exists("parse/parse_FAILEDEXPIREDFAILED000")).toBe(false);
    expect(await storage().exists("parse/parse_FRESHFRESHFRESHFRESH00")).toBe(true);
  });
});
