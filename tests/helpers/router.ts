// Dispatches a Request to the App Router route file that Next.js would pick, so integration tests go
// through the real route handlers, wrapper and database without building the app.
import fs from "node:fs";
import path from "node:path";
import { proxy, config as proxyConfig } from "@/proxy";

interface RouteFile {
  file: string;
  segments: string[];
}

const APP_DIR = path.join(process.cwd(), "app");

function collect(dir: string, acc: RouteFile[] = []): RouteFile[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collect(full, acc);
    else if (entry.name === "route.ts") {
      const rel = path.relative(APP_DIR, path.dirname(full));
      // Route groups "(name)" do not appear in URLs.
      acc.push({ file: full, segments: rel.split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s)) });
    }
  }
  return acc;
}

let routes: RouteFile[] | undefined;

/** Static segments beat dynamic ones, dynamic beat catch-all (Next.js precedence). */
function rank(r: RouteFile): number[] {
  return r.segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
}

function compareRoutes(a: RouteFile, b: RouteFile): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const x = ra[i] ?? -1;
    const y = rb[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}

export function allRouteFiles(): RouteFile[] {
  routes ??= collect(APP_DIR).sort(compareRoutes);
  return routes;
}

export function matchRoute(pathname: string): { route: RouteFile; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of allRouteFiles()) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let i = 0;
    for (const seg of route.segments) {
      if (seg.startsWith("[...")) {
        if (i >= parts.length) ok = false;
        else params[seg.slice(4, -1)] = parts.slice(i);
        i = parts.length;
        break;
      }
      if (i >= parts.length) {
        ok = false;
        break;
      }
      if (seg.startsWith("[")) params[seg.slice(1, -1)] = parts[i];
      else if (seg !== parts[i]) {
        ok = false;
        break;
      }
      i++;
    }
    if (ok && i === parts.length) return { route, params };
  }
  return null;
}

/** `"/api/v3/:path*"` of proxy.ts's matcher (its other entries are console pages, which have no routes here). */
const PROXIED = /^\/api\/v3(\/|$)/;
if (proxyConfig.matcher[0] !== "/api/v3/:path*") throw new Error("tests/helpers/router.ts: update PROXIED to proxy.ts's matcher");

export async function dispatch(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  // Next.js runs proxy.ts before the route handlers.
  if (PROXIED.test(pathname)) {
    const early = proxy(req);
    if (early) return early;
  }
  const match = matchRoute(pathname);
  if (!match) return new Response("no route", { status: 404 });
  const mod = (await import(match.route.file)) as Record<string, unknown>;
  const handler = mod[req.method] as ((r: Request, c: unknown) => Promise<Response>) | undefined;
  if (!handler) return new Response(null, { status: 405 });
  return handler(req, { params: Promise.resolve(match.params) });
}
