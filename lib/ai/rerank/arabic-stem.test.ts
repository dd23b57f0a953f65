import { describe, expect, it } from "vitest";
import { foldText } from "@/lib/ai/embeddings/tokenize";
import { ARABIC_STOPWORDS, arabicStem, isArabicWord, normaliseArabic, withoutArabicFunctionWords } from "./arabic-stem";
import { analyse, querySequence, queryTerms, stem } from "./lexical";
import { scoreLexically } from "./local-reranker";

const folded = (word: string) => foldText(word);

describe("Arabic light stemming (light10)", () => {
  it("strips the conjunction, the article and light suffixes, leaving at least two letters", () => {
    // والكتاب "and the book", بالكتاب "with the book", الكتاب, كتاب: one stem.
    const stems = ["والكتاب", "بالكتاب", "الكتاب", "كتاب", "فالكتاب", "كالكتاب"].map((w) => arabicStem(folded(w)));
    expect(new Set(stems)).toEqual(new Set(["كتاب"]));
    // Plural and dual suffixes: المعلمون, المعلمين, معلمات → معلم.
    expect(["المعلمون", "المعلمين", "معلمات"].map((w) => arabicStem(folded(w)))).toEqual(["معلم", "معلم", "معلم"]);
    // للمدرسة "for the school" and المدرسة meet (teh marbuta normalised, then stripped as a suffix).
    expect(arabicStem(folded("للمدرسة"))).toBe(arabicStem(folded("المدرسة")));
    // Short words keep two letters at least; و is only a prefix of words of four letters or more.
    expect(arabicStem(folded("هو"))).toBe("هو");
    expect(arabicStem(folded("ورد"))).toBe("ورد");
  });

  it("normalises spelling variants the fold leaves: alef maksura, teh marbuta, tatweel, hamza forms", () => {
    expect(normaliseArabic("مستشفى")).toBe("مستشفي");
    expect(normaliseArabic("مدرسة")).toBe("مدرسه");
    expect(normaliseArabic("كتــاب")).toBe("كتاب");
    // foldText (NFKD, marks removed) has already unified أ إ آ into ا.
    expect(arabicStem(folded("أحمد"))).toBe(arabicStem(folded("احمد")));
    expect(arabicStem(folded("إسلام"))).toBe(arabicStem(folded("اسلام")));
  });

  it("leaves other scripts alone", () => {
    expect(isArabicWord("refund")).toBe(false);
    expect(arabicStem("refunds")).toBe("refunds");
    expect(arabicStem("книги")).toBe("книги");
    expect(stem("refunds")).toBe("refund");
  });
});

describe("Arabic in the lexical reranker", () => {
  it("matches a question's words in a passage whatever their attached prefixes and suffixes", () => {
    const terms = queryTerms("ما هي عاصمة المملكة؟").map((t) => t.stem);
    // Question words and pronouns are function words; the content words are stemmed.
    expect(terms).toEqual([arabicStem(folded("عاصمة")), arabicStem(folded("المملكة"))]);
    const passage = analyse("والرياض هي عاصمة للمملكة العربية السعودية");
    expect(terms.every((t) => passage.positions.has(t))).toBe(true);
    expect(querySequence("عاصمة المملكة")).toEqual(terms);
  });

  it("ranks the passage holding the question's words above one holding only its function words", () => {
    const [answer, noise] = scoreLexically("من هو مؤسس الشركة؟", [
      { id: "a", text: "أسس الشركة مؤسسها الأول في عام 1990، وكان مؤسس الشركة مهندسا." },
      { id: "b", text: "من هو الذي كان في المدينة؟ هو من كان هناك." },
    ]);
    expect(answer).toBeGreaterThan(noise);
  });

  it("lists function words in the folded, normalised form tokens take", () => {
    for (const word of ["إلى", "أين", "التي", "على"]) expect(ARABIC_STOPWORDS.has(normaliseArabic(folded(word)))).toBe(true);
    expect(ARABIC_STOPWORDS.has(normaliseArabic(folded("كتاب")))).toBe(false);
  });
});

describe("withoutArabicFunctionWords", () => {
  it("drops Arabic function words as typed (hamza, diacritics) and keeps everything else", () => {
    expect(withoutArabicFunctionWords("ما هو المسرح الذي كان أفضل مثال على المسرح؟")).toBe("المسرح أفضل مثال المسرح؟");
    expect(withoutArabicFunctionWords("إلى أينَ ذهب الرجل")).toBe("ذهب الرجل");
    expect(withoutArabicFunctionWords("What is the refund policy?")).toBe("What is the refund policy?");
    expect(withoutArabicFunctionWords("من هو INV-77341")).toBe("INV-77341");
  });

  it("leaves a query of function words only as it is", () => {
    expect(withoutArabicFunctionWords("من هو")).toBe("من هو");
  });
});
