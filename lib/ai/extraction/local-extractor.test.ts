import { describe, expect, it } from "vitest";
import { LocalExtractor } from "./local-extractor";
import type { Granularity, ObjectSchema } from "./types";

const ex = new LocalExtractor();
const run = (schema: ObjectSchema, pages: string[] | string, granularity: Granularity = "auto") =>
  ex.extract({
    schema,
    filename: "doc.pdf",
    pages: (Array.isArray(pages) ? pages : [pages]).map((markdown, i) => ({ page: i + 1, markdown })),
    granularity,
  });

const invoiceSchema: ObjectSchema = {
  type: "object",
  properties: {
    invoice_number: { type: "string" },
    invoice_date: { type: "string", format: "date" },
    due_date: { type: "string", format: "date" },
    vendor_name: { type: "string" },
    vendor_email: { type: "string", format: "email" },
    subtotal: { type: "number" },
    tax_amount: { type: "number" },
    total_amount: { type: "number" },
    line_items: {
      type: "array",
      items: {
        type: "object",
        properties: { description: { type: "string" }, quantity: { type: "number" }, unit_price: { type: "number" }, amount: { type: "number" } },
      },
    },
  },
};

const GERMAN_INVOICE = `# Rechnung

**Rechnungsnummer:** RE-2024-0042
Rechnungsdatum: 05.03.2024   Fällig am: 04.04.2024

Lieferant: Müller GmbH
E-Mail: info@mueller.de

| Beschreibung | Menge | Einzelpreis | Betrag |
|---|---|---|---|
| Beratung | 3 | 1.200,00 € | 3.600,00 € |
| Reise | 1 | 250,50 € | 250,50 € |
| | | Zwischensumme | 3.850,50 € |
| | | MwSt. 19 % | 731,60 € |
| | | Gesamtbetrag | 4.582,10 € |
`;

describe("LocalExtractor: document granularity", () => {
  it("reads label: value lines, wide-gap pairs, bold labels, item tables and their totals rows (German)", async () => {
    const r = await run(invoiceSchema, GERMAN_INVOICE);
    expect(r.granularity).toBe("document");
    expect(r.locale).toBe("de");
    expect(r.pagesProcessed).toBe(1);
    expect(r.rows).toEqual([
      {
        invoice_number: "RE-2024-0042",
        invoice_date: "2024-03-05",
        due_date: "2024-04-04",
        vendor_name: "Müller GmbH",
        vendor_email: "info@mueller.de",
        subtotal: 3850.5,
        tax_amount: 731.6,
        total_amount: 4582.1,
        line_items: [
          { description: "Beratung", quantity: 3, unit_price: 1200, amount: 3600 },
          { description: "Reise", quantity: 1, unit_price: 250.5, amount: 250.5 },
        ],
      },
    ]);
  });

  it("reads key-value tables, including grids of two pairs per row (French)", async () => {
    const md = `# FACTURE

| N° de facture | F-2024-17 | Date | 1er mars 2024 |
| --- | --- | --- | --- |
| Échéance | 31/03/2024 | Fournisseur | Dupont SARL |
| Courriel | compta@dupont.fr | Total TTC | 1 234,56 € |
`;
    const [row] = (await run(invoiceSchema, md)).rows;
    expect(row).toMatchObject({
      invoice_number: "F-2024-17",
      invoice_date: "2024-03-01",
      due_date: "2024-03-31",
      vendor_name: "Dupont SARL",
      vendor_email: "compta@dupont.fr",
      total_amount: 1234.56,
      subtotal: null,
      line_items: null,
    });
  });

  it("finds values in prose after a label phrase, and names given by an appositive", async () => {
    const md =
      "Wir, Müller GmbH (Lieferant), stellen mit Rechnungsnummer INV-52140 vom 26.04.2024 in Rechnung. Der Betrag ist zahlbar bis 26.05.2024. Rückfragen an info@mueller.de.";
    const [row] = (await run(invoiceSchema, md)).rows;
    expect(row).toMatchObject({
      invoice_number: "INV-52140",
      invoice_date: "2024-04-26",
      due_date: "2024-05-26",
      vendor_name: "Müller GmbH",
      vendor_email: "info@mueller.de",
    });
  });

  it("uses titles and description phrases as labels", async () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        ref: { type: "string", description: 'Our internal code, labelled "Vorgang" on the form' },
        amt: { type: "number", title: "Kaution" },
      },
    };
    const [row] = (await run(schema, "Vorgang: V-77\nKaution: 1.500,00 EUR\nSonstiges: 3")).rows;
    expect(row).toEqual({ ref: "V-77", amt: 1500 });
  });

  it("fills nested objects from qualified labels, booleans and enums from words and check marks", async () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        customer: { type: "object", properties: { name: { type: "string" }, email: { type: "string", format: "email" } } },
        newsletter: { type: "boolean" },
        plan: { enum: ["Basic", "Premium"] },
      },
    };
    const md = "Customer name: Jane Roe\nCustomer email: jane@roe.io\nNewsletter: ☒ yes ☐ no\nPlan: PREMIUM";
    const [row] = (await run(schema, md)).rows;
    expect(row).toEqual({ customer: { name: "Jane Roe", email: "jane@roe.io" }, newsletter: true, plan: "Premium" });
  });

  it("takes an unlabelled company name at the top as the issuer when no label names it", async () => {
    const md = "# Nordlicht Software GmbH\n\nHafenstraße 1, 20457 Hamburg\n\nKunde: Becker AG\n\nRechnungsnummer: 2024-17";
    const schema: ObjectSchema = { type: "object", properties: { vendor_name: { type: "string" }, customer_name: { type: "string" } } };
    expect((await run(schema, md)).rows[0]).toEqual({ vendor_name: "Nordlicht Software GmbH", customer_name: "Becker AG" });
  });

  it("gives every property null when the document has nothing for it", async () => {
    const r = await run(invoiceSchema, "# Meeting notes\n\nWe talked about the weather.");
    expect(r.granularity).toBe("document");
    expect(Object.values(r.rows[0]).every((v) => v === null)).toBe(true);
  });

  it("granularity document keeps one row even when the document repeats records", async () => {
    const md = "| Date | Amount |\n|---|---|\n| 2024-01-01 | 5 |\n| 2024-01-02 | 6 |";
    const r = await run({ type: "object", properties: { date: { type: "string", format: "date" }, amount: { type: "number" } } }, md, "document");
    expect(r.granularity).toBe("document");
    expect(r.rows).toHaveLength(1);
  });
});

describe("LocalExtractor: records and pages", () => {
  const statement: ObjectSchema = {
    type: "object",
    properties: {
      account_holder: { type: "string" },
      date: { type: "string", format: "date" },
      description: { type: "string" },
      amount: { type: "number" },
    },
  };
  const md = `# Kontoauszug

Kontoinhaber: Lena Fischer

| Buchungstag | Verwendungszweck | Betrag |
| --- | --- | --- |
| 06.05.2024 | Miete | -850,00 € |
| 8. Mai 2024 | Gehalt | 2.400,00 EUR |
| 09.05.2024 | Strom | -61,20 |
`;

  it("auto: a table whose columns match the schema gives one row per table row, document values inherited", async () => {
    const r = await run(statement, md);
    expect(r.granularity).toBe("record");
    expect(r.rows).toEqual([
      { account_holder: "Lena Fischer", date: "2024-05-06", description: "Miete", amount: -850 },
      { account_holder: "Lena Fischer", date: "2024-05-08", description: "Gehalt", amount: 2400 },
      { account_holder: "Lena Fischer", date: "2024-05-09", description: "Strom", amount: -61.2 },
    ]);
  });

  it("auto: repeated sections with the same labels are records", async () => {
    const contacts = `# Contacts

## Contact 1
Name: Ann Lee
Email: ann@lee.io
City: Leeds

## Contact 2
Name: Bob Stone
Email: bob@stone.io
City: York
`;
    const schema: ObjectSchema = {
      type: "object",
      properties: { name: { type: "string" }, email: { type: "string", format: "email" }, city: { type: "string" } },
    };
    const r = await run(schema, contacts);
    expect(r.granularity).toBe("record");
    expect(r.rows).toEqual([
      { name: "Ann Lee", email: "ann@lee.io", city: "Leeds" },
      { name: "Bob Stone", email: "bob@stone.io", city: "York" },
    ]);
  });

  it("record on a single-record document gives that one record", async () => {
    const r = await run(invoiceSchema, "Invoice No.: A-1\nTotal: $10.00", "record");
    expect(r.granularity).toBe("record");
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ invoice_number: "A-1", total_amount: 10 });
  });

  it("page: one row per page, each from its own page only", async () => {
    const progress: number[] = [];
    const r = await ex.extract({
      schema: invoiceSchema,
      filename: "two.pdf",
      granularity: "page",
      pages: [
        { page: 3, markdown: "Invoice Number: P-3\nTotal: 1,000.00" },
        { page: 4, markdown: "nothing here" },
      ],
      onProgress: (n) => void progress.push(n),
    });
    expect(r.granularity).toBe("page");
    expect(r.pagesProcessed).toBe(2);
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toMatchObject({ invoice_number: "P-3", total_amount: 1000 });
    expect(r.rows[1].invoice_number).toBeNull();
    expect(progress.at(-1)).toBe(2);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      ex.extract({ schema: invoiceSchema, filename: "x", granularity: "auto", pages: [{ page: 1, markdown: "x" }], signal: controller.signal }),
    ).rejects.toThrow();
  });

  it("reads a data table continued on the next page (its first row arrives as a header)", async () => {
    const schema: ObjectSchema = { type: "object", properties: { date: { type: "string", format: "date" }, amount: { type: "number" } } };
    const page1 = "| Date | Amount |\n| --- | --- |\n| 2024-01-01 | 1.00 |\n| 2024-01-02 | 2.00 |";
    const page2 = "| 2024-01-03 | 3.00 |\n| --- | --- |\n| 2024-01-04 | 4.00 |\n| Total: 10.00 | |";
    const r = await run(schema, [page1, page2]);
    expect(r.granularity).toBe("record");
    expect(r.rows.map((x) => x.amount)).toEqual([1, 2, 3, 4]);
  });

  it("splits tables written back to back and tells a key-value table from a data table", async () => {
    const md = `| Invoice No. | F-1 |
| --- | --- |
| Bill To | Foo Ltd |
| Service | Quantity | Price | Amount |
| --- | --- | --- | --- |
| Design | 2 | 10.00 | 20.00 |
| Subtotal | | | 20.00 |`;
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        invoice_number: { type: "string" },
        customer_name: { type: "string" },
        subtotal: { type: "number" },
        line_items: {
          type: "array",
          items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "number" }, amount: { type: "number" } } },
        },
      },
    };
    const r = await run(schema, md);
    expect(r.granularity).toBe("document");
    expect(r.rows[0]).toEqual({
      invoice_number: "F-1",
      customer_name: "Foo Ltd",
      subtotal: 20,
      line_items: [{ description: "Design", quantity: 2, amount: 20 }],
    });
  });
});
