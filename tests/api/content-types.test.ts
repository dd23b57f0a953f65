import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ATTRIBUTE_TYPES, hasChoices, RESERVED_ATTRIBUTE_NAMES } from "@/lib/facets/attribute-types";
import { TEMPLATES, type TemplateNode } from "@/lib/facets/templates";
import { seedCompany, seedScopedKey, seedUser } from "../factories";
import { api, expectError } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

type Node = {
  path: string;
  children: Node[];
  attributes?: { name: string; inherited?: boolean; content_type_path?: string }[];
  [k: string]: unknown;
};

const act = (key: string, body: unknown) => api.post("/api/v3/content-types", { key, body });
const find = (nodes: Node[], path: string): Node | undefined => {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = find(n.children, path);
    if (hit) return hit;
  }
  return undefined;
};
const maxDepth = (n: Node): number => 1 + Math.max(0, ...n.children.map(maxDepth));

describe("starter templates", () => {
  it("are realistic trees of 2–3 levels with valid, tree-unique typed attributes", () => {
    expect(TEMPLATES.map((t) => t.code)).toEqual(["finance", "healthcare", "legal", "manufacturing", "tech"]);
    const walk = (n: TemplateNode, depth: number, names: Set<string>): number => {
      expect(n.code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      for (const a of n.attributes ?? []) {
        expect(names.has(a.name), `${a.name} repeated`).toBe(false);
        names.add(a.name);
        expect(a.name).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
        expect(RESERVED_ATTRIBUTE_NAMES.has(a.name)).toBe(false);
        expect(ATTRIBUTE_TYPES).toContain(a.attribute_type);
        expect(!!a.choices?.length).toBe(hasChoices(a.attribute_type));
      }
      return Math.max(depth, ...(n.children ?? []).map((c) => walk(c, depth + 1, names)));
    };
    for (const t of TEMPLATES) {
      const names = new Set<string>();
      expect(walk(t, 1, names)).toBeGreaterThanOrEqual(2);
      expect(walk(t, 1, new Set())).toBeLessThanOrEqual(3);
      expect(names.size).toBeGreaterThanOrEqual(10);
    }
    const invoice = TEMPLATES[0].children!.find((c) => c.code === "invoice")!;
    expect(invoice.attributes!.map((a) => [a.name, a.attribute_type])).toEqual(
      expect.arrayContaining([
        ["invoice_number", "text"],
        ["amount", "number"],
        ["currency", "select"],
        ["due_date", "date"],
      ]),
    );
  });

  it("serves the catalog at both paths with path, depth and include_attributes", async () => {
    const acme = await seedCompany();
    const key = (await seedUser(acme.companyId)).key;
    const full = await api.get("/api/v3/content-types/templates", { key });
    expect(full.status).toBe(200);
    expect(full.body).toEqual((await api.get("/api/v3/content-types/seed/templates", { key })).body);
    expect(full.body.templates.map((t: Node) => t.path)).toEqual(["finance", "healthcare", "legal", "manufacturing", "tech"]);
    expect(full.body.templates.map(maxDepth)).toEqual([3, 3, 3, 3, 3]);
    const finance = full.body.templates[0];
    expect(finance).toMatchObject({ code: "finance", label: "Finance", depth: 1, inherit_attributes: true, children_count: 4 });
    expect(find([finance], "finance:invoice:credit_note")).toMatchObject({ depth: 3, children: [], children_count: 0 });
    expect(find([finance], "finance:invoice")!.attributes!.find((a) => a.name === "currency")).toMatchObject({
      attribute_type: "select",
      choices: expect.arrayContaining(["EUR", "USD"]),
      required: false,
    });

    for (const [depth, levels] of [
      [0, 1],
      [1, 2],
      [2, 3],
      [5, 3],
    ]) {
      const res = await api.get(`/api/v3/content-types/templates?depth=${depth}`, { key });
      expect(res.body.templates.map(maxDepth), `depth=${depth}`).toEqual(Array(5).fill(levels));
    }
    const roots = await api.get("/api/v3/content-types/seed/templates?depth=0", { key });
    expect(roots.body.templates[0]).toMatchObject({ path: "finance", children: [], children_count: 4 });

    const some = await api.get("/api/v3/content-types/templates?path=legal:contract,tech&depth=1&include_attributes=false", { key });
    expect(some.body.templates.map((t: Node) => t.path)).toEqual(["legal:contract", "tech"]);
    expect(some.body.templates[0]).toMatchObject({ depth: 2, children_count: 3 });
    expect(some.body.templates[0].children.map((c: Node) => c.path)).toEqual([
      "legal:contract:nda",
      "legal:contract:employment_agreement",
      "legal:contract:service_agreement",
    ]);
    expect(some.body.templates[0].attributes).toBeUndefined();
    expect(some.body.templates[1].children.every((c: Node) => c.children.length === 0)).toBe(true);

    expectError(await api.get("/api/v3/content-types/templates?path=finance:nope", { key }), 404, "content_type_not_found");
    expectError(await api.get("/api/v3/content-types/templates?depth=-1", { key }), 422, "validation_error");
    expectError(await api.get("/api/v3/content-types/templates"), 401, "unauthorized");
  });
});

describe("content-type schema actions", () => {
  it("adopts templates idempotently and lists trees with own and inherited attributes and document counts", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    const adopted = await act(key, { action: "adopt", paths: ["finance"] });
    expect(adopted.status, adopted.text).toBe(200);
    expect(adopted.body.action).toBe("adopt");
    expect(adopted.body.content_types.map((n: Node) => n.path)).toEqual(["finance"]);
    const again = await act(key, { action: "adopt", paths: ["finance"] });
    expect(again.body.content_types).toEqual(adopted.body.content_types);

    // A deep path brings its ancestors and its subtree only.
    await act(key, { action: "adopt", paths: ["legal:contract:nda"] });
    const list = await api.get("/api/v3/content-types", { key: (await seedUser(acme.companyId)).key });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const legal = find(list.body.results, "legal")!;
    expect(legal.children.map((c) => c.path)).toEqual(["legal:contract"]);
    expect(find(list.body.results, "legal:contract")!.children.map((c) => c.path)).toEqual(["legal:contract:nda"]);

    const purchase = find(list.body.results, "finance:invoice:purchase_invoice")!;
    expect(purchase).toMatchObject({
      depth: 3,
      parent_path: "finance:invoice",
      source_template: "finance",
      inherit_attributes: true,
      document_count: 0,
    });
    const byName = Object.fromEntries(purchase.attributes!.map((a) => [a.name, a]));
    expect(byName.purchase_order_number).toMatchObject({ inherited: false, content_type_path: "finance:invoice:purchase_invoice" });
    expect(byName.amount).toMatchObject({ inherited: true, content_type_path: "finance:invoice", attribute_type: "number", required: true });
    expect(byName.fiscal_year).toMatchObject({ inherited: true, content_type_path: "finance" });

    // Document counts: files at the node or below it.
    const file = await db().file.create({
      data: {
        companyId: acme.companyId,
        workspaceId: acme.defaultWorkspaceId,
        filename: "i.pdf",
        title: "i",
        extension: "pdf",
        size: 1,
        sha256: "x",
        storageKey: "k",
      },
    });
    expect(
      (
        await api.post(`/api/v3/files/${file.id}/facets`, {
          key,
          body: { action: "classify", content_type_path: "finance:invoice:purchase_invoice" },
        })
      ).status,
    ).toBe(200);
    const counted = (await api.get("/api/v3/content-types?include_attributes=false", { key })).body.results;
    expect(find(counted, "finance")!.document_count).toBe(1);
    expect(find(counted, "finance:invoice")!.document_count).toBe(1);
    expect(find(counted, "finance:receipt")!.document_count).toBe(0);
    expect(find(counted, "finance")!.attributes).toEqual([]);

    expectError(await act(key, { action: "adopt", paths: ["finance", "nope"] }), 404, "content_type_not_found");
  });

  it("defines, updates and undefines content types within the depth limit", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    const root = await act(key, { action: "define_content_type", code: "hr", label: "HR" });
    expect(root.status, root.text).toBe(200);
    expect(root.body.content_type).toMatchObject({
      path: "hr",
      code: "hr",
      label: "HR",
      depth: 1,
      parent_path: null,
      inherit_attributes: true,
      source_template: null,
      children: [],
    });
    await act(key, { action: "define_content_type", code: "payroll", label: "Payroll", parent_path: "hr" });
    await act(key, { action: "define_content_type", code: "payslip", label: "Payslip", parent_path: "hr:payroll" });
    const l4 = await act(key, {
      action: "define_content_type",
      code: "monthly",
      label: "Monthly",
      parent_path: "hr:payroll:payslip",
      description: "Monthly payslips",
    });
    expect(l4.body.content_type).toMatchObject({ path: "hr:payroll:payslip:monthly", depth: 4, description: "Monthly payslips" });
    const deep = expectError(
      await act(key, { action: "define_content_type", code: "extra", label: "X", parent_path: "hr:payroll:payslip:monthly" }),
      400,
      "content_type_depth_exceeded",
    );
    expect(deep.detail).toContain("4");
    expectError(await act(key, { action: "define_content_type", code: "x", label: "X", parent_path: "hr:nope" }), 404, "content_type_not_found");
    const badCode = expectError(await act(key, { action: "define_content_type", code: "Bad-Code", label: "X" }), 422, "validation_error");
    expect(badCode.fields?.code).toBeDefined();

    // Idempotent update: same path, new label; the inheritance flag is kept when omitted.
    await act(key, { action: "define_content_type", code: "payroll", label: "Payroll docs", parent_path: "hr", inherit_attributes: false });
    const upd = await act(key, { action: "define_content_type", code: "payroll", label: "Payroll", parent_path: "hr" });
    expect(upd.body.content_type).toMatchObject({ label: "Payroll", inherit_attributes: false });
    expect(upd.body.content_type.children.map((c: Node) => c.path)).toEqual(["hr:payroll:payslip"]);
    expect(await db().contentType.count({ where: { companyId: acme.companyId } })).toBe(4);

    const gone = await act(key, { action: "undefine_content_type", path: "hr:payroll" });
    expect(gone.body).toEqual({
      action: "undefine_content_type",
      path: "hr:payroll",
      deleted: true,
      deleted_paths: ["hr:payroll", "hr:payroll:payslip", "hr:payroll:payslip:monthly"],
    });
    expect((await act(key, { action: "undefine_content_type", path: "hr:payroll" })).body).toMatchObject({ deleted: false, deleted_paths: [] });
    expect((await api.get("/api/v3/content-types", { key })).body.results.map((n: Node) => [n.path, n.children.length])).toEqual([["hr", 0]]);

    const unknown = expectError(await act(key, { action: "rename", path: "hr" }), 422, "validation_error");
    expect(unknown.fields?.action).toBeDefined();
  });

  it("enforces the attribute rules: types and aliases, choices, reserved names, tree-wide names, immutable types", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    await act(key, { action: "define_content_type", code: "ops", label: "Ops" });
    await act(key, { action: "define_content_type", code: "ticket", label: "Ticket", parent_path: "ops" });
    await act(key, { action: "define_content_type", code: "other", label: "Other" });

    const def = (body: Record<string, unknown>) => act(key, { action: "define_attribute", content_type_path: "ops", ...body });
    const created = await def({ name: "priority", attribute_type: "select", choices: ["low", "high", "low"], required: true });
    expect(created.status, created.text).toBe(200);
    expect(created.body.attribute).toEqual({
      name: "priority",
      attribute_type: "select",
      label: "Priority",
      description: "",
      required: true,
      choices: ["low", "high"],
      content_type_path: "ops",
      inherited: false,
    });
    const alias = await act(key, {
      action: "define_attribute",
      content_type_path: "ops:ticket",
      name: "areas",
      attribute_type: "multi_select",
      choices: ["net", "db"],
    });
    expect(alias.body.attribute.attribute_type).toBe("multi-select");
    for (const [input, canonical] of [
      ["multiselect", "multi-select"],
      ["rich_text", "rich-text"],
      ["richtext", "rich-text"],
    ]) {
      const res = await act(key, {
        action: "define_attribute",
        content_type_path: "other",
        name: `f_${input}`,
        attribute_type: input,
        ...(canonical === "multi-select" ? { choices: ["a"] } : {}),
      });
      expect(res.body.attribute.attribute_type).toBe(canonical);
    }

    // Idempotent update of label, description and choices.
    const upd = await def({
      name: "priority",
      attribute_type: "select",
      label: "Urgency",
      description: "How urgent",
      choices: ["low", "high", "critical"],
    });
    expect(upd.body.attribute).toMatchObject({ label: "Urgency", description: "How urgent", choices: ["low", "high", "critical"], required: true });
    expect(await db().contentTypeAttribute.count({ where: { companyId: acme.companyId, name: "priority" } })).toBe(1);

    expectError(await def({ name: "priority", attribute_type: "text" }), 400, "attribute_type_immutable");
    expectError(await def({ name: "priority", attribute_type: "multi-select", choices: ["a"] }), 400, "attribute_type_immutable");
    // Unique across the whole tree (ancestor ↔ descendant), not across trees.
    expectError(
      await act(key, { action: "define_attribute", content_type_path: "ops:ticket", name: "priority", attribute_type: "select", choices: ["a"] }),
      400,
      "attribute_name_conflict",
    );
    expectError(await def({ name: "areas", attribute_type: "text" }), 400, "attribute_name_conflict");
    expect((await act(key, { action: "define_attribute", content_type_path: "other", name: "priority", attribute_type: "number" })).status).toBe(200);
    for (const name of ["id", "path", "type", "code", "label", "name", "created_at", "updated_at"]) {
      expectError(await def({ name, attribute_type: "text" }), 400, "attribute_name_reserved");
    }
    const noChoices = expectError(await def({ name: "level", attribute_type: "select" }), 422, "validation_error");
    expect(noChoices.fields?.choices?.[0].error).toBe("required");
    expect(
      expectError(await def({ name: "level", attribute_type: "multi-select", choices: [] }), 422, "validation_error").fields?.choices,
    ).toBeDefined();
    expect(
      expectError(await def({ name: "level", attribute_type: "number", choices: ["1"] }), 422, "validation_error").fields?.choices,
    ).toBeDefined();
    expect(expectError(await def({ name: "level", attribute_type: "colour" }), 422, "validation_error").fields?.attribute_type).toBeDefined();
    expect(expectError(await def({ name: "Level", attribute_type: "text" }), 422, "validation_error").fields?.name).toBeDefined();
    expectError(
      await act(key, { action: "define_attribute", content_type_path: "nope", name: "x", attribute_type: "text" }),
      404,
      "content_type_not_found",
    );

    // Inheritance: the child carries the parent's attributes until it stops inheriting.
    const carried = async () =>
      find((await api.get("/api/v3/content-types", { key })).body.results, "ops:ticket")!
        .attributes!.map((a) => a.name)
        .sort();
    expect(await carried()).toEqual(["areas", "priority"]);
    await act(key, { action: "define_content_type", code: "ticket", label: "Ticket", parent_path: "ops", inherit_attributes: false });
    expect(await carried()).toEqual(["areas"]);

    expect((await act(key, { action: "undefine_attribute", content_type_path: "ops", name: "priority" })).body).toEqual({
      action: "undefine_attribute",
      path: "ops",
      name: "priority",
      deleted: true,
    });
    expect((await act(key, { action: "undefine_attribute", content_type_path: "ops", name: "priority" })).body.deleted).toBe(false);
    expectError(await act(key, { action: "undefine_attribute", content_type_path: "nope", name: "priority" }), 404, "content_type_not_found");
    // The name is free again in that tree.
    expect((await act(key, { action: "define_attribute", content_type_path: "ops:ticket", name: "priority", attribute_type: "text" })).status).toBe(
      200,
    );
  });

  it("lets only admin-level callers change the schema", async () => {
    const acme = await seedCompany();
    const member = await seedUser(acme.companyId);
    const dpo = await seedUser(acme.companyId, { role: "company_dpo" });
    const scoped = await seedScopedKey(acme.admin, acme.defaultWorkspaceId, "owner");
    const manager = await seedUser(acme.companyId, { instanceRole: "account_manager" });
    const body = { action: "define_content_type", code: "misc", label: "Misc" };
    for (const key of [member.key, dpo.key, scoped]) {
      expectError(await act(key, body), 403, "insufficient_permissions");
      expectError(await api.post("/api/v3/content-types/batch", { key, body: { actions: [body] } }), 403, "insufficient_permissions");
    }
    expect((await act(manager.key, body)).status).toBe(200);
    expect((await api.get("/api/v3/content-types", { key: member.key })).body.count).toBe(1);
  });

  it("runs batches in order: earlier actions committed, the failing one answered with its index, later ones not run", async () => {
    const acme = await seedCompany();
    const key = acme.admin.key;
    const ok = await api.post("/api/v3/content-types/batch", {
      key,
      body: {
        actions: [
          { action: "define_content_type", code: "proj", label: "Projects" },
          { action: "define_attribute", content_type_path: "proj", name: "budget", attribute_type: "number" },
        ],
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.results.map((r: { action: string }) => r.action)).toEqual(["define_content_type", "define_attribute"]);

    const actions = [
      { action: "define_content_type", code: "plan", label: "Plan", parent_path: "proj" },
      { action: "define_attribute", content_type_path: "proj:plan", name: "budget", attribute_type: "number" },
      { action: "define_content_type", code: "later", label: "Later" },
    ];
    const failed = expectError(await api.post("/api/v3/content-types/batch", { key, body: { actions } }), 400, "attribute_name_conflict");
    expect(failed.index).toBe(1);
    const paths = (await db().contentType.findMany({ where: { companyId: acme.companyId } })).map((n) => n.path).sort();
    expect(paths).toEqual(["proj", "proj:plan"]);

    const invalid = expectError(
      await api.post("/api/v3/content-types/batch", {
        key,
        body: { actions: [actions[0], { action: "define_attribute", content_type_path: "proj" }] },
      }),
      422,
      "validation_error",
    );
    expect(invalid.index).toBe(1);
    expect(invalid.fields?.name).toBeDefined();
    expectError(
      await api.post("/api/v3/content-types/batch", { key, body: { actions: [{ action: "adopt", paths: ["nope"] }] } }),
      404,
      "content_type_not_found",
    );
    expectError(await api.post("/api/v3/content-types/batch", { key, body: { actions: [] } }), 422, "validation_error");

    // Fixed and re-sent whole: idempotent.
    const resent = await api.post("/api/v3/content-types/batch", {
      key,
      body: { actions: [actions[0], { ...actions[1], name: "plan_budget" }, actions[2]] },
    });
    expect(resent.status, resent.text).toBe(200);
    expect(await db().contentType.count({ where: { companyId: acme.companyId } })).toBe(3);
  });

  it("keeps each company's trees to itself", async () => {
    const a = await seedCompany();
    const b = await seedCompany();
    await act(a.admin.key, { action: "adopt", paths: ["tech"] });
    expect((await api.get("/api/v3/content-types", { key: b.admin.key })).body).toEqual({ count: 0, results: [] });
    expectError(
      await act(b.admin.key, { action: "define_attribute", content_type_path: "tech", name: "x", attribute_type: "text" }),
      404,
      "content_type_not_found",
    );
    expect((await act(b.admin.key, { action: "undefine_content_type", path: "tech" })).body.deleted).toBe(false);
    expect((await api.get("/api/v3/content-types", { key: a.admin.key })).body.count).toBe(1);
    // B may adopt the same template independently.
    expect((await act(b.admin.key, { action: "adopt", paths: ["tech"] })).status).toBe(200);
  });
});
