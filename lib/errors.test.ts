// AppError is recognised across copies of lib/errors (Next.js bundles lib/ into more than one server bundle).
import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";

describe("AppError", () => {
  it("is an instance for another copy of the module's class, and only for AppErrors", async () => {
    vi.resetModules();
    const other = await import("@/lib/errors");
    expect(other.AppError).not.toBe(AppError); // a second copy, as in a second bundle
    const err = new other.AppError("unsupported_file_format", "The file is damaged.");
    expect(err instanceof AppError).toBe(true);
    expect(new AppError("not_found") instanceof other.AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect({ name: "AppError", code: "not_found" } instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
  });
});
