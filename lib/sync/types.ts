// The one interface every datasource type implements (ARCHITECTURE.md rule 11). A connector validates its
// settings, tests the connection, lists the source page by page from a cursor, and fetches one item. It
// knows nothing of files, statuses, schedules or retries: the engine (lib/sync/run-*.ts) owns those.
//
// The engine's contract with a connector:
// - `listPage(ctx, null)` starts a listing; each answer's `next` (plain JSON, stored in the run's memoised
//   step) is passed back until it is null. A listing is either a snapshot (everything the source holds:
//   what is not listed was removed upstream) or a delta since `ctx.runCursor` (removals are listed with
//   `deleted: true`); the last page's `runCursor` is kept for the next run.
// - Every item has a stable `externalId` and a `version` marker (ETag, modified time, revision, hash). An item
//   whose version equals the one the workspace holds is not fetched again.
// - `fetchItem` writes the content to a scratch file that the engine then owns, or answers that the item did
//   not change (a conditional GET's 304) or is gone. Errors it throws are that document's failure reason.
// - Throwing AppError("datasource_connection_failed" | "filedrive_folder_inaccessible" | "sitehost_site_not_found")
//   from testConnection or listPage reports a source that cannot be used; listPage errors fail the run
//   (after the job's retries) with that reason.
import type { z } from "zod";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface PreviousItem {
  version: string;
  /** Connector state stored with the item by an earlier run (ListedItem.state). */
  state: Json | null;
  /** Whether the workspace holds a file for it (false after a failed first import). */
  hasFile: boolean;
}

export interface ConnectorLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export interface ConnectorContext<S = unknown, Sec = unknown, F = unknown> {
  settings: S;
  secrets: Sec;
  filter: F;
  /** Connector state returned as `runCursor` by the last completed run; null on a first run. */
  runCursor: Json | null;
  /** What the workspace holds of these items (only those it knows). */
  previous(externalIds: string[]): Promise<Map<string, PreviousItem>>;
  signal: AbortSignal;
  log: ConnectorLogger;
}

export interface ListedItem {
  externalId: string;
  /** Version marker; items listed without one are always fetched. */
  version?: string;
  /** external_metadata.doc_type (e.g. "webpage", "pdf", "article"). */
  docType: string;
  title?: string;
  filename?: string;
  /** external_metadata.additional_metadata.external_url */
  url?: string;
  /** Removed upstream (delta listings, or a known page that now answers 404/410). */
  deleted?: boolean;
  /** The item exists but could not be read: recorded as a failed document with this reason. */
  error?: string;
  /** Small connector state kept with the item for later runs (e.g. a page's outgoing links). */
  state?: Json;
  /** Connector-private reference that fetchItem needs (e.g. a download URL). */
  ref?: Json;
  /** Scratch file already holding the content (downloaded while listing); fetchItem is used if it is gone. */
  prefetched?: string;
}

export interface ListPage {
  items: ListedItem[];
  /** Cursor of the next page, or null when the listing is complete. */
  next: Json | null;
  /** True when the listing enumerates the whole source (then unlisted items are deleted). */
  snapshot: boolean;
  /** On the last page: state for the next run (e.g. a change token). */
  runCursor?: Json | null;
}

export type FetchResult =
  | { kind: "content"; path: string; filename?: string; title?: string; version?: string }
  | { kind: "not_modified" }
  | { kind: "gone" };

/** Fields of the spec's Workspace `sync` object that come from a connector's settings. */
export interface PublicSettings {
  source_name: string;
  instance_url?: string | null;
  tenant_id?: string | null;
  site_name?: string | null;
  client_id?: string | null;
}

export interface Connector<S = unknown, Sec = unknown, F = unknown> {
  /** The spec's datasource type (`webscrapper`, `filedrive`, `sitehost`, `servicedesk`). */
  readonly type: string;
  readonly label: string;
  /** Non-secret connection settings (stored as JSON, returned in part through `describe`). */
  readonly settingsSchema: z.ZodType<S>;
  /** Write-only secrets (sealed at rest); `{}` when the type has none. */
  readonly secretsSchema: z.ZodType<Sec>;
  /** The type's `filter_criteria`. */
  readonly filterSchema: z.ZodType<F>;
  describe(settings: S): PublicSettings;
  /** Throws AppError with one of the spec's datasource codes, naming the step that failed. */
  testConnection(ctx: ConnectorContext<S, Sec, F>): Promise<void>;
  listPage(ctx: ConnectorContext<S, Sec, F>, cursor: Json | null): Promise<ListPage>;
  fetchItem(ctx: ConnectorContext<S, Sec, F>, item: ListedItem): Promise<FetchResult>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry of connectors of different setting types
export type AnyConnector = Connector<any, any, any>;
