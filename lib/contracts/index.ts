// Every endpoint contract of the API, for the OpenAPI document and its coverage test.
import type { EndpointDef } from "@/lib/http/endpoint";
import { apiKeyEndpoints } from "./api-keys";
import { fileEndpoints } from "./files";
import { fileListEndpoint } from "./files-list";
import { parseEndpoints } from "./parse";
import { tagEndpoints } from "./tags";
import { systemEndpoints } from "./system";
import { workspaceEndpoints } from "./workspaces";

export const endpointGroups: Record<string, Record<string, EndpointDef>> = {
  system: systemEndpoints,
  apiKeys: apiKeyEndpoints,
  workspaces: workspaceEndpoints,
  parse: parseEndpoints,
  files: fileEndpoints,
  filesList: { list: fileListEndpoint },
  tags: tagEndpoints,
};

export function allEndpoints(): EndpointDef[] {
  return Object.values(endpointGroups).flatMap((g) => Object.values(g));
}
