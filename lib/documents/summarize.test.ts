import { describe, expect, it } from "vitest";
import { detectLanguage, markdownToProse, stems, summarizeDocument, summarizeText } from "./summarize";

const EN = "The northern region grew faster than expected during the third quarter. Sales teams opened two new offices and hired local staff.";
const DE =
  "Die nördliche Region ist im dritten Quartal schneller gewachsen als erwartet. Das Vertriebsteam hat zwei neue Büros eröffnet und Mitarbeiter eingestellt.";
const FR =
  "La région nord a connu une croissance plus rapide que prévu au troisième trimestre. Les équipes commerciales ont ouvert deux nouveaux bureaux.";
const ES =
  "La región norte creció más rápido de lo esperado durante el tercer trimestre. Los equipos de ventas abrieron dos nuevas oficinas y contrataron personal.";

describe("detectLanguage", () => {
  it("maps English, German and French to their text-search configurations", () => {
    expect(detectLanguage(EN)).toEqual({ code: "en", textSearchConfig: "english" });
    expect(detectLanguage(DE)).toEqual({ code: "de", textSearchConfig: "german" });
    expect(detectLanguage(FR)).toEqual({ code: "fr", textSearchConfig: "french" });
  });

  it("uses the language's Snowball configuration when Postgres has one, else 'simple'", () => {
    expect(detectLanguage(ES)).toEqual({ code: "es", textSearchConfig: "spanish" });
    // Postgres ships no Polish stemmer.
    expect(detectLanguage("Sprzedaż wzrosła w północnym regionie, a zespół handlowy podwoił liczbę klientów w ciągu roku.")).toEqual({
      code: "pl",
      textSearchConfig: "simple",
    });
    expect(detectLanguage("")).toEqual({ code: "und", textSearchConfig: "simple" });
    expect(detectLanguage("1200 950 | --- |")).toEqual({ code: "und", textSearchConfig: "simple" });
  });

  it("gets short German right where trigrams alone say Dutch", () => {
    expect(detectLanguage("Die Umsätze stiegen im Norden stark an.").textSearchConfig).toBe("german");
  });
});

describe("markdownToProse", () => {
  it("drops headings, tables and code, keeps list items and link texts", () => {
    const md = "# Title\n\nSome **bold** text\ncontinues [here](http://x).\n\n| a | b |\n| --- | --- |\n\n- item one\n- item two\n\n```\ncode\n```";
    expect(markdownToProse(md)).toEqual(["Some bold text continues here.", "item one", "item two"]);
  });
});

describe("summarizeText", () => {
  const doc = [
    "Solar power capacity in the region doubled over the last year.",
    "The weather was pleasant on most days of the conference.",
    "Solar panels on public buildings now produce most of the region's power.",
    "Lunch was served in the main hall.",
    "Investments in solar power and battery storage are expected to grow further.",
    "Battery storage makes solar power available at night.",
    "The conference ended with a short speech.",
    "Regional solar power targets were raised again for next year.",
  ];

  it("picks the most central sentences, in document order, within the character cap", () => {
    const summary = summarizeText([doc.join(" ")], { maxSentences: 3 });
    const picked = doc.filter((s) => summary.includes(s));
    expect(picked).toHaveLength(3);
    for (const s of picked) expect(s.toLowerCase()).toContain("solar");
    // Document order.
    const positions = picked.map((s) => summary.indexOf(s));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("returns at most 5 sentences and about 600 characters", () => {
    const many = Array.from({ length: 40 }, (_, i) => `Statement ${i} describes solar power plans for region ${i % 5} in some detail.`);
    const summary = summarizeText(many);
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(summary.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(5);
    expect(summary.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(3);
  });

  it("truncates a single sentence longer than the cap and handles empty input", () => {
    const long = `${"word ".repeat(300)}end.`;
    const s = summarizeText([long], { maxChars: 100 });
    expect(s.length).toBeLessThanOrEqual(100);
    expect(s.endsWith("…")).toBe(true);
    expect(summarizeText([])).toBe("");
  });
});

describe("summarizeDocument", () => {
  it("returns the language and summaries [{language, summary}]", () => {
    const out = summarizeDocument([
      { page: 1, markdown: `# Report\n\n${EN}` } as { markdown: string },
      { markdown: "Second page discusses the outlook for next year." },
    ]);
    expect(out.language.textSearchConfig).toBe("english");
    expect(out.summaries).toHaveLength(1);
    expect(out.summaries[0].language).toBe("en");
    expect(out.summaries[0].summary).toContain("northern region grew faster");
  });

  it("has no summary for a document without text", () => {
    expect(summarizeDocument([{ markdown: "" }])).toEqual({ language: { code: "und", textSearchConfig: "simple" }, summaries: [] });
  });

  it("stems ignore stopwords of every supported language", () => {
    expect(stems("The Revenue and die Umsätze et les revenus")).toEqual(["revenu", "umsätz", "revenu"]);
  });
});
