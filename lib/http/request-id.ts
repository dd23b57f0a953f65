// Request ids, apart from the route wrapper so that proxy.ts can stamp one without loading the wrapper's graph.
import { randomUUID } from "node:crypto";

/** Correlates a response with its log lines; sent as `X-Request-Id` on every /api/v3/ response. */
export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
}
