// The BM25 floor of bench:quality: what a plain engine (Lucene/Elasticsearch defaults for BEIR) ranks on
// exactly the same documents and queries, computed in the same run so each mode can be read against it.
//
//   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5));  score = Σ qtf · idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · dl / avgdl))
//   k1 = 0.9, b = 0.4 (Anserini's BEIR "flat" run); text = title + " " + text, lowercased; tokens
//   \p{L}[\p{L}\p{N}]*|\p{N}+; Lucene's classic English stop set for English sets; no stemming.
// Ties are broken by document id, so the floor is deterministic.

const EN_STOP = new Set(
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(" "),
);
const TOKEN = /\p{L}[\p{L}\p{N}]*|\p{N}+/gu;

export interface Bm25Reference {
  search(query: string, k: number): string[];
}

export function bm25Reference(
  docs: { _id: string; title?: string; text: string }[],
  opts: { english: boolean; k1?: number; b?: number },
): Bm25Reference {
  const k1 = opts.k1 ?? 0.9;
  const b = opts.b ?? 0.4;
  const tokenize = (s: string) => (s.toLowerCase().match(TOKEN) ?? []).filter((t) => !opts.english || !EN_STOP.has(t));
  const postings = new Map<string, { doc: number; tf: number }[]>();
  const lengths: number[] = [];
  docs.forEach((d, i) => {
    const tokens = tokenize(`${d.title ?? ""} ${d.text}`);
    lengths.push(tokens.length);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      const list = postings.get(t);
      if (list) list.push({ doc: i, tf: n });
      else postings.set(t, [{ doc: i, tf: n }]);
    }
  });
  const avgdl = lengths.reduce((s, n) => s + n, 0) / Math.max(1, lengths.length);
  return {
    search(query, k) {
      const qtf = new Map<string, number>();
      for (const t of tokenize(query)) qtf.set(t, (qtf.get(t) ?? 0) + 1);
      const scores = new Map<number, number>();
      for (const [t, q] of qtf) {
        const list = postings.get(t);
        if (!list) continue;
        const idf = Math.log(1 + (docs.length - list.length + 0.5) / (list.length + 0.5));
        for (const p of list) {
          const s = (q * idf * p.tf * (k1 + 1)) / (p.tf + k1 * (1 - b + (b * lengths[p.doc]) / avgdl));
          scores.set(p.doc, (scores.get(p.doc) ?? 0) + s);
        }
      }
      return [...scores]
        .sort((x, y) => y[1] - x[1] || (docs[x[0]]._id < docs[y[0]]._id ? -1 : 1))
        .slice(0, k)
        .map(([i]) => docs[i]._id);
    },
  };
}
