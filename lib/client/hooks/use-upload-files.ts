"use client";
// POST /api/v3/files (multipart) for several files at once, each through XMLHttpRequest so that its
// upload progress can be shown (fetch has no upload progress events). Every finished upload refreshes the
// file lists, where the new file then moves through the ingestion statuses.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { TFile } from "@/lib/contracts/files";
import { ApiError, endpointPath, type ResponseOf, toApiError } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

/** What POST /api/v3/files answers: the new file. */
type TUploadedFile = ResponseOf<typeof endpoints.files.upload>;

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  state: "uploading" | "done" | "error" | "cancelled";
  error: ApiError | null;
  file: TFile | null;
}

/** Sends one file; `onProgress` receives the bytes sent. Resolves with the created file. */
export function uploadFile(
  file: File,
  opts: { workspaceId?: number; onProgress?: (loaded: number, total: number) => void; xhrRef?: (xhr: XMLHttpRequest) => void },
): Promise<TUploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("file", file, file.name);
    if (opts.workspaceId) form.append("workspace_id", String(opts.workspaceId));
    const xhr = new XMLHttpRequest();
    opts.xhrRef?.(xhr);
    xhr.open(endpoints.files.upload.method, endpointPath(endpoints.files.upload));
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as TUploadedFile);
        } catch {
          reject(new ApiError({ status: xhr.status, code: "bad_response", detail: "The server's answer could not be read." }));
        }
        return;
      }
      const headers = { "content-type": xhr.getResponseHeader("content-type") ?? "application/json" };
      reject(await toApiError(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers })));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: "network_error", detail: "The upload was interrupted. Check your connection and try again." }));
    xhr.onabort = () => reject(new ApiError({ status: 0, code: "cancelled", detail: "Upload cancelled." }));
    xhr.send(form);
  });
}

let counter = 0;

export function useUploadFiles() {
  const qc = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const xhrs = useRef(new Map<string, XMLHttpRequest>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  const upload = useCallback(
    (files: File[], workspaceId?: number) => {
      const fresh = files.map((f) => ({
        key: `u${++counter}`,
        name: f.name,
        size: f.size,
        loaded: 0,
        state: "uploading" as const,
        error: null,
        file: null,
      }));
      setItems((all) => [...fresh, ...all]);
      files.forEach((f, i) => {
        const key = fresh[i].key;
        uploadFile(f, {
          workspaceId,
          onProgress: (loaded) => patch(key, { loaded }),
          xhrRef: (xhr) => xhrs.current.set(key, xhr),
        })
          .then((file) => {
            patch(key, { state: "done", loaded: f.size, file });
            void qc.invalidateQueries({ queryKey: queryKeys.files.lists() });
          })
          .catch((error: ApiError) => patch(key, { state: error.code === "cancelled" ? "cancelled" : "error", error }))
          .finally(() => xhrs.current.delete(key));
      });
    },
    [patch, qc],
  );

  const cancel = useCallback((key: string) => xhrs.current.get(key)?.abort(), []);
  const clearFinished = useCallback(() => setItems((all) => all.filter((it) => it.state === "uploading")), []);

  return { items, upload, cancel, clearFinished };
}
