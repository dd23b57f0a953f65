// 405 with the v3 envelope and `Allow`. Next.js answers a method a route file does not export with an empty
// 405 before any of our code runs, so the check sits in front of the routes (proxy.ts) and knows each path's
// methods from the contracts, which tests/openapi keeps identical to the route files.
import { allEndpoints } from "@/lib/contracts";
import { AppError } from "@/lib/errors";
import { newRequestId } from "./request-id";
import { errorResponse } from "./respond";

interface PathMethods {
  /** Per segment: the literal, or null for a `{param}`. */
  segments: (string | null)[];
  methods: Set<string>;
}

let table: PathMethods[] | undefined;

function pathTable(): PathMethods[] {
  if (table) return table;
  const byShape = new Map<string, PathMethods>();
  for (const def of allEndpoints()) {
    const segments = def.path
      .split("/")
      .filter(Boolean)
      .map((s) => (/^\{.+\}$/.test(s) ? null : s));
    const shape = segments.map((s) => s ?? "{}").join("/");
    const entry = byShape.get(shape) ?? { segments, methods: new Set<string>() };
    entry.methods.add(def.method);
    byShape.set(shape, entry);
  }
  table = [...byShape.values()];
  return table;
}

/** Next.js precedence: at the first segment where they differ, a literal beats a parameter. */
function moreSpecific(a: PathMethods, b: PathMethods): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const x = a.segments[i] === null;
    const y = b.segments[i] === null;
    if (x !== y) return y;
  }
  return false;
}

/**
 * The methods of the route that serves `pathname` (GET implies HEAD; OPTIONS is answered by Next.js), or null
 * when no endpoint has that path (the catch-all route answers 404).
 */
export function allowedMethods(pathname: string): string[] | null {
  let parts: string[];
  try {
    parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  let best: PathMethods | null = null;
  for (const entry of pathTable()) {
    if (entry.segments.length !== parts.length) continue;
    if (!entry.segments.every((s, i) => s === null || s === parts[i])) continue;
    if (!best || moreSpecific(entry, best)) best = entry;
  }
  if (!best) return null;
  const methods = [...best.methods];
  if (best.methods.has("GET")) methods.push("HEAD");
  methods.push("OPTIONS");
  return methods;
}

/** The 405 for a method the path does not have; null when the route handles it (or no route has the path). */
export function methodNotAllowed(req: Request): Response | null {
  if (req.method === "HEAD" || req.method === "OPTIONS") return null;
  const { pathname } = new URL(req.url);
  const allowed = allowedMethods(pathname);
  if (!allowed || allowed.includes(req.method)) return null;
  const err = new AppError("method_not_allowed", `${req.method} is not allowed on ${pathname}; allowed: ${allowed.join(", ")}.`);
  return errorResponse(req, err, { "X-Request-Id": newRequestId(), Allow: allowed.join(", ") });
}
