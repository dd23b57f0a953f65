import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/client runs in the browser: at run time it imports only itself, React and TanStack Query. Everything
// else it knows from the server (lib/contracts, lib/errors) arrives as types, which the compiler erases:
// no server module, and not even zod, reaches the console's bundles. Tests are exempt (they run in node).
const ROOT = path.resolve(__dirname);
const PACKAGES = new Set(["react", "@tanstack/react-query"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Specifiers of the imports and re-exports that survive compilation (not `import type`, not all-`type` lists). */
function runtimeImports(code: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(statement)) {
    const clause = m[2].trim();
    if (clause.startsWith("type ")) continue;
    const braces = clause.match(/^\{([\s\S]*)\}$/);
    if (braces?.[1].split(",").every((s) => !s.trim() || s.trim().startsWith("type "))) continue;
    found.push(m[3]);
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]);
  return found;
}

function allowed(file: string, specifier: string): boolean {
  if (PACKAGES.has(specifier)) return true;
  const target = specifier.startsWith("@/")
    ? path.resolve(ROOT, "../..", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(file), specifier)
      : null;
  return target !== null && (target === ROOT || target.startsWith(ROOT + path.sep));
}

describe("lib/client import boundary", () => {
  it("recognises type-only imports", () => {
    const code = [
      'import type { z } from "zod";',
      'import { type A, type B } from "@/lib/contracts/x";',
      'export type { T } from "@/lib/contracts/y";',
      'import { useQuery, type QueryClient } from "@tanstack/react-query";',
      'import { a,\n  type B } from "./local";',
      'import "side-effect";',
    ].join("\n");
    expect(runtimeImports(code)).toEqual(["@tanstack/react-query", "./local", "side-effect"]);
  });

  it("loads nothing outside lib/client at run time but React and TanStack Query", () => {
    const offenders = sources(ROOT).flatMap((file) =>
      runtimeImports(readFileSync(file, "utf8"))
        .filter((s) => !allowed(file, s))
        .map((s) => `${path.relative(ROOT, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
