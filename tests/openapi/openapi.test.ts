// The OpenAPI document against the route files: a route without a contract (or a contract without a
// route) fails here, as does a dangling $ref or an error code the docs page has no anchor for.
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import DocsPage from "@/app/docs/page";
import { allEndpoints } from "@/lib/contracts";
import { ERROR_CATALOGUE, errorDocAnchor } from "@/lib/errors";
import { HTTP_STATUS } from "@/lib/http/error-status";
import { generateOpenApi, NEVER_BLOCKED_CATEGORY, type OpenApiDocument } from "@/lib/openapi/generate";
import { SchemaCollector } from "@/lib/openapi/json-schema";
import { UNBLOCKABLE_CATEGORY } from "@/lib/system/maintenance-periods";
import { api, BASE } from "@/tests/helpers/api";

const API_DIR = path.join(process.cwd(), "app", "api", "v3");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

interface RouteFile {
  file: string;
  template: string;
  methods: string[];
}

function walk(dir: string, acc: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith("[...") && !entry.name.startsWith("[[...")) walk(full, acc);
    } else if (/^route\.(ts|tsx|js)$/.test(entry.name)) acc.push(full);
  }
  return acc;
}

/** `app/api/v3/(grp)/workspaces/[id]/route.ts` → `/api/v3/workspaces/{id}`. */
function templateOf(file: string): string {
  const rel = path.relative(path.join(process.cwd(), "app"), path.dirname(file));
  const segments = rel
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (/^\[[^.\]]+\]$/.test(s) ? `{${s.slice(1, -1)}}` : s));
  return `/${segments.join("/")}`;
}

function exportedMethods(raw: string): string[] {
  const source = raw.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  const declared = /export\s+(?:const|let|var|async\s+function|function)\s+([A-Z]+)\b/g;
  for (const m of source.matchAll(declared)) if (METHODS.includes(m[1])) found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.trim() ?? "";
      if (METHODS.includes(name)) found.add(name);
    }
  }
  return [...found].sort();
}

const routeFiles: RouteFile[] = walk(API_DIR).map((file) => ({
  file,
  template: templateOf(file),
  methods: exportedMethods(fs.readFileSync(file, "utf8")),
}));

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
  );
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!node || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function collectRefs(node: unknown, acc: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, acc));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") acc.push(v);
      else collectRefs(v, acc);
    }
  }
  return acc;
}

describe("OpenAPI document", () => {
  let doc: OpenApiDocument;
  beforeAll(() => {
    doc = generateOpenApi(BASE);
  });

  it("finds the route files it checks", () => {
    expect(routeFiles.length).toBeGreaterThan(5);
    expect(routeFiles.map((r) => r.template)).toContain("/api/v3/workspaces/{id}");
    for (const r of routeFiles) expect(r.methods.length, `${r.file} exports no HTTP method`).toBeGreaterThan(0);
  });

  it("reads templates and exported methods the way Next.js routes them", () => {
    const app = path.join(process.cwd(), "app");
    expect(templateOf(path.join(app, "api/v3/(admin)/workspaces/[id]/members/[user_id]/route.ts"))).toBe("/api/v3/workspaces/{id}/members/{user_id}");
    expect(templateOf(path.join(app, "api/v3/openapi.json/route.ts"))).toBe("/api/v3/openapi.json");
    const source = [
      "export const GET = withApi(a, h);",
      "export async function POST(req: Request) {}",
      "export function DELETE() {}",
      "const put = x; export { put as PUT };",
      "export const dynamic = 'force-dynamic';",
      "// export const PATCH = commented out",
      "/* export const HEAD = also commented out */",
    ].join("\n");
    expect(exportedMethods(source)).toEqual(["DELETE", "GET", "POST", "PUT"]);
  });

  it("documents every route file (a route without a contract fails)", () => {
    const missing: string[] = [];
    for (const r of routeFiles) {
      for (const method of r.methods) {
        if (!doc.paths[r.template]?.[method.toLowerCase()]) missing.push(`${method} ${r.template} (${path.relative(process.cwd(), r.file)})`);
      }
    }
    expect(missing, "routes missing from the OpenAPI document; add a contract to lib/contracts and allEndpoints()").toEqual([]);
  });

  it("documents no endpoint without a route file", () => {
    const byTemplate = new Map(routeFiles.map((r) => [r.template, r.methods]));
    const phantom = operations(doc)
      .filter(({ path: p, method }) => !byTemplate.get(p)?.includes(method))
      .map(({ path: p, method }) => `${method} ${p}`);
    expect(phantom).toEqual([]);
  });

  it("holds every contract of allEndpoints() exactly once", () => {
    const ops = operations(doc).map((o) => `${o.method} ${o.path}`);
    expect(new Set(ops).size).toBe(ops.length);
    expect([...ops].sort()).toEqual(
      allEndpoints()
        .map((d) => `${d.method} ${d.path}`)
        .sort(),
    );
  });

  it("is structurally valid: refs resolve, operation ids are unique, responses exist", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "DocIntel API", version: "3.15.0" });
    const unresolved = [...new Set(collectRefs(doc))].filter((ref) => resolvePointer(doc, ref) === undefined);
    expect(unresolved).toEqual([]);
    const ids = operations(doc).map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations(doc)) {
      const statuses = Object.keys(op.responses);
      expect(statuses.length, `${method} ${p}`).toBeGreaterThan(0);
      expect(
        statuses.some((s) => Number(s) >= 200 && Number(s) < 300),
        `${method} ${p} has no success response`,
      ).toBe(true);
      expect(op.responses["500"], `${method} ${p}`).toBeDefined();
      for (const res of Object.values(op.responses)) expect(typeof res.description).toBe("string");
      // Every {param} of the template is a required path parameter, and nothing else is.
      const templateParams = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const pathParams = (op.parameters ?? []).filter((x) => x.in === "path");
      expect(pathParams.map((x) => x.name).sort(), `${method} ${p}`).toEqual(templateParams);
      expect(pathParams.every((x) => x.required)).toBe(true);
    }
  });

  it("documents auth, maintenance and alpha per endpoint", () => {
    for (const def of allEndpoints()) {
      const op = doc.paths[def.path][def.method.toLowerCase()];
      const where = `${def.method} ${def.path}`;
      expect(op.tags).toEqual([def.tag]);
      if (def.auth === "required") {
        expect(op.security, where).toEqual([{ bearerAuth: [] }]);
        expect(op.responses["401"]?.["x-error-codes"], where).toContain("unauthorized");
      } else {
        expect(op.responses["401"], where).toBeUndefined();
        if (def.auth === "none") expect(op.security, where).toBeUndefined();
        else expect(op.security, where).toEqual([{ bearerAuth: [] }, {}]);
      }
      if (def.category && def.category !== UNBLOCKABLE_CATEGORY)
        expect(collectRefs(op.responses["503"])).toContain("#/components/schemas/MaintenanceError");
      else expect(op.responses["503"]?.["x-error-codes"] ?? []).not.toContain("service_maintenance");
      if (!def.noRateLimit) expect(op.responses["429"]?.headers?.["Retry-After"], where).toBeDefined();
      if (def.params || def.query || def.body) expect(op.responses["422"]?.["x-error-codes"], where).toContain("validation_error");
      for (const code of def.errors ?? []) {
        const res = op.responses[String(HTTP_STATUS[code])];
        expect(res?.["x-error-codes"], `${where} documents ${code}`).toContain(code);
      }
      if (def.alpha) {
        expect(op["x-alpha"]).toBe(true);
        expect(op.summary).toMatch(/\(alpha\)/);
      } else expect(op["x-alpha"]).toBeUndefined();
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.schemas.MaintenanceError).toBeDefined();
  });

  it("knows which maintenance category is never blocked", () => {
    expect(NEVER_BLOCKED_CATEGORY).toBe(UNBLOCKABLE_CATEGORY);
  });

  it("puts reused schemas into components and describes request bodies as input", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["Workspace", "WorkspaceMember", "ApiKey"]));
    const list = doc.paths["/api/v3/workspaces"].get;
    const page = list.parameters?.find((p) => p.name === "page");
    expect(page).toMatchObject({ in: "query", required: false, description: "1-based page number" });
    // A default makes a body field optional on input (api-keys scope_type defaults to "company").
    const body = doc.paths["/api/v3/api-keys"].post.requestBody?.content["application/json"].schema as Record<string, unknown>;
    expect(body.required).toEqual(["name"]);
  });

  it("is deterministic", () => {
    expect(JSON.stringify(generateOpenApi(BASE))).toBe(JSON.stringify(doc));
    expect(JSON.stringify(generateOpenApi())).toBe(JSON.stringify(generateOpenApi()));
  });

  it("lists the whole error catalogue with the docs anchors", () => {
    const codes = Object.keys(ERROR_CATALOGUE);
    expect(doc["x-error-codes"].map((e) => e.code)).toEqual(codes);
    for (const e of doc["x-error-codes"]) {
      const entry = ERROR_CATALOGUE[e.code as keyof typeof ERROR_CATALOGUE];
      expect(e).toEqual({
        code: e.code,
        status: HTTP_STATUS[e.code as keyof typeof HTTP_STATUS],
        area: entry.area,
        title: entry.title,
        anchor: errorDocAnchor(e.code),
      });
    }
    expect(new Set(codes.map(errorDocAnchor)).size).toBe(codes.length);
  });
});

describe("/docs page", () => {
  let html: string;
  beforeAll(() => {
    html = renderToStaticMarkup(createElement(DocsPage));
  });

  it("has one element per error code with the doc_url anchor as id", () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) {
      const occurrences = html.split(`id="${errorDocAnchor(code)}"`).length - 1;
      expect(occurrences, code).toBe(1);
    }
  });

  it("has unique ids and no external assets", () => {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
    for (const href of [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])) expect(ids, `dangling link #${href}`).toContain(href);
  });

  it("renders every operation", () => {
    for (const def of allEndpoints()) {
      expect(html).toContain(def.summary.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    }
    expect(html).toContain("doc_url");
    expect(html).toContain("service_maintenance");
  });
});

describe("GET /api/v3/openapi.json", () => {
  it("serves the document as JSON", async () => {
    const res = await api.get("/api/v3/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.servers[0].url).toBe(BASE);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(generateOpenApi(BASE))));
    const again = await api.get("/api/v3/openapi.json");
    expect(again.text).toBe(res.text);
  });
});

describe("SchemaCollector", () => {
  it("names input forms that differ from the output form <id>Input and keeps refs resolvable", () => {
    const Inner = z.object({ n: z.number().default(3) }).meta({ id: "OpenApiTestInner" });
    const Outer = z.object({ inner: Inner, label: z.string() }).meta({ id: "OpenApiTestOuter" });
    const c = new SchemaCollector();
    expect(c.convert(z.object({ o: Outer }), "output", "Res")).toMatchObject({
      properties: { o: { $ref: "#/components/schemas/OpenApiTestOuter" } },
    });
    expect(c.convert(z.object({ o: Outer }), "input", "Body")).toMatchObject({
      properties: { o: { $ref: "#/components/schemas/OpenApiTestOuterInput" } },
    });
    expect(c.schemas.OpenApiTestOuterInput).toMatchObject({ properties: { inner: { $ref: "#/components/schemas/OpenApiTestInnerInput" } } });
    expect(c.schemas.OpenApiTestInner.required).toEqual(["n"]);
    expect(c.schemas.OpenApiTestInnerInput.required).toBeUndefined();
  });

  it("turns recursive schemas into named components instead of a bare '#' ref", () => {
    const Node: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const c = new SchemaCollector();
    expect(c.convert(Node, "output", "TreeResponse200")).toEqual({ $ref: "#/components/schemas/TreeResponse200" });
    expect(JSON.stringify(c.schemas)).not.toContain('"$ref":"#"');
    const refs = collectRefs(c.schemas);
    expect(refs.every((r) => r.startsWith("#/components/schemas/") && r.slice(21) in c.schemas)).toBe(true);
  });
});
