// The endpoints the console calls, grouped like lib/contracts. Each entry is its contract's method and path
// template, typed by the contract: `ep<typeof tagEndpoints.list>("GET", "/api/v3/tags")` only compiles when
// the contract says GET /api/v3/tags, and endpoints.test.ts compares every entry with the contracts at run
// time. The contracts are imported as types only: their values would bring zod (some 190 kB minified)
// into every console page for two strings per endpoint.
import type { accountEndpoints } from "@/lib/contracts/account";
import type { agentEndpoints } from "@/lib/contracts/agents";
import type { apiKeyEndpoints } from "@/lib/contracts/api-keys";
import type { askEndpoints } from "@/lib/contracts/ask";
import type { authEndpoints } from "@/lib/contracts/auth";
import type { billingEndpoints } from "@/lib/contracts/billing";
import type { contentTypeEndpoints } from "@/lib/contracts/content-types";
import type { conversationEndpoints } from "@/lib/contracts/conversations";
import type { datasourceEndpoints } from "@/lib/contracts/datasources";
import type { EndpointDef } from "@/lib/contracts/endpoint";
import type { facetEndpoints } from "@/lib/contracts/facets";
import type { fileEndpoints } from "@/lib/contracts/files";
import type { fileBulkEndpoints } from "@/lib/contracts/files-bulk";
import type { fileListEndpoint } from "@/lib/contracts/files-list";
import type { modelEndpoints } from "@/lib/contracts/models";
import type { notificationEndpoints } from "@/lib/contracts/notifications";
import type { publicDatasetEndpoints } from "@/lib/contracts/public-datasets";
import type { searchEndpoints } from "@/lib/contracts/search";
import type { systemEndpoints } from "@/lib/contracts/system";
import type { tagEndpoints } from "@/lib/contracts/tags";
import type { usageEndpoints } from "@/lib/contracts/usage";
import type { userEndpoints } from "@/lib/contracts/users";
import type { workspaceEndpoints } from "@/lib/contracts/workspaces";
import type { EndpointRef } from "./api-client";

/** The contract's method and path; anything else is a type error. */
function ep<E extends EndpointDef>(method: E["method"], path: E["path"]): EndpointRef<E> {
  return { method, path };
}

type Account = typeof accountEndpoints;
type Agents = typeof agentEndpoints;
type ApiKeys = typeof apiKeyEndpoints;
type Auth = typeof authEndpoints;
type Billing = typeof billingEndpoints;
type Conversations = typeof conversationEndpoints;
type ContentTypes = typeof contentTypeEndpoints;
type Datasources = typeof datasourceEndpoints;
type Facets = typeof facetEndpoints;
type Files = typeof fileEndpoints;
type System = typeof systemEndpoints;
type Tags = typeof tagEndpoints;
type Usage = typeof usageEndpoints;
type Workspaces = typeof workspaceEndpoints;
type PublicDatasets = typeof publicDatasetEndpoints;

export const endpoints = {
  agents: {
    list: ep<Agents["list"]>("GET", "/api/v3/agents"),
    create: ep<Agents["create"]>("POST", "/api/v3/agents"),
    get: ep<Agents["get"]>("GET", "/api/v3/agents/{id}"),
    update: ep<Agents["update"]>("PATCH", "/api/v3/agents/{id}"),
    delete: ep<Agents["delete"]>("DELETE", "/api/v3/agents/{id}"),
  },
  apiKeys: {
    list: ep<ApiKeys["list"]>("GET", "/api/v3/api-keys"),
    create: ep<ApiKeys["create"]>("POST", "/api/v3/api-keys"),
    revoke: ep<ApiKeys["revoke"]>("DELETE", "/api/v3/api-keys/{id}"),
  },
  ask: {
    ask: ep<(typeof askEndpoints)["ask"]>("POST", "/api/v3/ask"),
  },
  conversations: {
    list: ep<Conversations["list"]>("GET", "/api/v3/conversations"),
    create: ep<Conversations["create"]>("POST", "/api/v3/conversations"),
    get: ep<Conversations["get"]>("GET", "/api/v3/conversations/{id}"),
    update: ep<Conversations["update"]>("PATCH", "/api/v3/conversations/{id}"),
    delete: ep<Conversations["delete"]>("DELETE", "/api/v3/conversations/{id}"),
  },
  auth: {
    session: ep<Auth["session"]>("GET", "/api/v3/auth/session"),
    verifyEmail: ep<Auth["verifyEmail"]>("POST", "/api/v3/auth/verify-email"),
    resendVerification: ep<Auth["resendVerification"]>("POST", "/api/v3/auth/verify-email/resend"),
    getLdap: ep<Auth["getLdap"]>("GET", "/api/v3/auth/ldap-settings"),
    putLdap: ep<Auth["putLdap"]>("PUT", "/api/v3/auth/ldap-settings"),
    testLdap: ep<Auth["testLdap"]>("POST", "/api/v3/auth/ldap-settings/test"),
  },
  account: {
    changePassword: ep<Account["changePassword"]>("POST", "/api/v3/auth/password"),
    signOutOthers: ep<Account["signOutOthers"]>("POST", "/api/v3/auth/sessions/sign-out-others"),
    requestPasswordReset: ep<Account["requestPasswordReset"]>("POST", "/api/v3/auth/password-reset"),
    confirmPasswordReset: ep<Account["confirmPasswordReset"]>("POST", "/api/v3/auth/password-reset/confirm"),
    previewInvitation: ep<Account["previewInvitation"]>("POST", "/api/v3/auth/invitation"),
    acceptInvitation: ep<Account["acceptInvitation"]>("POST", "/api/v3/auth/invitation/accept"),
  },
  billing: {
    getBudget: ep<Billing["getBudget"]>("GET", "/api/v3/billing/budget"),
    putBudget: ep<Billing["putBudget"]>("PUT", "/api/v3/billing/budget"),
    deleteBudget: ep<Billing["deleteBudget"]>("DELETE", "/api/v3/billing/budget"),
    createAlert: ep<Billing["createAlert"]>("POST", "/api/v3/billing/budget/alerts"),
    toggleAlerts: ep<Billing["toggleAlerts"]>("PATCH", "/api/v3/billing/budget/alerts"),
    updateAlert: ep<Billing["updateAlert"]>("PATCH", "/api/v3/billing/budget/alerts/{id}"),
    deleteAlert: ep<Billing["deleteAlert"]>("DELETE", "/api/v3/billing/budget/alerts/{id}"),
    listAlertEvents: ep<Billing["listAlertEvents"]>("GET", "/api/v3/billing/budget/alert-events"),
  },
  contentTypes: {
    list: ep<ContentTypes["list"]>("GET", "/api/v3/content-types"),
    act: ep<ContentTypes["act"]>("POST", "/api/v3/content-types"),
    templates: ep<ContentTypes["templates"]>("GET", "/api/v3/content-types/templates"),
  },
  facets: {
    get: ep<Facets["get"]>("GET", "/api/v3/files/{id}/facets"),
    act: ep<Facets["act"]>("POST", "/api/v3/files/{id}/facets"),
    suggest: ep<Facets["suggest"]>("POST", "/api/v3/files/{id}/facets/suggest"),
  },
  files: {
    list: ep<typeof fileListEndpoint>("GET", "/api/v3/files"),
    upload: ep<Files["upload"]>("POST", "/api/v3/files"),
    get: ep<Files["get"]>("GET", "/api/v3/files/{id}"),
    update: ep<Files["update"]>("PATCH", "/api/v3/files/{id}"),
    delete: ep<Files["delete"]>("DELETE", "/api/v3/files/{id}"),
    pages: ep<Files["pages"]>("GET", "/api/v3/files/{id}/pages"),
    content: ep<Files["content"]>("GET", "/api/v3/files/{id}/content"),
    preview: ep<Files["preview"]>("GET", "/api/v3/files/{id}/preview"),
    bulkDelete: ep<Files["bulkDelete"]>("POST", "/api/v3/files/bulk-delete"),
    bulkUpdate: ep<(typeof fileBulkEndpoints)["bulkUpdate"]>("POST", "/api/v3/files/bulk-update"),
  },
  models: {
    list: ep<(typeof modelEndpoints)["list"]>("GET", "/api/v3/models"),
  },
  search: {
    search: ep<(typeof searchEndpoints)["search"]>("POST", "/api/v3/search"),
  },
  system: {
    status: ep<System["status"]>("GET", "/api/v3/system/status"),
    listMaintenance: ep<System["listMaintenance"]>("GET", "/api/v3/system/maintenance"),
    createMaintenance: ep<System["createMaintenance"]>("POST", "/api/v3/system/maintenance"),
    endMaintenance: ep<System["endMaintenance"]>("DELETE", "/api/v3/system/maintenance/{id}"),
    putAnnouncement: ep<System["putAnnouncement"]>("PUT", "/api/v3/system/announcement"),
    deleteAnnouncement: ep<System["deleteAnnouncement"]>("DELETE", "/api/v3/system/announcement"),
  },
  notifications: {
    list: ep<(typeof notificationEndpoints)["list"]>("GET", "/api/v3/notifications"),
  },
  tags: {
    list: ep<Tags["list"]>("GET", "/api/v3/tags"),
    create: ep<Tags["create"]>("POST", "/api/v3/tags"),
    update: ep<Tags["update"]>("PATCH", "/api/v3/tags/{id}"),
    delete: ep<Tags["delete"]>("DELETE", "/api/v3/tags/{id}"),
  },
  usage: {
    credits: ep<Usage["credits"]>("GET", "/api/v3/credits"),
    storage: ep<Usage["storage"]>("GET", "/api/v3/storage"),
    storageCost: ep<Usage["storageCost"]>("GET", "/api/v3/storage/cost"),
    histogram: ep<Usage["histogram"]>("GET", "/api/v3/usage"),
    currentPeriod: ep<Usage["currentPeriod"]>("GET", "/api/v3/usage/current-period"),
  },
  users: {
    list: ep<(typeof userEndpoints)["list"]>("GET", "/api/v3/users"),
    update: ep<(typeof userEndpoints)["update"]>("PATCH", "/api/v3/users/{id}"),
    listInvitations: ep<(typeof userEndpoints)["listInvitations"]>("GET", "/api/v3/users/invitations"),
    invite: ep<(typeof userEndpoints)["invite"]>("POST", "/api/v3/users/invitations"),
    resendInvitation: ep<(typeof userEndpoints)["resendInvitation"]>("POST", "/api/v3/users/invitations/{id}/resend"),
    revokeInvitation: ep<(typeof userEndpoints)["revokeInvitation"]>("DELETE", "/api/v3/users/invitations/{id}"),
  },
  datasources: {
    get: ep<Datasources["get"]>("GET", "/api/v3/workspaces/{id}/datasource"),
    attach: ep<Datasources["attach"]>("POST", "/api/v3/workspaces/{id}/datasource"),
    update: ep<Datasources["update"]>("PATCH", "/api/v3/workspaces/{id}/datasource"),
    detach: ep<Datasources["detach"]>("DELETE", "/api/v3/workspaces/{id}/datasource"),
    test: ep<Datasources["test"]>("POST", "/api/v3/datasources/test"),
    startRun: ep<Datasources["startRun"]>("POST", "/api/v3/workspaces/{id}/datasource/runs"),
    cancelRun: ep<Datasources["cancelRun"]>("POST", "/api/v3/workspaces/{id}/datasource/runs/{run_id}/cancel"),
    listRuns: ep<Datasources["listRuns"]>("GET", "/api/v3/workspaces/{id}/datasource/runs"),
    listFailures: ep<Datasources["listFailures"]>("GET", "/api/v3/workspaces/{id}/datasource/runs/{run_id}/failures"),
  },
  workspaces: {
    list: ep<Workspaces["list"]>("GET", "/api/v3/workspaces"),
    create: ep<Workspaces["create"]>("POST", "/api/v3/workspaces"),
    get: ep<Workspaces["get"]>("GET", "/api/v3/workspaces/{id}"),
    update: ep<Workspaces["update"]>("PATCH", "/api/v3/workspaces/{id}"),
    delete: ep<Workspaces["delete"]>("DELETE", "/api/v3/workspaces/{id}"),
    addMember: ep<Workspaces["addMember"]>("POST", "/api/v3/workspaces/{id}/members"),
    updateMember: ep<Workspaces["updateMember"]>("PATCH", "/api/v3/workspaces/{id}/members/{user_id}"),
    removeMember: ep<Workspaces["removeMember"]>("DELETE", "/api/v3/workspaces/{id}/members/{user_id}"),
  },
  publicDatasets: {
    listCompanies: ep<PublicDatasets["listCompanies"]>("GET", "/api/v3/companies"),
    getCompany: ep<PublicDatasets["getCompany"]>("GET", "/api/v3/companies/{id}"),
    updateCompany: ep<PublicDatasets["updateCompany"]>("PATCH", "/api/v3/companies/{id}"),
    listManagers: ep<PublicDatasets["listManagers"]>("GET", "/api/v3/public-datasets/managers"),
    grantManager: ep<PublicDatasets["grantManager"]>("PUT", "/api/v3/public-datasets/managers/{user_id}"),
    revokeManager: ep<PublicDatasets["revokeManager"]>("DELETE", "/api/v3/public-datasets/managers/{user_id}"),
  },
};
