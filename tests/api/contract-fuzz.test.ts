// Walks every endpoint contract of lib/contracts with hostile values in each path parameter, query field and body
// member (NUL bytes, lone surrogates, prototype-named keys, ids past int4, wrong types, deep nesting, huge strings,
// ids like 0x6 and %206) and fails on any 5xx or any error without the v3 envelope (issue 16). Every contract is
// covered by construction: a new endpoint is fuzzed without touching this file. To keep it to about a thousand
// requests, each hostile value goes into every member of a body (and every field of a query) at once (zod reports
// every member); only NUL bytes and ids past int4, the values that reach the database, also go into each member alone.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { allEndpoints } from "@/lib/contracts";
import type { EndpointDef } from "@/lib/contracts/endpoint";
import { setEnvForTests } from "@/lib/env";
import { seedCompany } from "../factories";
import { type ApiResponse, call } from "../helpers/api";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

/** JSON text of hostile member values (text, so that depth and escapes are exactly as sent). */
const BODY_VALUES: Record<string, string> = {
  nul: '"a\\u0000b"',
  "lone surrogate": '"x\\ud800y"',
  "int4 + 1": "2147483648",
  fraction: "1.5",
  "wrong type": "true",
  "id list past int4": '[2147483648, 0, -1, "\\u0000"]',
  "prototype keys": '{"constructor":{"prototype":1},"toString":"x","hasOwnProperty":1,"valueOf":{}}',
  "deep arrays": `${"[".repeat(3000)}${"]".repeat(3000)}`,
  "huge string": `"${"x".repeat(100_000)}"`,
  hex: '"0x6"',
};

/** Whole bodies that are not what any contract expects. */
const WHOLE_BODIES: Record<string, string> = {
  array: "[]",
  proto: '{"__proto__":{"polluted":1}}',
  "prototype names": '{"constructor":1,"toString":1,"hasOwnProperty":1}',
  "deep body": `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
  "nul and surrogate keys": '{"\\u0000":1,"\\udc00":1}',
};

/** Query-string values (already URL-encoded). */
const QUERY_VALUES: Record<string, string> = {
  nul: "%00",
  hex: "0x6",
  "padded id": "%206",
  "int4 + 1": "2147483648",
  "huge string": "x".repeat(20_000),
  "bad utf-8": "%ED%A0%80",
};

/** Path-parameter values (already URL-encoded). */
const PATH_VALUES: Record<string, string> = {
  hex: "0x6",
  "padded id": "%206",
  nul: "%00",
  "int4 + 1": "2147483648",
  proto: "__proto__",
  "huge string": "x".repeat(5_000),
};

const UUID = "3f2b8c1e-9d4a-4c57-8e2f-0a1b2c3d4e5f";

function shapeKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A well-formed but (almost certainly) unknown value for each path parameter. */
function plainParams(def: EndpointDef): Record<string, string> {
  const out: Record<string, string> = {};
  const names = def.path.match(/\{([^}]+)\}/g)?.map((p) => p.slice(1, -1)) ?? [];
  for (const name of names) out[name] = "999999";
  // A parameter that refuses a number (a job id, an upload session) gets a UUID.
  const parsed = def.params?.safeParse(out);
  for (const issue of parsed?.success === false ? parsed.error.issues : []) out[String(issue.path[0])] = UUID;
  return out;
}

function pathWith(def: EndpointDef, params: Record<string, string>): string {
  return def.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? "1");
}

/** The JSON-carrying member names of a body (raw-body endpoints document them per media type). */
function bodyMembers(def: EndpointDef): string[] {
  const schemas = def.rawBody ? Object.values(def.bodyByKind ?? {}) : [def.body];
  return [...new Set(schemas.flatMap((s) => shapeKeys(s)))];
}

/** Whether a body member is a list (through optional/nullable/default wrappers and pipes). */
function takesList(def: EndpointDef, name: string): boolean {
  const schemas = def.rawBody ? Object.values(def.bodyByKind ?? {}) : [def.body];
  return schemas.some((schema) => {
    let node = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.[name] as unknown;
    for (let i = 0; i < 10 && node; i++) {
      const d = (node as { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } })._zod.def;
      if (d.type === "array") return true;
      node = d.innerType ?? d.in;
    }
    return false;
  });
}

function takesJson(def: EndpointDef): boolean {
  if (def.rawBody) return !!def.bodyByKind?.json;
  return !!def.body && (def.bodyKinds ?? ["json"]).includes("json");
}

interface Case {
  label: string;
  method: string;
  path: string;
  raw?: BodyInit;
  contentType?: string;
}

function casesFor(def: EndpointDef): Case[] {
  const cases: Case[] = [];
  const params = plainParams(def);
  const path = pathWith(def, params);
  for (const name of Object.keys(params)) {
    for (const [label, value] of Object.entries(PATH_VALUES)) {
      cases.push({ label: `path ${name}: ${label}`, method: def.method, path: pathWith(def, { ...params, [name]: value }) });
    }
  }
  const queryFields = shapeKeys(def.query);
  if (queryFields.length) {
    for (const [label, value] of Object.entries(QUERY_VALUES)) {
      const query = queryFields.map((name) => `${encodeURIComponent(name)}=${value}`).join("&");
      cases.push({ label: `every query field: ${label}`, method: def.method, path: `${path}?${query}` });
    }
  }
  cases.push({ label: "query: prototype names", method: def.method, path: `${path}?constructor=1&__proto__=1&toString=1` });
  if (takesJson(def)) {
    const members = bodyMembers(def);
    for (const [label, value] of Object.entries(BODY_VALUES)) {
      const raw = `{${members.map((name) => `${JSON.stringify(name)}:${value}`).join(",")}}`;
      cases.push({ label: `every body member: ${label}`, method: def.method, path, raw, contentType: "application/json" });
    }
    // A member alone: with the others absent, nothing else can refuse the body first.
    for (const name of members) {
      for (const label of ["nul", "int4 + 1"]) {
        const value = takesList(def, name) ? `[${BODY_VALUES[label]}]` : BODY_VALUES[label];
        const raw = `{${JSON.stringify(name)}:${value}}`;
        cases.push({ label: `body ${name} alone: ${label}`, method: def.method, path, raw, contentType: "application/json" });
      }
    }
    for (const [label, raw] of Object.entries(WHOLE_BODIES))
      cases.push({ label: `body: ${label}`, method: def.method, path, raw, contentType: "application/json" });
  }
  const kinds = def.rawBody ? Object.keys(def.bodyByKind ?? {}) : def.body ? (def.bodyKinds ?? ["json"]) : [];
  if (kinds.includes("multipart")) {
    const values = { nul: "a\u0000b", "lone surrogate": "x\ud800", hex: "0x6", "int4 + 1": "2147483648", deep: "[".repeat(3000) };
    for (const [label, value] of Object.entries(values)) {
      const form = new FormData();
      form.set("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
      for (const name of bodyMembers(def).filter((n) => n !== "file")) form.set(name, value);
      cases.push({ label: `multipart, every field: ${label}`, method: def.method, path, raw: form });
    }
  }
  if (kinds.includes("form")) {
    for (const value of ["%00", "2147483648", "0x6"]) {
      const raw = bodyMembers(def)
        .map((name) => `${encodeURIComponent(name)}=${value}`)
        .join("&");
      cases.push({ label: `form, every field: ${value}`, method: def.method, path, raw, contentType: "application/x-www-form-urlencoded" });
    }
    cases.push({
      label: "form: prototype names",
      method: def.method,
      path,
      raw: "constructor=1&__proto__=1&toString=1",
      contentType: "application/x-www-form-urlencoded",
    });
  }
  return cases;
}

/** Why a response breaks the contract of errors, or null. */
function violation(res: ApiResponse): string | null {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status < 400) return null;
  const b = res.body as Record<string, unknown> | undefined;
  if (!b || typeof b !== "object") return `error without a JSON body (${res.status})`;
  for (const k of ["id", "code", "error", "detail", "doc_url"]) if (!(k in b)) return `envelope lacks "${k}"`;
  if (b.code !== res.status) return `envelope code ${b.code} != status ${res.status}`;
  if (res.status === 422 && (typeof b.fields !== "object" || b.fields === null)) return "422 without fields";
  return null;
}

describe("every contract under hostile input", () => {
  let key: string;
  beforeAll(async () => {
    // Thousands of requests from one key: the rate limit is not what is under test.
    setEnvForTests({ RATE_LIMIT_ENABLED: "false" });
    key = (await seedCompany()).admin.key;
    return () => setEnvForTests({});
  });

  const endpoints = allEndpoints();

  it("walks every endpoint", () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const total = endpoints.reduce((n, def) => n + casesFor(def).length, 0);
    expect(total).toBeGreaterThan(800);
  });

  // One test per endpoint, so that a failure names it and lists every offending case.
  for (const def of endpoints) {
    it(`${def.method} ${def.path}`, async () => {
      const failures: string[] = [];
      for (const c of casesFor(def)) {
        const headers: Record<string, string> = c.contentType ? { "content-type": c.contentType } : {};
        const res = await call(c.method, c.path, { key, raw: c.raw, headers });
        const problem = violation(res);
        if (problem) failures.push(`${c.label}: ${problem} ${res.text.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
