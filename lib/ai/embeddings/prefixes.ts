// Asymmetric retrieval models expect a marker on queries (and for e5 on passages too); symmetric ones
// (OpenAI, MiniLM, the local provider) none. Applied by the onnx and openai providers from the model name,
// because servers such as TEI or vLLM pass text through unchanged.

export interface TextPrefixes {
  query: string;
  document: string;
}

export function prefixesForModel(model: string): TextPrefixes {
  const name = model.toLowerCase();
  if (/(^|[/_-])e5([/_-]|$)|multilingual-e5|\be5-/.test(name)) return { query: "query: ", document: "passage: " };
  // bge v1.5 English models: instruction on queries only (bge-m3 needs none).
  if (/bge-(small|base|large)-(en|zh)/.test(name)) {
    return { query: "Represent this sentence for searching relevant passages: ", document: "" };
  }
  if (/nomic-embed-text/.test(name)) return { query: "search_query: ", document: "search_document: " };
  return { query: "", document: "" };
}

export function applyPrefix(texts: string[], kind: "document" | "query", prefixes: TextPrefixes): string[] {
  const p = kind === "query" ? prefixes.query : prefixes.document;
  return p ? texts.map((t) => p + t) : texts;
}

/** Unit length in place (servers do not all normalise); a zero vector is left as it is. */
export function normaliseVector(v: number[]): number[] {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  if (n > 0 && Math.abs(n - 1) > 1e-6) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}
