// GET /api/v3/openapi.json — anyone: the OpenAPI 3.1 document of this API, generated from the zod contracts.
import { systemEndpoints } from "@/lib/contracts/system";
import { baseUrl } from "@/lib/http/respond";
import { withApi } from "@/lib/http/with-api";
import { generateOpenApi } from "@/lib/openapi/generate";

// The document only depends on the contracts and the public origin, so each origin's JSON is built once.
// The origin can come from request headers, so the cache is bounded against spoofed Host values.
const MAX_CACHED_ORIGINS = 16;
const cache = new Map<string, string>();

function documentFor(origin: string): string {
  let json = cache.get(origin);
  if (json === undefined) {
    json = JSON.stringify(generateOpenApi(origin));
    if (cache.size >= MAX_CACHED_ORIGINS) cache.delete(cache.keys().next().value as string);
    cache.set(origin, json);
  }
  return json;
}

export const GET = withApi(
  systemEndpoints.openapi,
  async ({ req }) =>
    new Response(documentFor(baseUrl(req)), {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
);
