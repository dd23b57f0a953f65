// Runs before the route handlers of /api/v3 and before console pages (Next.js "proxy", formerly middleware).
// On /api/v3: a method the path does not have gets the v3 405 envelope with `Allow`, where Next.js itself
// would answer an empty 405. On pages: the path asked for travels to the console layout in a request header
// (set here, so a client cannot choose it), which sends a signed-out visitor to /login?callbackUrl=<path>.
import { NextResponse } from "next/server";
import { CONSOLE_PATH_HEADER } from "@/lib/client/auth";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export function proxy(req: Request): Response | undefined {
  const url = new URL(req.url);
  if (url.pathname.startsWith("/api/")) return methodNotAllowed(req) ?? undefined;
  const headers = new Headers(req.headers);
  headers.set(CONSOLE_PATH_HEADER, `${url.pathname}${url.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/api/v3/:path*", "/((?!api/|_next/|login|verify-email|accept-invitation|forgot-password|reset-password|docs|icon|favicon).*)"],
};
