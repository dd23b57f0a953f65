import { describe, expect, it } from "vitest";
import { accountEndpoints } from "@/lib/contracts/account";
import { agentEndpoints } from "@/lib/contracts/agents";
import { apiKeyEndpoints } from "@/lib/contracts/api-keys";
import { askEndpoints } from "@/lib/contracts/ask";
import { authEndpoints } from "@/lib/contracts/auth";
import { billingEndpoints } from "@/lib/contracts/billing";
import { contentTypeEndpoints } from "@/lib/contracts/content-types";
import { conversationEndpoints } from "@/lib/contracts/conversations";
import { datasourceEndpoints } from "@/lib/contracts/datasources";
import type { EndpointDef } from "@/lib/contracts/endpoint";
import { facetEndpoints } from "@/lib/contracts/facets";
import { fileEndpoints } from "@/lib/contracts/files";
import { fileBulkEndpoints } from "@/lib/contracts/files-bulk";
import { fileListEndpoint } from "@/lib/contracts/files-list";
import { modelEndpoints } from "@/lib/contracts/models";
import { notificationEndpoints } from "@/lib/contracts/notifications";
import { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import { searchEndpoints } from "@/lib/contracts/search";
import { systemEndpoints } from "@/lib/contracts/system";
import { tagEndpoints } from "@/lib/contracts/tags";
import { usageEndpoints } from "@/lib/contracts/usage";
import { userEndpoints } from "@/lib/contracts/users";
import { workspaceEndpoints } from "@/lib/contracts/workspaces";
import { endpoints } from "./endpoints";

// The groups of ./endpoints.ts and the contract each of them mirrors, entry by entry.
const contracts: Record<keyof typeof endpoints, Record<string, EndpointDef>> = {
  account: accountEndpoints,
  agents: agentEndpoints,
  apiKeys: apiKeyEndpoints,
  ask: askEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  contentTypes: contentTypeEndpoints,
  conversations: conversationEndpoints,
  datasources: datasourceEndpoints,
  facets: facetEndpoints,
  files: { ...fileEndpoints, ...fileBulkEndpoints, list: fileListEndpoint },
  models: modelEndpoints,
  notifications: notificationEndpoints,
  publicDatasets: publicDatasetEndpoints,
  search: searchEndpoints,
  system: systemEndpoints,
  tags: tagEndpoints,
  usage: usageEndpoints,
  users: userEndpoints,
  workspaces: workspaceEndpoints,
};

describe("client endpoints", () => {
  const entries = Object.entries(endpoints).flatMap(([group, refs]) => Object.entries(refs).map(([name, ref]) => [group, name, ref] as const));

  it.each(entries)("%s.%s has its contract's method and path", (group, name, ref) => {
    const contract = contracts[group as keyof typeof endpoints][name];
    expect(contract, `no contract ${group}.${name}`).toBeDefined();
    expect({ method: ref.method, path: ref.path }).toEqual({ method: contract.method, path: contract.path });
  });
});
