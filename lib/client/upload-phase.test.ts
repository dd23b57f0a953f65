import { describe, expect, it } from "vitest";
import { uploadPercent, uploadPhase } from "./upload-phase";

describe("uploadPhase", () => {
  it("is uploading while bytes go out, storing once all are sent and no answer came", () => {
    expect(uploadPhase({ size: 1000, loaded: 0, state: "uploading" })).toBe("uploading");
    expect(uploadPhase({ size: 1000, loaded: 999, state: "uploading" })).toBe("uploading");
    expect(uploadPhase({ size: 1000, loaded: 1000, state: "uploading" })).toBe("storing");
    // The browser counts the multipart envelope too, so `loaded` may pass the file's size.
    expect(uploadPhase({ size: 1000, loaded: 1180, state: "uploading" })).toBe("storing");
  });

  it("keeps a finished state, whatever was sent", () => {
    expect(uploadPhase({ size: 1000, loaded: 1000, state: "error" })).toBe("error");
    expect(uploadPhase({ size: 1000, loaded: 10, state: "cancelled" })).toBe("cancelled");
    expect(uploadPhase({ size: 1000, loaded: 1000, state: "done" })).toBe("done");
  });
});

describe("uploadPercent", () => {
  it("rounds, caps at 100 and treats a finished empty file as complete", () => {
    expect(uploadPercent({ size: 3, loaded: 1, state: "uploading" })).toBe(33);
    expect(uploadPercent({ size: 1000, loaded: 1180, state: "uploading" })).toBe(100);
    expect(uploadPercent({ size: 0, loaded: 0, state: "uploading" })).toBe(0);
    expect(uploadPercent({ size: 0, loaded: 0, state: "done" })).toBe(100);
  });
});
