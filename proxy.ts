// Runs before the route handlers of /api/v3 (Next.js "proxy", formerly middleware). Only one job: a method the
// path does not have gets the v3 405 envelope with `Allow`, where Next.js itself would answer an empty 405.
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export function proxy(req: Request): Response | undefined {
  return methodNotAllowed(req) ?? undefined;
}

export const config = { matcher: "/api/v3/:path*" };
