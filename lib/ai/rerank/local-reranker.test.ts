import { describe, expect, it } from "vitest";
import { analyse, bigramOverlap, minimalWindow, querySequence, queryTerms } from "./lexical";
import { LocalReranker, scoreLexically } from "./local-reranker";

const cands = (...texts: string[]) => texts.map((text, i) => ({ id: `c${i}`, text }));
const order = async (query: string, texts: string[]) => (await new LocalReranker().rerank(query, cands(...texts))).map((r) => r.id);

describe("lexical analysis", () => {
  it("keeps codes whole, adds their parts, stems words and drops stop words", () => {
    const terms = queryTerms("What is the total of invoice INV-77341 refunds?");
    expect(terms.map((t) => t.stem)).toEqual(["total", "invoic", "inv-77341", "inv", "77341", "refund"]);
    expect(terms.find((t) => t.stem === "inv-77341")?.exact).toBe(true);
    // A query of stop words only still has terms.
    expect(queryTerms("to be or not to be").length).toBeGreaterThan(0);
  });

  it("measures the smallest window holding every matched term", () => {
    expect(minimalWindow([[1, 10], [12], [3, 11]])).toBe(3);
    expect(minimalWindow([[1, 10], [12], [3, 14]])).toBe(5);
    expect(minimalWindow([[5]])).toBe(1);
    expect(minimalWindow([])).toBe(Infinity);
  });

  it("counts the query's adjacent word pairs found adjacent in the text", () => {
    const seq = querySequence("annual leave policy");
    expect(bigramOverlap(seq, analyse("Our annual leave policy grants 30 days."))).toBe(1);
    expect(bigramOverlap(seq, analyse("Leave is annual; the policy grants 30 days."))).toBe(0);
  });
});

describe("LocalReranker", () => {
  it("lets a first-stage score lead and uses its own evidence to break near-ties", async () => {
    const rr = new LocalReranker();
    const texts = ["refund policy for refunds", "policy", "nothing"];
    // Without first-stage scores the lexical evidence decides.
    expect((await rr.rerank("refund policy", cands(...texts)))[0].id).toBe("c0");
    // A clearly better first-stage score keeps its place…
    const led = texts.map((text, i) => ({ id: `c${i}`, text, firstStage: [0.5, 1, 0.2][i] }));
    expect((await rr.rerank("refund policy", led)).map((r) => r.id)).toEqual(["c1", "c0", "c2"]);
    // …and a near-tie is broken by the text.
    const tied = texts.map((text, i) => ({ id: `c${i}`, text, firstStage: [0.99, 1, 0.2][i] }));
    expect((await rr.rerank("refund policy", tied))[0].id).toBe("c0");
  });

  it("returns every candidate once, best first, and nothing for no candidates", async () => {
    const out = await new LocalReranker().rerank("refund", cands("a", "b", "refund policy"));
    expect(out.map((r) => r.id).sort()).toEqual(["c0", "c1", "c2"]);
    expect(out[0].id).toBe("c2");
    expect(out[0].score).toBeGreaterThan(out[1].score);
    expect(await new LocalReranker().rerank("x", [])).toEqual([]);
  });

  it("puts the exact code first, not a near-miss code", async () => {
    expect(
      (await order("INV-77341", ["Invoice INV-77314 was paid.", "Invoice overview for all customers.", "Reminder: INV-77341 is overdue."]))[0],
    ).toBe("c2");
  });

  it("prefers full coverage of the query's rare terms over repeats of one term", async () => {
    const texts = [
      "Laptop laptop laptop: the laptop catalogue lists every laptop model we sell.",
      "All laptops must use full-disk encryption before they leave the office.",
    ];
    expect((await order("laptop disk encryption", texts))[0]).toBe("c1");
  });

  it("rewards terms that stand close together", async () => {
    const texts = [
      "The cooling system is checked every year. Many other topics follow here, such as catering, parking, visitors, badges and, much later, the server room.",
      "The server room cooling system alerts the on-call engineer.",
    ];
    expect((await order("server room cooling", texts))[0]).toBe("c1");
  });

  it("keeps the first-stage order among candidates with no lexical evidence (semantic matches)", async () => {
    expect(await order("reimbursement", ["Money back within 30 days.", "Returns accepted.", "Gift cards."])).toEqual(["c0", "c1", "c2"]);
  });

  it("scores in [0, 1]", () => {
    const scores = scoreLexically("invoice INV-77341 total", cands("Invoice INV-77341 total 1,250 EUR", "nothing here"));
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
    for (const s of scores) expect(s).toBeLessThanOrEqual(1);
    expect(scores[0]).toBeGreaterThan(0.8);
  });
});
