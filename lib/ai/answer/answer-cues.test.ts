import { describe, expect, it } from "vitest";
import { answerTypeOf, asksForTotal, holdsAnswerType, statesTotal, toBaseForms, withBaseForms } from "./answer-cues";

describe("answerTypeOf", () => {
  it("reads the kind of answer from the question word, before topic words", () => {
    expect(answerTypeOf("How much did we pay at Cafe Central?")).toBe("amount");
    expect(answerTypeOf("What is Peter Novak's salary?")).toBe("amount");
    expect(answerTypeOf("What did the drill bits cost?")).toBe("amount");
    expect(answerTypeOf("When is the rent due?")).toBe("date");
    expect(answerTypeOf("On which date was the invoice issued?")).toBe("date");
    expect(answerTypeOf("Who pays the fee?")).toBe("person");
    expect(answerTypeOf("Who signed the lease?")).toBe("person");
    expect(answerTypeOf("Where is the office?")).toBe("place");
    expect(answerTypeOf("How many days of leave do we get?")).toBe("quantity");
    expect(answerTypeOf("How long is the notice period?")).toBe("quantity");
    expect(answerTypeOf("Which law governs the agreement?")).toBeNull();
    expect(answerTypeOf("What must laptops use?")).toBeNull();
  });

  it("asks for the total unless a particular amount is named", () => {
    expect(asksForTotal("How much did we pay at Cafe Central?")).toBe(true);
    expect(asksForTotal("How much is the Nordlicht invoice?")).toBe(true);
    expect(asksForTotal("What is the monthly rent?")).toBe(false);
    expect(asksForTotal("How much VAT was charged?")).toBe(false);
    expect(asksForTotal("When was it paid?")).toBe(false);
  });
});

describe("holdsAnswerType", () => {
  it("finds amounts as printed on receipts and invoices, not other numbers", () => {
    for (const s of [
      "Total EUR 19.80",
      "Total | € 44.37",
      "2 x Melange 9.80",
      "Total due: EUR 5,355.00",
      "a monthly fee of EUR 1,200 plus VAT",
      "USD 99",
      "1.250,00 €",
    ])
      expect(holdsAnswerType(s, "amount"), s).toBe(true);
    for (const s of ["Cafe Central", "Herrengasse 14, 1010 Wien", "Paid by card: Visa **** 4242", "Receipt no. 4471", "Room 312", "VAT 19%"])
      expect(holdsAnswerType(s, "amount"), s).toBe(false);
  });

  it("finds dates and times", () => {
    for (const s of ["Receipt 12.03.2026 13:42", "Date: 2026-02-03", "takes effect on 1 April 2026", "issued March 3, 2024", "departure 07:30"])
      expect(holdsAnswerType(s, "date"), s).toBe(true);
    for (const s of ["Total EUR 19.80", "Room 312", "38.5 hours per week"]) expect(holdsAnswerType(s, "date"), s).toBe(false);
  });

  it("finds counts and durations, names and places", () => {
    expect(holdsAnswerType("Returns accepted within 14 days", "quantity")).toBe(true);
    expect(holdsAnswerType("three months' written notice", "quantity")).toBe(true);
    expect(holdsAnswerType("Total EUR 19.80", "quantity")).toBe(false);
    expect(holdsAnswerType("Served by Martina.", "person")).toBe(true);
    expect(holdsAnswerType("Signed in Vienna by Maria Huber for the Client", "person")).toBe(true);
    expect(holdsAnswerType("Total EUR 19.80", "person")).toBe(false);
    expect(holdsAnswerType("Herrengasse 14, 1010 Wien", "place")).toBe(true);
    expect(holdsAnswerType("at the company's office in Graz", "place")).toBe(true);
    expect(holdsAnswerType("Total EUR 19.80", "place")).toBe(false);
  });
});

describe("base forms", () => {
  it("lets 'paid' match 'pay' and drops possessives", () => {
    expect(toBaseForms("How much was paid for Novak's stay?")).toBe("How much was pay for Novak stay?");
    expect(withBaseForms("Total paid by card")).toBe("Total paid pay by card");
    expect(statesTotal("Total EUR 19.80")).toBe(true);
    expect(statesTotal("2 x Melange 9.80")).toBe(false);
  });
});
