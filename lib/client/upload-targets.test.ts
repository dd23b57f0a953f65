import { describe, expect, it } from "vitest";
import type { TWorkspace } from "@/lib/contracts/workspaces";
import { uploadTargets } from "./upload-targets";

const ws = (id: number, over: Partial<TWorkspace>): TWorkspace =>
  ({
    id,
    name: `W${id}`,
    effective_role: "owner",
    document_upload_method: "manual",
    storage_quota_mb: null,
    is_public: false,
    ...over,
  }) as TWorkspace;

describe("uploadTargets", () => {
  it("offers the workspaces the caller may upload to, and none it could only read", () => {
    const list = [
      ws(1, {}),
      ws(2, { effective_role: "editor" }),
      ws(3, { effective_role: "viewer" }),
      ws(4, { effective_role: "viewer", is_public: true }),
      ws(5, { effective_role: "owner", is_public: true }),
      ws(6, { document_upload_method: "sync" }),
      ws(7, { storage_quota_mb: 0 }),
      ws(8, { storage_quota_mb: 10 }),
    ];
    expect(uploadTargets(list).map((w) => w.id)).toEqual([1, 2, 5, 8]);
  });
});
