// Every endpoint contract of the API, for the OpenAPI document and its coverage test.
import type { EndpointDef } from "@/lib/http/endpoint";
import { apiKeyEndpoints } from "./api-keys";
import { parseEndpoints } from "./parse";
import { systemEndpoints } from "./system";
import { workspaceEndpoints } from "./workspaces";

export const endpointGroups: Record<string, Record<string, EndpointDef>> = {
  system: systemEndpoints,
  apiKeys: apiKeyEndpoints,
  workspaces: workspaceEndpoints,
  parse: parseEndpoints,
};

export function allEndpoints(): EndpointDef[] {
  return Object.values(endpointGroups).flatMap((g) => Object.values(g));
}
