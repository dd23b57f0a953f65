import { RetryAfterError } from "inngest";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { retryWhenBusy } from "./define-job";

describe("retryWhenBusy", () => {
  it("turns a full OCR pool into a RetryAfterError after the error's own delay", () => {
    let thrown: unknown;
    try {
      retryWhenBusy(new AppError("ocr_concurrent_limit", "busy", { retryAfterSeconds: 7 }));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(RetryAfterError);
    expect(Number((thrown as RetryAfterError).retryAfter)).toBe(7);
  });

  it("rethrows every other error unchanged", () => {
    const verdict = new AppError("file_rendering_failed", "broken");
    expect(() => retryWhenBusy(verdict)).toThrow(verdict);
    const crash = new Error("disk full");
    expect(() => retryWhenBusy(crash)).toThrow(crash);
  });
});
