import { describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { parseOcrLanguages, SUPPORTED_OCR_LANGUAGES } from "./languages";
import { ocrImage } from "./recognize";
import { expectAppError } from "./test-fixtures";

describe("languages", () => {
  it("normalises, de-duplicates and validates", () => {
    expect(SUPPORTED_OCR_LANGUAGES).toEqual(["eng", "deu", "fra"]);
    expect(parseOcrLanguages(["eng", "deu"])).toEqual(["eng", "deu"]);
    expect(parseOcrLanguages("DEU+eng,deu")).toEqual(["deu", "eng"]);
    expect(parseOcrLanguages(["en", "fr"])).toEqual(["eng", "fra"]);
    expect(parseOcrLanguages([])).toEqual(["eng"]);
    expect(parseOcrLanguages(undefined)).toEqual(["eng"]);
  });

  it("rejects unknown languages with bad_request naming the supported ones", async () => {
    expect(() => parseOcrLanguages(["eng", "xyz"])).toThrow(AppError);
    const err = await expectAppError(ocrImage(Buffer.from("not even an image"), { languages: ["klingon"] }), "bad_request", /eng, deu, fra/);
    expect(err.detail).toContain('"klingon"');
  });

  it("takes OCR_DEFAULT_LANGUAGES when none are given", () => {
    setEnvForTests({ OCR_DEFAULT_LANGUAGES: "deu+eng" });
    try {
      expect(parseOcrLanguages([])).toEqual(["deu", "eng"]);
    } finally {
      setEnvForTests({});
    }
  });
});
