// An in-process datasource for the engine's tests and bench: a map of documents (id → text, version) listed
// in pages of `pageSize` as a snapshot, with counters of what the engine asked for.
import fs from "node:fs";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { tempPath } from "@/lib/storage/temp";
import type { Connector, Json } from "@/lib/sync/types";

export interface FakeSource {
  docs: Map<string, { text: string; version: string }>;
  pageSize: number;
  fetches: number;
  listCalls: number;
  /** Ids whose fetch throws (a document the source cannot serve). */
  broken: Set<string>;
  /** Called before each fetch (tests hook crashes and slow-downs here). */
  onFetch?: (id: string) => void | Promise<void>;
}

export function fakeSource(count: number, pageSize = 100): FakeSource {
  const docs = new Map<string, { text: string; version: string }>();
  for (let i = 0; i < count; i++) docs.set(docId(i), { text: docText(i, 1), version: "v1" });
  return { docs, pageSize, fetches: 0, listCalls: 0, broken: new Set() };
}

export const docId = (i: number) => `doc-${String(i).padStart(6, "0")}`;
export const docText = (i: number, v: number) => `Document ${i}, version ${v}.\n\nSome text of document number ${i} to index.\n`;

export function fakeConnector(type: string, source: FakeSource): Connector<{ name: string }, { token?: string }, Record<string, unknown>> {
  return {
    type,
    label: "Fake",
    settingsSchema: z.object({ name: z.string() }).strict(),
    secretsSchema: z.object({ token: z.string().optional() }).strict(),
    filterSchema: z.object({ only: z.string().optional() }).strict(),
    describe: (s) => ({ source_name: `fake:${s.name}` }),
    testConnection: async (ctx) => {
      if (ctx.settings.name === "down") throw new AppError("datasource_connection_failed", "fake source: token endpoint unreachable");
      if (ctx.secrets.token === "wrong") throw new AppError("datasource_connection_failed", "fake source: the token was refused");
    },
    listPage: async (_ctx, cursor) => {
      source.listCalls++;
      const ids = [...source.docs.keys()].sort();
      const start = typeof cursor === "number" ? cursor : 0;
      const slice = ids.slice(start, start + source.pageSize);
      const next = start + source.pageSize < ids.length ? start + source.pageSize : null;
      return {
        snapshot: true,
        next: next as Json | null,
        items: slice.map((id) => ({
          externalId: id,
          version: source.docs.get(id)!.version,
          docType: "note",
          title: `Title ${id}`,
          filename: `${id}.txt`,
          url: `fake://${id}`,
        })),
      };
    },
    fetchItem: async (_ctx, item) => {
      await source.onFetch?.(item.externalId);
      source.fetches++;
      if (source.broken.has(item.externalId)) throw new Error(`the source refused ${item.externalId}`);
      const doc = source.docs.get(item.externalId);
      if (!doc) return { kind: "gone" };
      const file = tempPath(".txt");
      await fs.promises.writeFile(file, doc.text);
      return { kind: "content", path: file, version: doc.version };
    },
  };
}
