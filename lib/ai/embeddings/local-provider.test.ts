// The offline embedding model: deterministic unit vectors in which paraphrases, codes, typos and
// non-English words behave sensibly without any downloaded model.
import { beforeAll, describe, expect, it } from "vitest";
import { LocalEmbeddingProvider } from "./local-provider";

const provider = new LocalEmbeddingProvider();
const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

async function sims(query: string, near: string, far: string): Promise<[number, number]> {
  const [q, n, f] = await provider.embed([query, near, far], "document");
  return [cos(q, n), cos(q, f)];
}

beforeAll(async () => {
  await provider.embed(["warm up"], "document"); // loads the word vectors (builds the cache on a fresh machine)
}, 60_000);

describe("LocalEmbeddingProvider", () => {
  it("has a stable id carrying its dimension and returns unit vectors of that size", async () => {
    expect(provider.id).toBe("docintel-local-v1-356");
    expect(provider.dimensions).toBe(356);
    const vectors = await provider.embed(["Quarterly revenue grew by 12 percent.", "", "INV-77341", "🙂 !!!"], "document");
    for (const v of vectors) {
      expect(v).toHaveLength(356);
      expect(Math.sqrt(cos(v, v))).toBeCloseTo(1, 6);
      expect(v.every(Number.isFinite)).toBe(true);
    }
    expect(new LocalEmbeddingProvider({ hashDims: 128 }).id).toBe("docintel-local-v1-228");
  });

  it("is deterministic across calls and instances, and symmetric for queries and documents", async () => {
    const text = "Die Kündigung muss schriftlich erfolgen. Invoice INV-77341.";
    const [a] = await provider.embed([text], "document");
    const [b] = await new LocalEmbeddingProvider().embed([text], "query");
    expect(b).toEqual(a);
  });

  it("places paraphrases closer than unrelated texts", async () => {
    const cases: [string, string, string][] = [
      [
        "How do I get my money back for a damaged product?",
        "Refund policy: customers may request reimbursement for defective items.",
        "The quarterly board meeting is scheduled for March in the Berlin office.",
      ],
      ["employee vacation days", "Staff are entitled to 30 days of paid annual leave.", "The server room temperature must stay below 25 degrees."],
      [
        "car accident insurance claim",
        "To report a vehicle collision, file a claim with the insurer within 14 days.",
        "Our chocolate cake recipe uses dark cocoa and butter.",
      ],
      [
        "termination of the contract",
        "Either party may cancel the agreement with three months notice.",
        "The cafeteria serves lunch from noon until 2 pm.",
      ],
    ];
    for (const [q, near, far] of cases) {
      const [n, f] = await sims(q, near, far);
      expect(n, q).toBeGreaterThan(f + 0.1);
    }
  });

  it("keeps exact codes close and tolerates typos", async () => {
    const [code, otherCode] = await sims("INV-77341", "Invoice INV-77341 is overdue since October.", "Invoice INV-99120 was paid in full.");
    expect(code).toBeGreaterThan(otherCode + 0.1);
    const [typo, unrelated] = await sims("recieve paymnet", "We receive payment by bank transfer.", "The weather is sunny and warm.");
    expect(typo).toBeGreaterThan(unrelated + 0.1);
  });

  it("gives German and French words (absent from the English vectors) meaningful vectors", async () => {
    const [v] = await provider.embed(["Zahlungsfrist"], "document");
    expect(v.some((x) => x !== 0)).toBe(true);
    const [de, deFar] = await sims(
      "Kündigung des Vertrags",
      "Die Kündigung des Vertrages erfolgt schriftlich.",
      "Der Kaffee ist heute besonders gut.",
    );
    expect(de).toBeGreaterThan(deFar + 0.1);
    const [fr, frFar] = await sims("facture impayée", "La facture numéro 42 reste impayée depuis juin.", "Le chat dort sur le canapé.");
    expect(fr).toBeGreaterThan(frFar + 0.1);
    // Diacritics are folded: the same word with and without them is the same token.
    const [k1, k2] = await provider.embed(["Kündigung", "Kundigung"], "document");
    expect(cos(k1, k2)).toBeCloseTo(1, 6);
  });
});
