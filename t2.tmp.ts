import { extractor } from "@/lib/models/extraction";
const md = `# Rechnung

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
const schema = { type: "object", properties: { invoice_number: { type: "string" }, invoice_date: { type: "string", format: "date" }, due_date: { type: "string", format: "date" }, vendor_name: { type: "string" }, vendor_email: { type: "string", format: "email" }, subtotal: { type: "number" }, tax_amount: { type: "number" }, total_amount: { type: "number" }, line_items: { type: "array", items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "number" }, unit_price: { type: "number" }, amount: { type: "number" } } } } } } as any;
const r = await extractor().extract({ schema, filename: "x.pdf", pages: [{ page: 1, markdown: md }], granularity: "auto" });
console.log(JSON.stringify(r, null, 1));
