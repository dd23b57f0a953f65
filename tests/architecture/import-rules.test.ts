// Import rules (ARCHITECTURE.md, rule 10: layers point one way). dependency-cruiser reads every import of app/,
// components/, lib/, inngest/ and instrumentation.ts (type-only imports included, marked as such); the rules below
// are the target shape, and a failure lists each offending import as `rule: from → to`.
//
//   app/api routes → use cases (lib/<domain>) → engines and providers (lib/documents, lib/ai) → lib/db, lib/storage
//   lib/http (status codes, envelopes, pagination links, SSE) is known only to app/, lib/openapi and itself.
//   lib/contracts, and the few pure modules it uses, are shared with the browser: no server code, no node: modules.
//   Browser code (lib/client, components, "use client" files) never reaches server code at run time.
//   Use cases enqueue jobs by their definitions (inngest/definitions); only the serve route and the local worker
//   load the handlers (inngest/functions).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IModule, type IRegularForbiddenRuleType } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** Cross-cutting modules every layer may use: configuration, the error catalogue, logging, time, zod → AppError, text distances. */
const FOUNDATION = String.raw`lib/(env|errors|log|clock|validation|text-distance)\.ts$`;
/** Pure modules that lib/contracts (and so the browser) may use besides zod: data and maths, no I/O. */
const SHARED_PURE = String.raw`lib/(errors\.ts|usage/features\.ts|facets/filter-grammar\.ts|facets/attribute-types\.ts|billing/money\.ts)$`;
const PROJECT = "^(app|components|lib|inngest|tests)/";

type ResolveOptions = NonNullable<Parameters<typeof cruise>[2]>;
type Rule = IRegularForbiddenRuleType & { name: string; comment: string };

const rules: Rule[] = [
  {
    name: "no-cycles",
    comment: "No import cycles (type-only imports count too): split the shared part into its own module.",
    severity: "error",
    from: { path: "^(app|components|lib|inngest)/" },
    to: { circular: true },
  },
  {
    name: "http-stays-at-the-edge",
    comment: "Only routes (app/), lib/openapi and lib/http itself know HTTP; use cases and engines never import lib/http.",
    severity: "error",
    from: { pathNot: "^(app|lib/http|lib/openapi)/" },
    to: { path: "^lib/http/" },
  },
  {
    name: "contracts-are-pure",
    comment: "lib/contracts is shared with the browser: besides zod it imports only itself and a few pure modules.",
    severity: "error",
    from: { path: "^lib/contracts/" },
    to: { path: PROJECT, pathNot: `^(lib/contracts/|${SHARED_PURE})` },
  },
  {
    name: "shared-modules-are-pure",
    comment: "The pure modules lib/contracts uses import no other project module at run time.",
    severity: "error",
    from: { path: `^${SHARED_PURE}` },
    to: { path: PROJECT, pathNot: `^(${SHARED_PURE})`, dependencyTypesNot: ["type-only"] },
  },
  {
    name: "contracts-without-node",
    comment: "lib/contracts and its pure modules run in the browser: no node: built-ins.",
    severity: "error",
    from: { path: `^(lib/contracts/|${SHARED_PURE})` },
    to: { dependencyTypes: ["core"] },
  },
  {
    name: "engines-below-use-cases",
    comment: "lib/documents and lib/ai are engines: they know lib/db, lib/storage and the foundation, never a use case or a job.",
    severity: "error",
    from: { path: "^lib/(documents|ai)/" },
    to: { path: "^(app|components|lib|inngest)/", pathNot: `^(lib/(documents|ai|db|storage)/|${FOUNDATION})` },
  },
  {
    name: "db-and-storage-at-the-bottom",
    comment: "lib/db and lib/storage import only each other and the foundation.",
    severity: "error",
    from: { path: "^lib/(db|storage)/" },
    to: { path: "^(app|components|lib|inngest)/", pathNot: `^(lib/(db|storage)/|${FOUNDATION})` },
  },
  {
    name: "routes-call-use-cases",
    comment: "Routes and pages call use cases: no Prisma, no storage in app/.",
    severity: "error",
    from: { path: "^app/" },
    to: { path: "^lib/(db|storage)/" },
  },
  {
    name: "enqueue-by-definition",
    comment: "Use cases enqueue jobs through inngest/definitions; only the serve route and the worker (lib/server) load handlers.",
    severity: "error",
    from: { path: "^(app|components|lib)/", pathNot: String.raw`^(lib/server/|app/api/inngest/route\.ts$)` },
    to: { path: String.raw`^inngest/(functions/|worker\.ts$|local-runner\.ts$)` },
  },
  {
    name: "job-definitions-stand-alone",
    comment: "Job definitions (id, payload) and the job plumbing import no handler and no use case.",
    severity: "error",
    from: { path: String.raw`^inngest/(definitions/|define-job\.ts$|client\.ts$|jobs\.ts$)` },
    to: {
      path: "^(app|components|lib|inngest)/",
      pathNot: String.raw`^(inngest/(definitions/|define-job\.ts$|client\.ts$|jobs\.ts$)|lib/(db|contracts)/|${FOUNDATION})`,
    },
  },
  {
    name: "server-ignores-the-ui",
    comment: "lib/ and inngest/ never import app/ or components/.",
    severity: "error",
    from: { path: "^(lib|inngest)/" },
    to: { path: "^(app|components)/" },
  },
  {
    name: "production-ignores-tests",
    comment: "Production code never imports tests/ or a test file.",
    severity: "error",
    from: { path: "^(app|components|lib|inngest)/|^instrumentation\\.ts$" },
    to: { path: String.raw`^tests/|\.test\.tsx?$` },
  },
];

/** What the browser must never load: server modules, anything marked `import "server-only"`, node: built-ins. */
const SERVER_CODE = /^(lib\/(db|storage|server)\/|lib\/(env|log)\.ts$|lib\/auth\/(?!login-error\.ts$)|inngest\/|node_modules\/server-only\/)/;
const USE_CLIENT = /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*["']use client["']/;
const CLIENT_REACHES_SERVER = "client-reaches-server";

/** The import graph of `entries` under `root` (module names relative to root). */
async function importGraph(root: string, entries: string[], withTsConfig: boolean): Promise<ICruiseResult> {
  const cwd = process.cwd();
  process.chdir(root); // dependency-cruiser names modules relative to the working directory
  try {
    const reported = await cruise(
      entries,
      {
        validate: true,
        ruleSet: { forbidden: rules },
        tsPreCompilationDeps: true, // keep `import type` edges, marked "type-only"
        ...(withTsConfig ? { tsConfig: { fileName: "tsconfig.json" } } : {}),
        // Tests and test support sit beside their sources; they may import anything.
        exclude: { path: [String.raw`\.(test|spec)\.tsx?$`, String.raw`\.fixture\.ts$`, "/testing/", String.raw`/test-[\w-]+\.ts$`] },
        doNotFollow: { path: ["node_modules", "^lib/db/generated/"] },
        enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
      },
      // The resolver reads tsconfig's `paths` (`@/…`) from this option, which the published types do not declare.
      withTsConfig ? ({ tsConfig: "tsconfig.json" } as ResolveOptions) : {},
      withTsConfig ? { tsConfig: extractTSConfig("tsconfig.json") } : {},
    );
    return reported.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}

/** Readable violations of one rule: `from → to`, or the whole loop for a cycle. */
function violations(result: ICruiseResult, ruleName: string): string[] {
  return result.summary.violations
    .filter((v) => v.rule.name === ruleName)
    .map((v) => (v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(" → ") : `${v.from} → ${v.to}`))
    .sort();
}

/** Chains of run-time imports (type-only imports are erased) from browser code to server code or node: built-ins. */
function clientReachesServer(result: ICruiseResult, root: string): string[] {
  const byName = new Map<string, IModule>(result.modules.map((m) => [m.source, m]));
  const isClient = (m: IModule) =>
    /^(lib\/client|components)\//.test(m.source) ||
    (/^(app|lib)\/.*\.tsx?$/.test(m.source) && USE_CLIENT.test(fs.readFileSync(path.join(root, m.source), "utf8")));
  const offenders = new Set<string>();
  for (const start of result.modules.filter(isClient)) {
    const via = new Map<string, string | null>([[start.source, null]]); // breadth-first: the shortest chain
    const queue = [start.source];
    while (queue.length) {
      const current = queue.shift()!;
      for (const dep of byName.get(current)?.dependencies ?? []) {
        if (dep.dependencyTypes.includes("type-only") || via.has(dep.resolved)) continue;
        via.set(dep.resolved, current);
        if (SERVER_CODE.test(dep.resolved) || dep.dependencyTypes.includes("core")) {
          const chain = [dep.resolved];
          for (let at = via.get(dep.resolved); at; at = via.get(at)) chain.unshift(at);
          offenders.add(chain.join(" → "));
        } else queue.push(dep.resolved);
      }
    }
  }
  return [...offenders].sort();
}

/** One deliberate offence per rule, so that a rule whose paths no longer match anything fails here. */
const OFFENCES: Record<string, string> = {
  "app/api/things/route.ts": `import "../../../lib/db/client";`, // routes-call-use-cases
  "app/panel.tsx": `"use client";\nimport "../lib/files/use-case";`, // client-reaches-server (via a use case)
  "components/widget.tsx": `import "../lib/auth/session";`, // client-reaches-server, and a cycle with session.ts
  "lib/auth/session.ts": `import "../../components/widget";`, // server-ignores-the-ui
  "lib/files/use-case.ts": `import "../http/respond";\nimport "../../inngest/functions/handler";\nimport "../db/client";`,
  "lib/http/respond.ts": "",
  "lib/contracts/thing.ts": `import "../files/use-case";\nimport "node:fs";`, // contracts-are-pure, contracts-without-node
  "lib/errors.ts": `import "./search/search";`, // shared-modules-are-pure
  "lib/documents/engine.ts": `import "../search/search";`, // engines-below-use-cases
  "lib/search/search.ts": "",
  "lib/db/client.ts": "",
  "lib/storage/storage.ts": `import "../billing/budget";`, // db-and-storage-at-the-bottom
  "lib/billing/budget.ts": `import "../../tests/helpers/seed";`, // production-ignores-tests
  "tests/helpers/seed.ts": "",
  "inngest/definitions/job.ts": `import "../../lib/search/search";`, // job-definitions-stand-alone
  "inngest/functions/handler.ts": "",
};

describe("import rules (ARCHITECTURE.md rule 10)", () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    result = await importGraph(ROOT, ["app", "components", "lib", "inngest", "instrumentation.ts"], true);
  }, 180_000);

  it("resolves every project import", () => {
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies.filter((d) => d.couldNotResolve && /^(@\/|\.)/.test(d.module)).map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved, "imports dependency-cruiser could not resolve (a stale path?)").toEqual([]);
    expect(result.modules.length).toBeGreaterThan(300);
  });

  for (const rule of rules) {
    it(`${rule.name}: ${rule.comment}`, () => {
      expect(violations(result, rule.name), `${rule.name}: ${rule.comment}`).toEqual([]);
    });
  }

  it(`${CLIENT_REACHES_SERVER}: browser code (lib/client, components, "use client" files) never loads server code`, () => {
    expect(
      clientReachesServer(result, ROOT),
      `${CLIENT_REACHES_SERVER}: the browser may load only lib/client, lib/contracts and pure modules`,
    ).toEqual([]);
  });
});

describe("import rules catch their offences", () => {
  let dir: string;
  let result: ICruiseResult;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
    for (const [file, code] of Object.entries(OFFENCES)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), `${code}\nexport const x = 1;\n`);
    }
    result = await importGraph(dir, ["app", "components", "lib", "inngest"], false);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(rules.map((r) => r.name))("%s", (name) => {
    expect(violations(result, name).length, name).toBeGreaterThan(0);
  });

  it(CLIENT_REACHES_SERVER, () => {
    expect(clientReachesServer(result, dir)).toEqual([
      "app/panel.tsx → lib/files/use-case.ts → inngest/functions/handler.ts",
      "app/panel.tsx → lib/files/use-case.ts → lib/db/client.ts",
      "components/widget.tsx → lib/auth/session.ts",
    ]);
    expect(violations(result, "no-cycles")).toContain("components/widget.tsx → lib/auth/session.ts → components/widget.tsx");
  });
});
