// Does the offline (extractive) answerer quote the line that answers the question? Everyday documents
// (receipts, invoices, contracts: tests/fixtures/answer-questions.ts) and questions of every type (how
// much, when, who, where, which); the sources are the offline embedding model's best 4 documents, as /ask's
// retrieval would hand them over. A question counts as answered when the answer contains its expected text.
// "dev" questions were used for tuning, "test" questions only measured, "fresh" ones written after tuning.
//
//   npx tsx --conditions=react-server scripts/bench/answer-types.ts [--verbose]
import { ExtractiveAnswerProvider } from "@/lib/ai/answer/extractive";
import { collectAnswer } from "@/lib/ai/answer/index";
import type { AnswerSource } from "@/lib/ai/answer/types";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { ANSWER_DOCS, ANSWER_QUESTIONS } from "../../tests/fixtures/answer-questions";

const verbose = process.argv.includes("--verbose");
const emb = new LocalEmbeddingProvider();
const docVectors = await emb.embed(
  ANSWER_DOCS.map((d) => d.text),
  "document",
);
const provider = new ExtractiveAnswerProvider();
const tally = { dev: { ok: 0, n: 0 }, test: { ok: 0, n: 0 }, fresh: { ok: 0, n: 0 } };
for (const q of ANSWER_QUESTIONS) {
  const [qv] = await emb.embed([q.question], "query");
  const ranked = docVectors
    .map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * qv[j], 0) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 4);
  const sources: AnswerSource[] = ranked.map((r, k) => ({
    index: k + 1,
    fileId: r.i,
    filename: ANSWER_DOCS[r.i].name,
    chunkId: String(r.i),
    page: 1,
    heading: "",
    content: ANSWER_DOCS[r.i].text,
    score: r.s,
  }));
  const { answer } = await collectAnswer(provider, { query: q.question, history: [], sources });
  const ok = q.expect.some((e) => answer.includes(e));
  tally[q.split].n++;
  if (ok) tally[q.split].ok++;
  if (verbose || !ok) {
    const retrieved = sources.some((s) => s.filename === q.doc) ? "" : " (document not among the sources)";
    console.log(`${ok ? "ok  " : "MISS"} [${q.split}] ${q.question}${retrieved}\n      → ${answer}`);
  }
}
for (const split of ["dev", "test", "fresh"] as const) {
  const t = tally[split];
  console.log(`${split}: ${t.ok}/${t.n} answered with the expected line (${((100 * t.ok) / t.n).toFixed(0)}%)`);
}
