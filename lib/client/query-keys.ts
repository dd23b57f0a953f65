// TanStack Query keys, one factory per resource: lists and details nest under the resource's root key, so
// `invalidateQueries({ queryKey: queryKeys.tags.all })` refreshes every tag query after a mutation.
import type { Query } from "./api-client";

function resource<const R extends string>(root: R) {
  return {
    all: [root] as const,
    lists: () => [root, "list"] as const,
    list: (query: Query = {}) => [root, "list", query] as const,
    details: () => [root, "detail"] as const,
    detail: (id: number | string) => [root, "detail", id] as const,
  };
}

export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    session: () => ["auth", "session"] as const,
    ldapSettings: () => ["auth", "ldap-settings"] as const,
  },
  system: {
    all: ["system"] as const,
    status: () => ["system", "status"] as const,
    notifications: () => ["system", "notifications"] as const,
    maintenance: (query: Query = {}) => ["system", "maintenance", query] as const,
  },
  /** Storage, credits, usage histogram and current-period spend (the dashboard). */
  usage: {
    all: ["usage"] as const,
    storage: () => ["usage", "storage"] as const,
    storageCost: () => ["usage", "storage-cost"] as const,
    credits: () => ["usage", "credits"] as const,
    histogram: (query: Query = {}) => ["usage", "histogram", query] as const,
    currentPeriod: () => ["usage", "current-period"] as const,
  },
  /** The budget, its alerts and the alert events. */
  billing: {
    all: ["billing"] as const,
    budget: () => ["billing", "budget"] as const,
    alertEvents: (query: Query = {}) => ["billing", "alert-events", query] as const,
  },
  workspaces: {
    ...resource("workspaces"),
    members: (id: number) => ["workspaces", "detail", id, "members"] as const,
  },
  files: {
    ...resource("files"),
    pages: (id: number) => ["files", "detail", id, "pages"] as const,
    facets: (id: number) => ["files", "detail", id, "facets"] as const,
  },
  contentTypes: {
    ...resource("content-types"),
    templates: (query: Query = {}) => ["content-types", "templates", query] as const,
  },
  tags: resource("tags"),
  /** The company's users (GET /api/v3/users), e.g. for the workspace member picker. */
  users: resource("users"),
  /** Pending invitations to the company (GET /api/v3/users/invitations). */
  invitations: resource("invitations"),
  apiKeys: resource("api-keys"),
  /** Companies and their public-datasets opt-in (instance admins). */
  companies: resource("companies"),
  /** Instance-level users and the public-dataset management permission (instance admins). */
  publicDatasetManagers: resource("public-dataset-managers"),
  agents: resource("agents"),
  /** The caller's stored /ask conversations. */
  conversations: resource("conversations"),
  models: { all: ["models"] as const, list: () => ["models", "list"] as const },
  /** POST /api/v3/search results, keyed by the whole request (a search is a read, only sent as POST). */
  search: {
    all: ["search"] as const,
    results: (request: object) => ["search", "results", request] as const,
  },
};
