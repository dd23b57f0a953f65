// Honesty of the offline (extractive) answerer on a BEIR-format set: for questions whose relevant
// document is among the 6 sources handed to it, how often it answers and cites that document; for
// off-topic questions (a fixed list below, nothing in the corpus answers them), how often it answers
// anyway instead of saying the documents do not contain the answer. Sources come from the offline
// embedding model's top 6 (a stand-in for /ask's retrieval, so the answerer is measured alone).
//
//   npx tsx --conditions=react-server scripts/bench/answer-quality.ts --dir $TMPDIR/docintel-beir/manpages [--queries 100]
import fs from "node:fs";
import { ExtractiveAnswerProvider, NO_ANSWER } from "@/lib/ai/answer/extractive";
import { collectAnswer } from "@/lib/ai/answer/index";
import type { AnswerSource } from "@/lib/ai/answer/types";
import { LocalEmbeddingProvider } from "@/lib/ai/embeddings/local-provider";
import { arg } from "./common";

const dir = arg("dir", process.env.BEIR_DIR ?? "");
type Doc = { _id: string; text: string };
const corpus = fs
  .readFileSync(`${dir}/corpus.jsonl`, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Doc);
const queries = fs
  .readFileSync(`${dir}/queries.jsonl`, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Doc);
const qrels = new Map<string, string>();
for (const l of fs.readFileSync(`${dir}/qrels/test.tsv`, "utf8").trim().split("\n").slice(1)) {
  const [q, d] = l.split("\t");
  qrels.set(q, d);
}
const emb = new LocalEmbeddingProvider();
const dv = await emb.embed(
  corpus.map((d) => d.text),
  "document",
);
const top = async (q: string, k = 6) => {
  const [qv] = await emb.embed([q], "query");
  return dv
    .map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * qv[j], 0) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((x) => corpus[x.i]);
};
const p = new ExtractiveAnswerProvider();
let answered = 0,
  citedRight = 0,
  n = 0;
const src = (docs: Doc[]): AnswerSource[] =>
  docs.map((d, i) => ({ index: i + 1, fileId: i, filename: d._id, chunkId: d._id, page: 1, heading: "", content: d.text, score: 1 }));
for (const q of queries.slice(0, Number(arg("queries", "100")))) {
  const docs = await top(q.text);
  const gold = docs.findIndex((d) => d._id === qrels.get(q._id));
  if (gold < 0) continue;
  n++;
  const { answer } = await collectAnswer(p, { query: q.text, history: [], sources: src(docs) });
  if (answer !== NO_ANSWER) {
    answered++;
    if (answer.includes(`[${gold + 1}]`)) citedRight++;
  }
}
console.log(`relevant questions (gold doc among the 6 sources): ${n}; answered ${answered}; citing the gold doc ${citedRight}`);
const off = [
  "What is the capital of France?",
  "Who won the football world cup in 2018?",
  "How do I bake sourdough bread?",
  "What is the boiling point of water at sea level?",
  "Who wrote Pride and Prejudice?",
  "When did the Roman empire fall?",
  "How many legs does a spider have?",
  "What is the best treatment for a sprained ankle?",
  "Which planet is closest to the sun?",
  "How tall is Mount Everest?",
  "What is the price of gold today?",
  "Who painted the Mona Lisa?",
  "What is photosynthesis?",
  "How do vaccines work?",
  "What language is spoken in Brazil?",
  "What is the speed of light?",
  "How do I change a flat tyre?",
  "Who is the president of the United States?",
  "What does a cardiologist do?",
  "How long should I boil an egg?",
];
let falseAnswers = 0;
for (const q of off) {
  const { answer } = await collectAnswer(p, { query: q, history: [], sources: src(await top(q)) });
  if (answer !== NO_ANSWER) {
    falseAnswers++;
    console.log("OFF-TOPIC ANSWERED:", q, "=>", answer.slice(0, 200));
  }
}
console.log(`off-topic questions: ${off.length}; answered anyway: ${falseAnswers}`);
