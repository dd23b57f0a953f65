// The one route wrapper. Order: request id → credentials (refused ones counted per address) → maintenance → 401 → e-mail verification →
// rate limit → params/query/body validation → spending limits (metered endpoints) → use case → serialisation. Errors become the v3 envelope.
import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { resolvePrincipal } from "@/lib/auth/resolve-principal";
import { enforceSpendingLimits } from "@/lib/billing/enforce";
import type { EndpointDef } from "@/lib/contracts/endpoint";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { blockingPeriod, maintenanceBody } from "@/lib/system/maintenance-periods";
import { parseWith } from "@/lib/validation";
import { parseBody, queryToObject } from "./body";
import { checkRateLimit } from "./rate-limit";
import { newRequestId } from "./request-id";
import { type ApiResult, errorResponse, jsonResponse } from "./respond";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiContext<P, Q, B, Auth> {
  req: Request;
  url: URL;
  requestId: string;
  principal: Auth;
  params: P;
  query: Q;
  body: B;
}

type PrincipalFor<D> = D extends { auth: "required" } ? Principal : Principal | null;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0].trim() || req.headers.get("x-real-ip") || "local";
}

/** Any method on an unknown /api/v3/ path: the v3 404 envelope (with a request id) instead of an HTML page. */
export function unknownEndpoint(req: Request): Response {
  const { pathname } = new URL(req.url);
  return errorResponse(req, new AppError("not_found", `No API endpoint at ${req.method} ${pathname}.`), {
    "X-Request-Id": newRequestId(),
  });
}

/**
 * Credentials were presented and refused: counted per client address, whatever the endpoint, so guessing keys
 * (or hammering with a revoked one) meets a 429 like any other flood. Valid credentials are never counted here.
 */
async function limitFailedAuthentication(req: Request): Promise<void> {
  const rl = await checkRateLimit(`authfail:ip:${clientIp(req)}`, new Date(), env().AUTH_FAILURE_RATE_LIMIT_MAX);
  if (rl && !rl.allowed) {
    throw new AppError("too_many_requests", `Too many requests with invalid credentials from this address; retry in ${rl.retryAfterSeconds} s.`, {
      retryAfterSeconds: rl.retryAfterSeconds,
    });
  }
}

export function withApi<D extends EndpointDef>(
  def: D,
  handler: (ctx: ApiContext<Out<D["params"]>, Out<D["query"]>, Out<D["body"]>, PrincipalFor<D>>) => Promise<ApiResult | Response>,
) {
  return async function route(req: Request, routeCtx?: RouteContext): Promise<Response> {
    const requestId = newRequestId();
    const base = { "X-Request-Id": requestId };
    let rateHeaders: Record<string, string> = {};
    try {
      const resolved = def.auth === "none" ? undefined : await resolvePrincipal(req);
      const principal = resolved ?? null;
      if (resolved === null) await limitFailedAuthentication(req);

      if (def.category) {
        const period = await blockingPeriod(def.category, principal?.companyId ?? null);
        if (period) return jsonResponse(503, maintenanceBody(period), { ...base, "Retry-After": "60" });
      }
      if (def.auth === "required" && !principal) {
        throw new AppError(
          "unauthorized",
          resolved === null ? "Invalid, revoked or expired credentials." : "Authentication credentials were not provided.",
        );
      }
      if (principal && !def.allowUnverified && !principal.user.emailVerified) {
        throw new AppError("email_verification_required", "Verify your e-mail address to use this operation.");
      }
      if (!def.noRateLimit) {
        const key = principal ? (principal.apiKey ? `key:${principal.apiKey.id}` : `user:${principal.user.id}`) : `ip:${clientIp(req)}`;
        const rl = await checkRateLimit(key);
        if (rl) {
          rateHeaders = rl.headers;
          if (!rl.allowed) {
            throw new AppError(
              "too_many_requests",
              `Rate limit of ${rl.limit} requests per ${env().RATE_LIMIT_WINDOW_SECONDS} s exceeded; retry in ${rl.retryAfterSeconds} s.`,
              {
                retryAfterSeconds: rl.retryAfterSeconds,
              },
            );
          }
        }
      }

      const url = new URL(req.url);
      const rawParams = routeCtx ? await routeCtx.params : {};
      const params = def.params ? parseWith(def.params, rawParams, "path") : undefined;
      const query = def.query ? parseWith(def.query, queryToObject(url.searchParams), "query") : undefined;
      let body: unknown;
      if (def.body) {
        const raw = await parseBody(req, def.bodyKinds ?? ["json"], def.maxBodyBytes ?? env().MAX_JSON_BODY_BYTES, !!def.bodyOptional);
        body = parseWith(def.body, raw, "body");
      }

      if (def.metered && principal) await enforceSpendingLimits(principal, def.metered);

      const result = await handler({
        req,
        url,
        requestId,
        principal: principal as PrincipalFor<D>,
        params: params as Out<D["params"]>,
        query: query as Out<D["query"]>,
        body: body as Out<D["body"]>,
      });
      if (result instanceof Response) {
        for (const [k, v] of Object.entries({ ...base, ...rateHeaders })) result.headers.set(k, v);
        return result;
      }
      return jsonResponse(result.status, result.body, { ...base, ...rateHeaders, ...result.headers });
    } catch (err) {
      if (err instanceof AppError) return errorResponse(req, err, { ...base, ...rateHeaders });
      log.error("unhandled error", { requestId, method: req.method, url: req.url, err });
      const internal = new AppError("internal_server_error", `An unexpected error occurred. Reference: ${requestId}.`);
      return errorResponse(req, internal, { ...base, ...rateHeaders });
    }
  };
}
