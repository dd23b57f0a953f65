// `filedrive`: Google Drive (API v3) through a service account. Configured folders (or a whole shared drive)
// are walked on the first run and followed through the Changes API afterwards (listing.ts); native Google
// files are exported (Docs → DOCX, Slides → PPTX, Sheets and Drawings → PDF), other files the engine reads
// are downloaded as they are (formats.ts). Every endpoint, the token endpoint included, comes from settings.
import fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { drive_v3 } from "@googleapis/drive";
import {
  type TFiledriveFilter,
  type TFiledriveSecrets,
  type TFiledriveSettings,
  ZFiledriveFilter,
  ZFiledriveSecrets,
  ZFiledriveSettings,
} from "@/lib/contracts/datasource-filedrive";
import { AppError } from "@/lib/errors";
import { removeQuietly, tempPath } from "@/lib/storage/temp";
import type { Connector, ConnectorContext, FetchResult } from "../types";
import { callDrive, DriveApiError, driveClient, driveScope, GOOGLE_API_ROOT } from "./client";
import { apiFailure, rootFailure } from "./errors";
import { FOLDER_MIME } from "./formats";
import { DriveListing } from "./listing";

type Ctx = ConnectorContext<TFiledriveSettings, TFiledriveSecrets, TFiledriveFilter>;

/** Largest file or export downloaded. */
export const MAX_BYTES = 100 * 1024 * 1024;

const clientOf = (ctx: Ctx) => driveClient(ctx.settings, ctx.secrets, ctx.signal, ctx.log);

async function testConnection(ctx: Ctx): Promise<void> {
  const client = clientOf(ctx);
  const email = client.auth.key.clientEmail;
  try {
    await client.auth.client.getAccessToken();
  } catch (err) {
    throw err instanceof AppError ? err : new AppError("datasource_connection_failed", `Token step: ${(err as Error).message}.`);
  }
  const s = ctx.settings;
  if (s.shared_drive_id) {
    const driveId = s.shared_drive_id;
    await callDrive(client, (o) => client.api.drives.get({ driveId, fields: "id,name" }, o)).catch((err) => {
      throw rootFailure(err, `shared drive ${driveId}`, email);
    });
  }
  for (const id of s.folder_ids ?? []) {
    const what = `folder ${id}`;
    const folder = await callDrive<drive_v3.Schema$File>(client, (o) =>
      client.api.files.get({ fileId: id, supportsAllDrives: true, fields: "id,name,mimeType,driveId,capabilities(canListChildren)" }, o),
    ).catch((err) => {
      throw rootFailure(err, what, email);
    });
    if (folder.mimeType !== FOLDER_MIME) throw new AppError("filedrive_folder_inaccessible", `Not a folder: ${id} is a ${folder.mimeType}.`);
    if (s.shared_drive_id && folder.driveId !== s.shared_drive_id) {
      throw new AppError("filedrive_folder_inaccessible", `Not found: ${what} is not in shared drive ${s.shared_drive_id}.`);
    }
    if (folder.capabilities?.canListChildren === false) {
      throw new AppError("filedrive_folder_inaccessible", `Permission denied: ${email} may not list the contents of ${what}.`);
    }
  }
  // Listing a page is what a run does first: a folder visible but not listable fails here, not in the run.
  const first = s.folder_ids?.[0] ?? s.shared_drive_id!;
  await callDrive(client, (o) =>
    client.api.files.list({ ...driveScope(s), q: `'${first}' in parents and trashed = false`, pageSize: 1, fields: "files(id)" }, o),
  ).catch((err) => {
    throw rootFailure(err, `folder ${first}`, email);
  });
}

async function saveStream(body: Readable): Promise<string> {
  const file = tempPath();
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
  } catch (err) {
    await removeQuietly(file);
    throw err;
  }
  return file;
}

export const filedriveConnector: Connector<TFiledriveSettings, TFiledriveSecrets, TFiledriveFilter> = {
  type: "filedrive",
  label: "Google Drive",
  settingsSchema: ZFiledriveSettings,
  secretsSchema: ZFiledriveSecrets,
  filterSchema: ZFiledriveFilter,
  describe: (s) => ({
    source_name: s.folder_ids?.length
      ? `Google Drive folder${s.folder_ids.length > 1 ? "s" : ""} ${s.folder_ids.join(", ")}`
      : `Google Drive shared drive ${s.shared_drive_id}`,
    instance_url: new URL(s.api_base_url ?? GOOGLE_API_ROOT).origin,
  }),

  testConnection,

  listPage: (ctx, cursor) => new DriveListing(clientOf(ctx), ctx.filter).listPage(ctx.runCursor, cursor),

  async fetchItem(ctx, item): Promise<FetchResult> {
    const client = clientOf(ctx);
    const exportMime = (item.ref as { export?: string } | undefined)?.export;
    const fileId = item.externalId;
    let body: Readable;
    try {
      body = await callDrive<Readable>(client, (o) =>
        exportMime
          ? client.api.files.export({ fileId, mimeType: exportMime }, { ...o, responseType: "stream" })
          : client.api.files.get({ fileId, alt: "media", supportsAllDrives: true }, { ...o, responseType: "stream" }),
      );
    } catch (err) {
      if (err instanceof DriveApiError && err.status === 404) return { kind: "gone" };
      if (err instanceof DriveApiError) throw new Error(`Drive answered ${err.status}${err.reason ? ` ${err.reason}` : ""}: ${err.message}`);
      throw apiFailure(err);
    }
    const path = await saveStream(body);
    return { kind: "content", path, filename: item.filename, title: item.title, version: item.version };
  },
};
