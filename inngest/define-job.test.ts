import { RetryAfterError } from "inngest";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { throwIfBusy } from "./define-job";

describe("throwIfBusy", () => {
  it("turns a full OCR pool into a RetryAfterError after the error's own delay", () => {
    let thrown: unknown;
    try {
      throwIfBusy(new AppError("ocr_concurrent_limit", "busy", { retryAfterSeconds: 7 }));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(RetryAfterError);
    expect(Number((thrown as RetryAfterError).retryAfter)).toBe(7);
  });

  it("leaves every other error to the caller", () => {
    expect(() => throwIfBusy(new AppError("file_rendering_failed", "broken"))).not.toThrow();
    expect(() => throwIfBusy(new Error("disk full"))).not.toThrow();
  });
});
