// Every endpoint contract of the API, for the OpenAPI document and its coverage test.
import type { EndpointDef } from "@/lib/contracts/endpoint";
import { accountEndpoints } from "./account";
import { agentEndpoints } from "./agents";
import { apiKeyEndpoints } from "./api-keys";
import { askEndpoints } from "./ask";
import { authEndpoints } from "./auth";
import { billingEndpoints } from "./billing";
import { contentTypeEndpoints } from "./content-types";
import { conversationEndpoints } from "./conversations";
import { datasourceEndpoints } from "./datasources";
import { extractEndpoints } from "./extract";
import { facetEndpoints } from "./facets";
import { fileEndpoints } from "./files";
import { fileBulkEndpoints } from "./files-bulk";
import { fileListEndpoint } from "./files-list";
import { modelEndpoints } from "./models";
import { notificationEndpoints } from "./notifications";
import { parseEndpoints } from "./parse";
import { publicDatasetEndpoints } from "./public-datasets";
import { searchEndpoints } from "./search";
import { systemEndpoints } from "./system";
import { tagEndpoints } from "./tags";
import { usageEndpoints } from "./usage";
import { userEndpoints } from "./users";
import { workspaceEndpoints } from "./workspaces";

export const endpointGroups: Record<string, Record<string, EndpointDef>> = {
  system: systemEndpoints,
  apiKeys: apiKeyEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  workspaces: workspaceEndpoints,
  datasources: datasourceEndpoints,
  parse: parseEndpoints,
  extract: extractEndpoints,
  files: fileEndpoints,
  filesList: { list: fileListEndpoint },
  filesBulk: fileBulkEndpoints,
  tags: tagEndpoints,
  users: userEndpoints,
  contentTypes: contentTypeEndpoints,
  facets: facetEndpoints,
  billing: billingEndpoints,
  usage: usageEndpoints,
  search: searchEndpoints,
  ask: askEndpoints,
  conversations: conversationEndpoints,
  agents: agentEndpoints,
  models: modelEndpoints,
  publicDatasets: publicDatasetEndpoints,
  notifications: notificationEndpoints,
};

export function allEndpoints(): EndpointDef[] {
  return Object.values(endpointGroups).flatMap((g) => Object.values(g));
}
