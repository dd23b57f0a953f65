import { parseDocument } from "@/lib/documents/parse-document";
import { buildCorpus } from "./scripts/bench/extract-corpus";
const c = await buildCorpus();
const ids = process.argv.slice(2);
for (const d of c.docs.filter(d => ids.some(i => d.id.includes(i)))) for (const f of ["pdf", "docx"] as const) {
  const p = await parseDocument({ path: c.file(d, f), filename: d.id + "." + f, timeoutMs: 60000 });
  console.log(`==== ${d.id}.${f}`); for (const pg of p.pages) console.log(`--- page ${pg.page}\n${pg.markdown}`);
}
process.exit(0);
