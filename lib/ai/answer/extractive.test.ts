import { describe, expect, it } from "vitest";
import { ExtractiveAnswerProvider, NO_ANSWER, splitSentences } from "./extractive";
import { collectAnswer } from "./index";
import type { AnswerEvent, AnswerSource } from "./types";

const src = (index: number, content: string): AnswerSource => ({
  index,
  fileId: index,
  filename: `doc-${index}.md`,
  chunkId: String(index),
  page: 1,
  heading: "",
  content,
  score: 1 / index,
});

const SOURCES = [
  src(
    1,
    "# Refund policy\n\nCustomers may request a refund within 30 days of purchase. Refunds are paid to the original payment method. Shipping costs are not refunded.",
  ),
  src(2, "# Invoices\n\nInvoice INV-77341 was issued to ACME GmbH on 3 March 2024. The total amount is 1,250 EUR, payable within 14 days."),
  src(3, "The office is closed on public holidays. Our support team answers e-mails within two business days."),
];

const provider = new ExtractiveAnswerProvider();
const ask = (query: string, sources = SOURCES, history: { role: "user" | "assistant"; content: string }[] = []) =>
  collectAnswer(provider, { query, history, sources });

describe("splitSentences", () => {
  it("splits markdown into clean sentences, dropping headings, table rules and fragments", () => {
    const s = splitSentences(
      "# Title\n\n- **First** point is here, e.g. this one. Dr. Smith approves [the form](http://x).\n|---|---|\n| Plan | Price per month |\nok.",
    );
    expect(s).toEqual(["First point is here, e.g. this one.", "Dr. Smith approves the form.", "Plan | Price per month"]);
  });
});

describe("ExtractiveAnswerProvider", () => {
  it("answers with the relevant sentences and cites their source", async () => {
    const { answer, model } = await ask("What is the total amount of invoice INV-77341?");
    expect(model).toBe("extractive");
    // An amount question is answered by the sentence with the amount (the invoice's line naming it is context).
    expect(answer).toContain("The total amount is 1,250 EUR");
    expect(answer).toMatch(/\[2\]$/);
    expect(answer).not.toContain("[1]");
    expect(answer).not.toContain("[3]");
  });

  it("quotes only text from the sources, in source order", async () => {
    const { answer } = await ask("How long do I have to ask for a refund?");
    expect(answer).toContain("Customers may request a refund within 30 days of purchase.");
    const quoted = answer.replace(/\s*\[\d+\]/g, "").split(/(?<=\.)\s+/);
    for (const sentence of quoted) expect(SOURCES.some((s) => s.content.includes(sentence))).toBe(true);
  });

  it("finds a sentence through a synonym (reimbursement ~ refund)", async () => {
    const { answer } = await ask("Which payment method receives the reimbursement?");
    expect(answer).toContain("original payment method");
    expect(answer).toContain("[1]");
  });

  it("says plainly that the documents do not contain the answer, and cites nothing", async () => {
    for (const q of ["What is the capital of Mongolia?", "Who is the CEO of the company?"]) {
      const { answer } = await ask(q);
      expect(answer).toBe(NO_ANSWER);
      expect(answer).not.toMatch(/\[\d+\]/);
    }
    expect((await ask("What is the refund period?", [])).answer).toBe(NO_ANSWER);
    // One matching word is not an answer: no source speaks of most of the question.
    const settings = [src(1, 'The optional language argument is the two-letter name of a language, like "it" or "es".')];
    expect((await ask("What language is spoken in Brazil?", settings)).answer).toBe(NO_ANSWER);
  });

  it("uses the previous question for a short follow-up", async () => {
    const history = [
      { role: "user" as const, content: "When does the support team answer e-mails?" },
      { role: "assistant" as const, content: "Within two business days [3]." },
    ];
    const { answer } = await ask("and on public holidays?", SOURCES, history);
    expect(answer).toContain("[3]");
  });

  it("streams sentence-sized deltas, then done with approximate token usage", async () => {
    const events: AnswerEvent[] = [];
    for await (const e of provider.stream({ query: "refund within 30 days to the original payment method", history: [], sources: SOURCES }))
      events.push(e);
    const deltas = events.filter((e) => e.type === "delta");
    expect(deltas.length).toBeGreaterThanOrEqual(1);
    const done = events.at(-1)!;
    expect(done.type).toBe("done");
    if (done.type !== "done") return;
    expect(done.usage.prompt_tokens).toBeGreaterThan(30);
    expect(done.usage.completion_tokens).toBeGreaterThan(5);
    expect(done.usage.total_tokens).toBe(done.usage.prompt_tokens + done.usage.completion_tokens);
  });

  it("skips a sentence repeated by overlapping chunks", async () => {
    const dup = [
      src(1, "Staff are entitled to 30 days of paid annual leave per calendar year."),
      src(2, "Staff are entitled to 30 days of paid annual leave per calendar year."),
    ];
    const { answer } = await ask("How many days of annual leave do staff get?", dup);
    expect(answer.match(/entitled/g)).toHaveLength(1);
  });
});
