import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { addWorkspaceMember, type SeededCompany, seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

async function newFile(c: SeededCompany, filename: string, workspaceId = c.defaultWorkspaceId): Promise<number> {
  const f = await db().file.create({
    data: {
      companyId: c.companyId,
      workspaceId,
      filename,
      title: filename,
      extension: "pdf",
      size: 1,
      sha256: "x",
      storageKey: `k/${filename}`,
      status: "embedded",
    },
  });
  return f.id;
}

const facets = (key: string, id: number, body: unknown) => api.post(`/api/v3/files/${id}/facets`, { key, body });
const batch = (key: string, id: number, actions: unknown[]) => api.post(`/api/v3/files/${id}/facets/batch`, { key, body: { actions } });
type Facets = {
  content_types: { path: string; attributes: { name: string; value: unknown }[] }[];
  unlinked: { name: string; value: unknown; content_type_path: string }[];
};
const valuesOf = (f: Facets, path: string) =>
  Object.fromEntries(
    f.content_types
      .find((c) => c.path === path)!
      .attributes.filter((a) => a.value !== null)
      .map((a) => [a.name, a.value]),
  );

describe("file facets", () => {
  it("classifies, sets and clears typed values, and reads them back exactly per spec", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    await api.post("/api/v3/content-types", { key, body: { action: "adopt", paths: ["finance", "legal"] } });
    const id = await newFile(acme, "a.pdf");

    expect((await api.get(`/api/v3/files/${id}/facets`, { key })).body).toEqual({ content_types: [], can_edit: true, unlinked: [] });

    const res = await facets(key, id, {
      action: "classify",
      content_type_path: "finance:invoice",
      values: { amount: 120.5, currency: "EUR", fiscal_year: "2024" },
    });
    expect(res.status, res.text).toBe(200);
    const ct = res.body.content_types[0];
    expect(ct).toMatchObject({ path: "finance:invoice", code: "invoice", label: "Invoice", labels: ["Finance", "Invoice"] });
    expect(ct.attributes.find((a: { name: string }) => a.name === "currency")).toEqual({
      name: "currency",
      value: "EUR",
      type: "select",
      required: false,
      label: "Currency",
      description: "ISO 4217 currency of the amount.",
      choices: ["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD"],
    });
    expect(ct.attributes.find((a: { name: string }) => a.name === "invoice_number")).toMatchObject({
      value: null,
      type: "text",
      required: true,
      choices: null,
    });
    // Ancestors' attributes are carried (fiscal_year, counterparty from finance).
    expect(ct.attributes.map((a: { name: string }) => a.name).sort()).toEqual([
      "amount",
      "counterparty",
      "currency",
      "due_date",
      "fiscal_year",
      "invoice_date",
      "invoice_number",
      "paid",
    ]);
    expect(valuesOf(res.body, "finance:invoice")).toEqual({ amount: 120.5, currency: "EUR", fiscal_year: 2024 });

    // Idempotent classify; other trees allowed; a second node of the same root refused.
    expect((await facets(key, id, { action: "classify", content_type_path: "finance:invoice" })).status).toBe(200);
    expectError(await facets(key, id, { action: "classify", content_type_path: "finance:receipt" }), 400, "content_type_sibling_conflict");
    expectError(
      await facets(key, id, { action: "classify", content_type_path: "finance:invoice:sales_invoice" }),
      400,
      "content_type_sibling_conflict",
    );
    expectError(await facets(key, id, { action: "classify", content_type_path: "finance:nope" }), 400, "content_type_unknown");
    expectError(await facets(key, id, { action: "classify", content_type_path: "nope" }), 400, "content_type_unknown");
    const both = await facets(key, id, {
      action: "classify",
      content_type_path: "legal:compliance",
      values: { regulation: ["gdpr", "sox"], review_due: "2025-01-31", confidential: true },
    });
    expect(both.body.content_types.map((c: { path: string }) => c.path)).toEqual(["finance:invoice", "legal:compliance"]);
    expect(valuesOf(both.body, "legal:compliance")).toEqual({ regulation: ["gdpr", "sox"], review_due: "2025-01-31", confidential: true });

    const set = await facets(key, id, {
      action: "set_attributes",
      content_type_path: "finance:invoice",
      values: { invoice_number: "INV-9", paid: "false", due_date: "2024-02-29", amount: null },
    });
    expect(valuesOf(set.body, "finance:invoice")).toEqual({
      currency: "EUR",
      fiscal_year: 2024,
      invoice_number: "INV-9",
      paid: false,
      due_date: "2024-02-29",
    });
    for (const values of [
      { amount: "lots" },
      { currency: "EURO" },
      { due_date: "2023-02-30" },
      { due_date: "2023" },
      { paid: "yes" },
      { invoice_number: 12 },
    ]) {
      expectError(await facets(key, id, { action: "set_attributes", content_type_path: "finance:invoice", values }), 400, "attribute_value_invalid");
    }
    for (const regulation of ["gdpr", ["gdpr", "nope"]]) {
      expectError(
        await facets(key, id, { action: "set_attributes", content_type_path: "legal:compliance", values: { regulation } }),
        400,
        "attribute_value_invalid",
      );
    }
    const unknownName = expectError(
      await facets(key, id, { action: "set_attributes", content_type_path: "finance:invoice", values: { receipt_total: 1 } }),
      422,
      "validation_error",
    );
    expect(unknownName.fields?.["values.receipt_total"]).toBeDefined();
    expectError(
      await facets(key, id, { action: "set_attributes", content_type_path: "finance:receipt", values: { receipt_total: 1 } }),
      404,
      "content_type_not_assigned",
    );
    expectError(
      await facets(key, id, { action: "set_attributes", content_type_path: "finance", values: { fiscal_year: 1 } }),
      404,
      "content_type_not_assigned",
    );

    const cleared = await facets(key, id, { action: "clear_attributes", content_type_path: "finance:invoice", names: ["paid", "fiscal_year"] });
    expect(valuesOf(cleared.body, "finance:invoice")).toEqual({ currency: "EUR", invoice_number: "INV-9", due_date: "2024-02-29" });
    expectError(
      await facets(key, id, { action: "clear_attributes", content_type_path: "finance:receipt", names: ["receipt_total"] }),
      404,
      "content_type_not_assigned",
    );
    expect(
      expectError(
        await facets(key, id, { action: "clear_attributes", content_type_path: "finance:invoice", names: ["nope"] }),
        422,
        "validation_error",
      ).fields?.names,
    ).toBeDefined();
    expect(expectError(await facets(key, id, { action: "tag", content_type_path: "finance" }), 422, "validation_error").fields?.action).toBeDefined();

    // The file list shows the classifications.
    const listed = await api.get("/api/v3/files", { key });
    expect(listed.body.results[0].content_types).toEqual([
      { path: "finance:invoice", label: "Invoice" },
      { path: "legal:compliance", label: "Compliance" },
    ]);

    // Unclassify removes the classification and the values only it carried.
    const un = await facets(key, id, { action: "unclassify", content_type_path: "finance:invoice" });
    expect(un.body.content_types.map((c: { path: string }) => c.path)).toEqual(["legal:compliance"]);
    expect(un.body.unlinked).toEqual([]);
    expect(await db().fileAttributeValue.count({ where: { fileId: id } })).toBe(3);
    expectError(await facets(key, id, { action: "unclassify", content_type_path: "finance:invoice" }), 404, "content_type_not_assigned");
    expectError(await facets(key, id, { action: "unclassify", content_type_path: "nope" }), 404, "content_type_not_assigned");
    // Now another finance node is allowed.
    expect((await facets(key, id, { action: "classify", content_type_path: "finance:receipt" })).status).toBe(200);
  });

  it("lists values left behind by schema changes as unlinked and clears them through the defining node", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    await api.post("/api/v3/content-types", { key, body: { action: "adopt", paths: ["finance:invoice"] } });
    const id = await newFile(acme, "u.pdf");
    await facets(key, id, {
      action: "classify",
      content_type_path: "finance:invoice:credit_note",
      values: { fiscal_year: 2022, amount: 5, original_invoice_number: "X1" },
    });

    // Inheritance switched off on credit_note: the inherited values are no longer linked.
    await api.post("/api/v3/content-types", {
      key,
      body: { action: "define_content_type", code: "credit_note", label: "Credit note", parent_path: "finance:invoice", inherit_attributes: false },
    });
    let f = (await api.get(`/api/v3/files/${id}/facets`, { key })).body;
    expect(f.content_types[0].attributes.map((a: { name: string }) => a.name)).toEqual(["original_invoice_number"]);
    expect(f.unlinked.map((u: { name: string; value: unknown; content_type_path: string }) => [u.content_type_path, u.name, u.value])).toEqual([
      ["finance", "fiscal_year", 2022],
      ["finance:invoice", "amount", 5],
    ]);
    expect(f.unlinked[1]).toMatchObject({ type: "number", required: true, label: "Total amount" });

    // The node is removed: its own values go with its attribute, the ancestors' stay unlinked.
    await api.post("/api/v3/content-types", { key, body: { action: "undefine_content_type", path: "finance:invoice:credit_note" } });
    f = (await api.get(`/api/v3/files/${id}/facets`, { key })).body;
    expect(f.content_types).toEqual([]);
    expect(f.unlinked.map((u: { name: string }) => u.name)).toEqual(["fiscal_year", "amount"]);

    expectError(
      await facets(key, id, { action: "clear_attributes", content_type_path: "finance", names: ["amount"] }),
      404,
      "content_type_not_assigned",
    );
    const cleared = await facets(key, id, { action: "clear_attributes", content_type_path: "finance:invoice", names: ["amount"] });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.unlinked.map((u: { name: string }) => u.name)).toEqual(["fiscal_year"]);
    // Classifying again relinks what is left.
    const again = await facets(key, id, { action: "classify", content_type_path: "finance:invoice" });
    expect(again.body.unlinked).toEqual([]);
    expect(valuesOf(again.body, "finance:invoice")).toEqual({ fiscal_year: 2022 });
  });

  it("follows workspace roles: viewers read, editors and owners edit, other companies get 404", async () => {
    const acme = await seedCompany();
    await api.post("/api/v3/content-types", { key: acme.admin.key, body: { action: "adopt", paths: ["tech"] } });
    const ws = (await api.post("/api/v3/workspaces", { key: acme.admin.key, body: { name: "Eng" } })).body.id;
    const id = await newFile(acme, "spec.md", ws);
    const viewer = await seedUser(acme.companyId);
    const editor = await seedUser(acme.companyId);
    const outsider = await seedUser(acme.companyId);
    await addWorkspaceMember(ws, viewer.userId, "viewer");
    await addWorkspaceMember(ws, editor.userId, "editor");
    const scopedViewer = await seedScopedKey(acme.admin, ws, "viewer");
    const body = { action: "classify", content_type_path: "tech:incident" };

    for (const key of [viewer.key, scopedViewer]) {
      expect((await api.get(`/api/v3/files/${id}/facets`, { key })).body.can_edit).toBe(false);
      expectError(await facets(key, id, body), 403, "insufficient_permissions");
      expectError(await batch(key, id, [body]), 403, "insufficient_permissions");
    }
    expect((await api.get(`/api/v3/files/${id}/facets`, { key: editor.key })).body.can_edit).toBe(true);
    expect((await facets(editor.key, id, body)).status).toBe(200);
    expectError(await api.get(`/api/v3/files/${id}/facets`, { key: outsider.key }), 404, "not_found");

    const other = await seedCompany();
    await api.post("/api/v3/content-types", { key: other.admin.key, body: { action: "adopt", paths: ["tech"] } });
    expectError(await api.get(`/api/v3/files/${id}/facets`, { key: other.admin.key }), 404, "not_found");
    expectError(await facets(other.admin.key, id, { action: "unclassify", content_type_path: "tech:incident" }), 404, "not_found");
    expectError(await api.get(`/api/v3/files/999999/facets`, { key: acme.admin.key }), 404, "not_found");
    // Another company's file cannot be classified with this company's nodes either way.
    const theirs = await newFile(other, "theirs.pdf");
    expectError(await facets(acme.admin.key, theirs, body), 404, "not_found");
    expect(await db().fileContentType.count({ where: { fileId: theirs } })).toBe(0);
  });

  it("runs facet batches in order with index semantics", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    await api.post("/api/v3/content-types", { key, body: { action: "adopt", paths: ["healthcare"] } });
    const id = await newFile(acme, "lab.pdf");
    const failed = expectError(
      await batch(key, id, [
        { action: "classify", content_type_path: "healthcare:lab_result" },
        { action: "set_attributes", content_type_path: "healthcare:lab_result", values: { abnormal: true, patient_id: "P-1" } },
        { action: "set_attributes", content_type_path: "healthcare:lab_result", values: { specimen_type: "plasma" } },
        { action: "set_attributes", content_type_path: "healthcare:lab_result", values: { test_name: "never" } },
      ]),
      400,
      "attribute_value_invalid",
    );
    expect(failed.index).toBe(2);
    const f = (await api.get(`/api/v3/files/${id}/facets`, { key })).body;
    expect(valuesOf(f, "healthcare:lab_result")).toEqual({ abnormal: true, patient_id: "P-1" });

    expect(
      expectError(
        await batch(key, id, [{ action: "unclassify", content_type_path: "healthcare:lab_result" }, { action: "classify" }]),
        422,
        "validation_error",
      ).index,
    ).toBe(1);
    expect((await api.get(`/api/v3/files/${id}/facets`, { key })).body.content_types).toEqual([]);
    expect(
      expectError(await batch(key, id, [{ action: "unclassify", content_type_path: "healthcare:lab_result" }]), 404, "content_type_not_assigned")
        .index,
    ).toBe(0);

    const ok = await batch(key, id, [
      { action: "classify", content_type_path: "healthcare:prescription" },
      { action: "set_attributes", content_type_path: "healthcare:prescription", values: { dosage_mg: 50, medication: "Ibuprofen 400" } },
      { action: "clear_attributes", content_type_path: "healthcare:prescription", names: ["dosage_mg"] },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(valuesOf(ok.body, "healthcare:prescription")).toEqual({ medication: "Ibuprofen 400" });
  });
});

describe("facet filters on GET /api/v3/files", () => {
  let acme: SeededCompany;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    acme = await seedCompany();
    const key = acme.admin.key;
    await api.post("/api/v3/content-types", { key, body: { action: "adopt", paths: ["finance", "legal"] } });
    await api.post("/api/v3/content-types", { key, body: { action: "define_content_type", code: "memo", label: "Memo", parent_path: "legal" } });
    const setup: [string, [string, Record<string, unknown>][]][] = [
      [
        "f1",
        [
          [
            "finance:invoice",
            {
              invoice_number: "INV-001",
              amount: 100,
              currency: "EUR",
              due_date: "2023-06-15",
              paid: true,
              counterparty: "Acme Corp",
              fiscal_year: 2023,
            },
          ],
        ],
      ],
      [
        "f2",
        [
          [
            "finance:invoice:purchase_invoice",
            {
              invoice_number: "INV-002",
              amount: 250.5,
              currency: "USD",
              due_date: "2023-12-31",
              paid: false,
              counterparty: "Globex",
              approval_status: "approved",
            },
          ],
        ],
      ],
      [
        "f3",
        [
          [
            "finance:invoice:sales_invoice",
            { invoice_number: "SO-100", amount: 1000, currency: "EUR", due_date: "2024-01-10", counterparty: "acme gmbh" },
          ],
        ],
      ],
      ["f4", [["finance:receipt", { receipt_total: 100, purchase_date: "2023-06-01", expense_category: "travel", counterparty: "Hotel 50%_off" }]]],
      [
        "f5",
        [
          ["finance:tax_document", { tax_type: "vat" }],
          ["legal:compliance", { regulation: ["gdpr", "sox"], confidential: true }],
        ],
      ],
      ["f6", [["legal:contract:nda", { effective_date: "2022-03-01", contract_value: 5000, nda_type: "mutual", confidential: false }]]],
      ["f7", []],
      ["f8", [["legal:memo", { governing_law: "Swiss law", confidential: true }]]],
    ];
    for (const [name, classes] of setup) {
      ids[name] = await newFile(acme, name);
      for (const [path, values] of classes) {
        const res = await facets(key, ids[name], { action: "classify", content_type_path: path, values });
        expect(res.status, res.text).toBe(200);
      }
    }
    // f8's values become unlinked: a file matches only through its classifications.
    await api.post("/api/v3/content-types", { key, body: { action: "undefine_content_type", path: "legal:memo" } });
    // Another company's identical data never shows.
    const other = await seedCompany();
    await api.post("/api/v3/content-types", { key: other.admin.key, body: { action: "adopt", paths: ["finance"] } });
    const theirs = await newFile(other, "theirs");
    await facets(other.admin.key, theirs, { action: "classify", content_type_path: "finance:invoice", values: { amount: 100, currency: "EUR" } });
  });

  async function names(query: string): Promise<string[]> {
    const res = await api.get(`/api/v3/files?page_size=100&${query}`, { key: acme.admin.key });
    expect(res.status, res.text).toBe(200);
    return res.body.results.map((f: { filename: string }) => f.filename).sort();
  }
  const attr = (...entries: string[]) => entries.map((e) => `attribute=${encodeURIComponent(e)}`).join("&");
  const ct = (...values: string[]) => values.map((v) => `content_type=${encodeURIComponent(v)}`).join("&");

  it("matches every attribute form by the attribute's type", async () => {
    const cases: [string, string[]][] = [
      ["amount", ["f1", "f2", "f3"]],
      ["amount:100", ["f1"]],
      ["amount:>100", ["f2", "f3"]],
      ["amount:>=100", ["f1", "f2", "f3"]],
      ["amount:<250.5", ["f1"]],
      ["amount:<=250.5", ["f1", "f2"]],
      ["amount:100|1000", ["f1", "f3"]],
      ["amount:100,250.5", ["f1", "f2"]],
      ["invoice_number:INV*", ["f1", "f2"]],
      ["invoice_number:inv-00*", ["f1", "f2"]],
      ["invoice_number:INV-001", ["f1"]],
      ["invoice_number:inv-001", []],
      ["counterparty:*ACME*", ["f1", "f3"]],
      ["counterparty:Acme Corp", ["f1"]],
      ["counterparty:*50%_off*", ["f4"]],
      ["counterparty:*50%x*", []],
      ["counterparty:hotel 50%*", ["f4"]],
      ["currency:EUR", ["f1", "f3"]],
      ["currency:EUR|USD", ["f1", "f2", "f3"]],
      ["due_date:2023", ["f1", "f2"]],
      ["due_date:2023-06", ["f1"]],
      ["due_date:2023-06-15", ["f1"]],
      ["due_date:>2023", ["f3"]],
      ["due_date:>=2023-12-31", ["f2", "f3"]],
      ["due_date:<2023-12", ["f1"]],
      ["due_date:<=2023-12", ["f1", "f2"]],
      ["paid:true", ["f1"]],
      ["paid:false", ["f2"]],
      ["paid", ["f1", "f2"]],
      ["regulation:gdpr", ["f5"]],
      ["regulation:hipaa", []],
      ["regulation:gd*", ["f5"]],
      ["regulation:*o*", ["f5"]],
      ["regulation:hipaa|sox", ["f5"]],
      ["confidential:true", ["f5"]],
      ["confidential:false", ["f6"]],
      ["confidential", ["f5", "f6"]],
      ["governing_law", []],
      ["fiscal_year:2023", ["f1"]],
      ["nope", []],
      ["content_type(finance:invoice).amount:>=100", ["f1", "f2", "f3"]],
      ["content_type(finance:invoice:sales_invoice).amount:>=100", ["f3"]],
      ["content_type(finance:receipt).counterparty", ["f4"]],
      ["content_type(finance).counterparty", ["f1", "f2", "f3", "f4"]],
      ["content_type(finance:invoice).receipt_total", []],
      ["content_type(legal).confidential:true", ["f5"]],
    ];
    for (const [entry, expected] of cases) expect(await names(attr(entry)), entry).toEqual(expected);
    expect(await names(attr("currency:EUR", "amount:>500"))).toEqual(["f3"]);
    expect(await names(attr("currency:EUR", "paid"))).toEqual(["f1"]);
  });

  it("matches content types exact-or-subtree, by wildcard, ORed, and combined with attributes", async () => {
    const cases: [string, string[]][] = [
      [ct("finance:invoice"), ["f1", "f2", "f3"]],
      [ct("finance"), ["f1", "f2", "f3", "f4", "f5"]],
      [ct("finance:invoice:sales_invoice"), ["f3"]],
      [ct("finance:receipt,legal:contract"), ["f4", "f6"]],
      [ct("finance:receipt", "legal"), ["f4", "f5", "f6"]],
      [ct("*sales*"), ["f3"]],
      [ct("legal:c*"), ["f5", "f6"]],
      [ct("fin*|*nda*"), ["f1", "f2", "f3", "f4", "f5", "f6"]],
      [ct("legal:memo"), []],
      [ct("fin"), []],
      [`${ct("finance")}&${attr("currency:EUR")}`, ["f1", "f3"]],
      [`${ct("legal")}&${attr("confidential")}`, ["f5", "f6"]],
    ];
    for (const [query, expected] of cases) expect(await names(query), query).toEqual(expected);
    expect(await names("")).toEqual(["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"]);
  });

  it("rejects malformed filters with the entry in fields", async () => {
    const bad = expectError(await api.get(`/api/v3/files?${attr("amount:>abc")}`, { key: acme.admin.key }), 422, "validation_error");
    expect(bad.fields?.attribute?.[0].detail).toContain("amount:>abc");
    expect(
      expectError(await api.get(`/api/v3/files?${ct("a**")}`, { key: acme.admin.key }), 422, "validation_error").fields?.content_type,
    ).toBeDefined();
  });
});
