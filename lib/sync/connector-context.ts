// Builds what a connector sees of a datasource: parsed settings, opened secrets, filter, the last run's
// cursor, and a lookup of what the workspace already holds (version markers and per-item state).
import { db } from "@/lib/db/client";
import type { Datasource } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { openSecrets } from "./datasource-secrets";
import { connectorFor } from "./registry";
import type { AnyConnector, ConnectorContext, Json, PreviousItem } from "./types";

export interface BoundConnector {
  connector: AnyConnector;
  ctx: ConnectorContext;
}

export function previousItemsOf(datasourceId: number | null) {
  return async (externalIds: string[]): Promise<Map<string, PreviousItem>> => {
    const out = new Map<string, PreviousItem>();
    if (datasourceId === null || !externalIds.length) return out;
    const rows = await db().syncItem.findMany({
      where: { datasourceId, externalId: { in: externalIds }, NOT: { lastOutcome: "deleted" } },
      select: { externalId: true, version: true, state: true, fileId: true },
    });
    for (const r of rows) out.set(r.externalId, { version: r.version, state: (r.state ?? null) as Json | null, hasFile: r.fileId !== null });
    return out;
  };
}

export function connectorLogger(datasourceId: number | null) {
  const fields = { datasourceId };
  return {
    debug: (...args: unknown[]) => log.debug("sync", { ...fields, args }),
    info: (...args: unknown[]) => log.info("sync", { ...fields, args }),
    warn: (...args: unknown[]) => log.warn("sync", { ...fields, args }),
  };
}

/** The connector of a stored datasource with its context; settings are parsed again (they were validated on save). */
export function bindConnector(ds: Datasource, signal: AbortSignal = new AbortController().signal): BoundConnector {
  const connector = connectorFor(ds.type);
  const ctx: ConnectorContext = {
    settings: connector.settingsSchema.parse(ds.settings),
    secrets: connector.secretsSchema.parse(openSecrets(ds.companyId, ds.workspaceId, ds.secretsEnc)),
    filter: connector.filterSchema.parse(ds.filterCriteria ?? {}),
    runCursor: (ds.cursor ?? null) as Json | null,
    previous: previousItemsOf(ds.id),
    signal,
    log: connectorLogger(ds.id),
  };
  return { connector, ctx };
}
