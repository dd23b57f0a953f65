import { beforeAll, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { useTestDatabase } from "@/tests/helpers/db";
import { buildCorpus, nameOf, type Corpus } from "@/tests/helpers/retrieval-corpus";
useTestDatabase();
let c: Corpus;
beforeAll(async () => { setEnvForTests({}); c = await buildCorpus(); }, 240_000);
it("debug", async () => {
  const res = await api.post("/api/v3/ask", { key: c.member.key, body: { query: "and the deadline?", top_k: 3 } });
  console.log("NOHIST", res.body.sources.map((s: any) => nameOf(c, s.file_id)), res.body.answer);
}, 60000);
