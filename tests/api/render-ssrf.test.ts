// Blind SSRF through rendering (issue 16): documents that link URLs on a loopback server the test runs
// (an HTML page with images, stylesheets, frames…, a DOCX with a linked picture, an INCLUDEPICTURE field and an
// attached template) go through the real API: upload, ingestion (parse, thumbnail) and GET /preview, which runs
// LibreOffice. The server must receive no request at all. Before the fix it counted 19 (HTML) and 3 (DOCX); with
// the profile's own guard alone (neutralisation and the network namespace switched off) still 5 (stylesheets).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobDefinitions } from "@/inngest/functions";
import { LocalRunner } from "@/inngest/local-runner";
import { resetNetworkIsolationForTests } from "@/lib/documents/network-isolation";
import { shutdownDocumentWorkers } from "@/lib/documents/worker/pool";
import { setEnvForTests } from "@/lib/env";
import { type SeededCompany, seedCompany } from "../factories";
import { externalRefsDocx, externalRefsHtml } from "../fixtures/hostile-documents";
import { api } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

let acme: SeededCompany;
let server: http.Server;
let base: string;
const hits: string[] = [];

function form(bytes: Uint8Array, name: string): FormData {
  const f = new FormData();
  f.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return f;
}

async function uploadIngestPreview(bytes: Uint8Array, name: string) {
  hits.length = 0;
  const up = await api.post("/api/v3/files", { key: acme.admin.key, raw: form(bytes, name) });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  await new LocalRunner({ definitions: jobDefinitions, pollIntervalMs: 20 }).drain({ timeoutMs: 240_000 });
  const file = await api.get(`/api/v3/files/${up.body.id}`, { key: acme.admin.key });
  const preview = await api.get(`/api/v3/files/${up.body.id}/preview`, { key: acme.admin.key });
  return { file: file.body, preview };
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync("/tmp/docintel-render-ssrf-");
  setEnvForTests({});
  resetNetworkIsolationForTests();
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  acme = await seedCompany({ tier: "business" });
}, 120_000);

afterAll(async () => {
  await shutdownDocumentWorkers();
  await new Promise((resolve) => server.close(resolve));
  setEnvForTests({});
  resetNetworkIsolationForTests();
});

describe("rendering makes no network requests", () => {
  it("the loopback server answers when asked (the counter works)", async () => {
    await fetch(`${base}/probe`);
    expect(hits.splice(0)).toEqual(["GET /probe"]);
  });

  it("ingests and previews an HTML page full of external references without a request", async () => {
    const { file, preview } = await uploadIngestPreview(externalRefsHtml(base), "linked.html");
    expect(file.status).toBe("embedded");
    expect(preview.status, preview.text.slice(0, 200)).toBe(200);
    expect(preview.text.startsWith("%PDF")).toBe(true);
    expect(hits).toEqual([]);
  }, 300_000);

  it("ingests and previews a DOCX with an external image relationship without a request", async () => {
    const { file, preview } = await uploadIngestPreview(externalRefsDocx(base), "linked.docx");
    expect(file.status).toBe("embedded");
    expect(file.thumbnail.status).toBe("READY");
    expect(preview.status, preview.text.slice(0, 200)).toBe(200);
    expect(preview.text.startsWith("%PDF")).toBe(true);
    expect(hits).toEqual([]);
  }, 300_000);

  it("with network isolation switched off, the neutralised documents alone still make no request", async () => {
    setEnvForTests({ RENDER_NETWORK_ISOLATION: "off" });
    try {
      for (const [bytes, name] of [
        [externalRefsHtml(base), "linked-off.html"],
        [externalRefsDocx(base), "linked-off.docx"],
      ] as const) {
        const { preview } = await uploadIngestPreview(bytes, name);
        expect(preview.status, preview.text.slice(0, 200)).toBe(200);
      }
      expect(hits).toEqual([]);
    } finally {
      setEnvForTests({});
    }
  }, 600_000);
});
