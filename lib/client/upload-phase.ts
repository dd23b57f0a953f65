// Where one upload stands, as the upload panel shows it: bytes still going out ("uploading", with a
// percentage), every byte sent but no answer yet ("storing": the server is writing the file and checking its
// type and quota), or finished. Pure, so the boundary cases are tested without a browser.
import type { UploadItem } from "./hooks/use-upload-files";

export type UploadPhase = "uploading" | "storing" | UploadItem["state"];

/** Share of the bytes sent, 0–100; a finished upload of an empty file counts as 100. */
export function uploadPercent(item: Pick<UploadItem, "size" | "loaded" | "state">): number {
  if (!item.size) return item.state === "done" ? 100 : 0;
  return Math.min(100, Math.round((item.loaded / item.size) * 100));
}

export function uploadPhase(item: Pick<UploadItem, "size" | "loaded" | "state">): UploadPhase {
  if (item.state !== "uploading") return item.state;
  return item.size > 0 && item.loaded >= item.size ? "storing" : "uploading";
}
