// Every endpoint contract of the API, for the OpenAPI document and its coverage test.
import type { EndpointDef } from "@/lib/contracts/endpoint";
import { apiKeyEndpoints } from "./api-keys";
import { billingEndpoints } from "./billing";
import { contentTypeEndpoints } from "./content-types";
import { facetEndpoints } from "./facets";
import { authEndpoints } from "./auth";
import { fileEndpoints } from "./files";
import { fileListEndpoint } from "./files-list";
import { parseEndpoints } from "./parse";
import { extractEndpoints } from "./extract";
import { tagEndpoints } from "./tags";
import { userEndpoints } from "./users";
import { usageEndpoints } from "./usage";
import { systemEndpoints } from "./system";
import { workspaceEndpoints } from "./workspaces";
import { agentEndpoints } from "./agents";
import { askEndpoints } from "./ask";
import { modelEndpoints } from "./models";
import { searchEndpoints } from "./search";

export const endpointGroups: Record<string, Record<string, EndpointDef>> = {
  system: systemEndpoints,
  apiKeys: apiKeyEndpoints,
  auth: authEndpoints,
  workspaces: workspaceEndpoints,
  parse: parseEndpoints,
  extract: extractEndpoints,
  files: fileEndpoints,
  filesList: { list: fileListEndpoint },
  tags: tagEndpoints,
  users: userEndpoints,
  contentTypes: contentTypeEndpoints,
  facets: facetEndpoints,
  billing: billingEndpoints,
  usage: usageEndpoints,
  search: searchEndpoints,
  ask: askEndpoints,
  agents: agentEndpoints,
  models: modelEndpoints,
};

export function allEndpoints(): EndpointDef[] {
  return Object.values(endpointGroups).flatMap((g) => Object.values(g));
}
