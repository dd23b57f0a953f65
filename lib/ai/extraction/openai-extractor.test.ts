// The LLM extractor against a local server speaking the OpenAI chat-completions wire format.
import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { rejection, useFakeServer } from "../testing/fake-http-server";
import { OpenAIExtractor } from "./openai-extractor";
import { toStrictSchema } from "./strict-schema";
import type { ExtractionRequest, ObjectSchema } from "./types";

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  response_format?: { type: string; json_schema: { name: string; schema: Record<string, any>; strict: boolean } };
}

const seen: { auth?: string; body: ChatBody }[] = [];

/** What a model would answer for one batch: values derived from the pages it was shown. */
function answer(body: ChatBody): unknown {
  const user = body.messages.find((m) => m.role === "user")?.content ?? "";
  const pages = [...user.matchAll(/<page number="(\d+)">/g)].map((m) => Number(m[1]));
  const props = body.response_format?.json_schema.schema.properties ?? {};
  const row = (p: number) => ({ invoice_number: p === 1 ? null : `INV-${p}`, total: `${p},50 €`, tags: [`p${p}`] });
  if (props.pages) return { pages: pages.map((p) => ({ page: p, data: row(p) })) };
  if (props.mode) {
    const records = /RECORDS/.test(user);
    return { mode: records ? "record" : "document", rows: records ? pages.map(row) : [row(pages[0])] };
  }
  return { rows: /record/.test(user) && /one entry in `rows` per record/.test(user) ? pages.map(row) : [row(pages[0])] };
}

const server = useFakeServer<ChatBody>(({ auth, body }, { json: send }) => {
  seen.push({ auth, body });
  const completion = (content: string, finish = "stop") =>
    send(200, {
      id: "c1",
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finish }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  if (body.model === "slow") return setTimeout(() => completion("{}"), 1_500);
  if (body.model === "broken") return send(500, { error: { message: "CUDA out of memory", type: "server_error" } });
  if (body.model === "bad-key") return send(401, { error: { message: "Incorrect API key provided" } });
  if (body.model === "chatty") return completion("Sure! Here is the data you asked for.");
  if (body.model === "filtered") return completion("", "content_filter");
  if (body.model === "fenced") return completion("```json\n" + JSON.stringify(answer(body)) + "\n```");
  completion(JSON.stringify(answer(body)));
});

beforeEach(() => {
  seen.length = 0;
});

const schema: ObjectSchema = {
  type: "object",
  properties: { invoice_number: { type: "string" }, total: { type: "number" }, tags: { type: "array", items: { type: "string" } } },
};
const pages = (n: number, text = "page") => Array.from({ length: n }, (_, i) => ({ page: i + 1, markdown: `${text} ${i + 1}` }));
const make = (model = "good", pagesPerBatch = 2, timeoutMs = 5_000) =>
  new OpenAIExtractor({ baseUrl: `${server.url}/v1`, apiKey: "sk-test", model, timeoutMs, pagesPerBatch });
const req = (over: Partial<ExtractionRequest> = {}): ExtractionRequest => ({
  schema,
  filename: "inv.pdf",
  pages: pages(5),
  granularity: "document",
  ...over,
});

const appError = (p: Promise<unknown>) => rejection(p, AppError);

describe("OpenAIExtractor", () => {
  it("sends batches of pages with a strict JSON-schema response format and merges document answers", async () => {
    const progress: number[] = [];
    const r = await make().extract(req({ onProgress: (n) => void progress.push(n) }));
    expect(seen).toHaveLength(3);
    expect(progress).toEqual([2, 4, 5]);
    expect(r.pagesProcessed).toBe(5);
    expect(r.granularity).toBe("document");
    // First non-null value per property over batches; arrays concatenated.
    expect(r.rows).toEqual([{ invoice_number: "INV-3", total: "1,50 €", tags: ["p1", "p3", "p5"] }]);

    const first = seen[0];
    expect(first.auth).toBe("Bearer sk-test");
    expect(first.body.temperature).toBe(0);
    expect(first.body.messages[0].role).toBe("system");
    expect(first.body.messages[1].content).toContain('<page number="1">\npage 1\n</page>');
    expect(first.body.messages[1].content).not.toContain('<page number="3">');
    const format = first.body.response_format!;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.strict).toBe(true);
    const rowSchema = format.json_schema.schema.properties.rows.items;
    expect(rowSchema.required).toEqual(["invoice_number", "total", "tags"]);
    expect(rowSchema.additionalProperties).toBe(false);
    expect(rowSchema.properties.total.type).toEqual(["number", "null"]);
  });

  it("page granularity: one row per page in page order, empty rows for pages the model skipped", async () => {
    const r = await make("good", 3).extract(
      req({
        granularity: "page",
        pages: [
          { page: 2, markdown: "a" },
          { page: 7, markdown: "b" },
        ],
      }),
    );
    expect(r.granularity).toBe("page");
    expect(r.rows).toEqual([
      { invoice_number: "INV-2", total: "2,50 €", tags: ["p2"] },
      { invoice_number: "INV-7", total: "7,50 €", tags: ["p7"] },
    ]);
    expect(seen[0].body.response_format!.json_schema.schema.properties.pages.items.required).toEqual(["page", "data"]);
  });

  it("record granularity: records of all batches in order", async () => {
    const r = await make("good", 2).extract(req({ granularity: "record", pages: pages(3) }));
    expect(r.granularity).toBe("record");
    expect(r.rows.map((x) => x.total)).toEqual(["1,50 €", "2,50 €", "3,50 €"]);
  });

  it("auto: record when a batch reports repeated records, else document", async () => {
    const doc = await make("good", 2).extract(req({ granularity: "auto", pages: pages(3) }));
    expect(doc.granularity).toBe("document");
    expect(doc.rows).toHaveLength(1);
    expect(seen[0].body.response_format!.json_schema.schema.properties.mode.enum).toEqual(["document", "record"]);
    const rec = await make("good", 2).extract(req({ granularity: "auto", pages: pages(3, "RECORDS") }));
    expect(rec.granularity).toBe("record");
    expect(rec.rows).toHaveLength(3);
  });

  it("accepts answers wrapped in a Markdown code fence", async () => {
    const r = await make("fenced", 10).extract(req());
    expect(r.rows[0].total).toBe("1,50 €");
  });

  it("sends schemas strict mode cannot express with strict: false", async () => {
    const loose: ObjectSchema = { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "number" }] } } };
    await make("good", 10).extract(req({ schema: loose }));
    expect(seen[0].body.response_format!.json_schema.strict).toBe(false);
  });

  it("maps a timeout to extraction_timeout (504)", async () => {
    const err = await appError(make("slow", 10, 300).extract(req()));
    expect(err.code).toBe("extraction_timeout");
  });

  it("maps upstream failures to extraction_upstream_error (502)", async () => {
    for (const model of ["broken", "bad-key", "filtered"]) {
      const err = await appError(make(model, 10).extract(req()));
      expect(err.code).toBe("extraction_upstream_error");
    }
    const closed = new OpenAIExtractor({ baseUrl: "http://127.0.0.1:9/v1", model: "x", timeoutMs: 2_000, pagesPerBatch: 5 });
    expect((await appError(closed.extract(req()))).code).toBe("extraction_upstream_error");
  });

  it("maps an answer that is not the requested JSON to extraction_failed (500)", async () => {
    const err = await appError(make("chatty", 10).extract(req()));
    expect(err.code).toBe("extraction_failed");
  });

  it("stops between batches when the caller aborts", async () => {
    const controller = new AbortController();
    const p = make("good", 1).extract(req({ signal: controller.signal, onProgress: () => controller.abort() }));
    await expect(p).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});

describe("toStrictSchema", () => {
  it("closes objects, requires every property and makes values nullable, recursively", () => {
    const { schema: s, strict } = toStrictSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        status: { enum: ["a", "b"] },
        n: { type: "object", properties: { x: { type: "integer" } } },
        items: { type: "array", items: { type: "object", properties: { y: { type: "string", format: "date" } } } },
      },
    });
    expect(strict).toBe(true);
    expect(s.$schema).toBeUndefined();
    expect(s.required).toEqual(["status", "n", "items"]);
    expect((s.properties as any).status.enum).toEqual(["a", "b", null]);
    expect((s.properties as any).n).toMatchObject({ type: ["object", "null"], required: ["x"], additionalProperties: false });
    expect((s.properties as any).items.items).toMatchObject({ required: ["y"], additionalProperties: false });
  });

  it("falls back to strict: false for free-form objects and unsupported keywords", () => {
    expect(toStrictSchema({ type: "object", properties: { meta: { type: "object" } } }).strict).toBe(false);
    expect(toStrictSchema({ type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } }).strict).toBe(false);
  });
});
