import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, personName } from "./format";

describe("formatBytes", () => {
  it("keeps bytes whole and scales by 1024 with one decimal below 10", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3.0 TB");
  });
});

describe("personName", () => {
  it("prefers first and last name, then user name, then e-mail", () => {
    expect(personName({ first_name: "Ada", last_name: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
    expect(personName({ first_name: "", last_name: "Hopper", username: "grace" })).toBe("Hopper");
    expect(personName({ first_name: "", last_name: "", username: "grace" })).toBe("grace");
    expect(personName({ first_name: "", last_name: "", username: "", email: "a@b.test" })).toBe("a@b.test");
  });
});

describe("formatDate", () => {
  it("shows a dash for missing dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("2026-01-02T10:00:00Z")).toMatch(/2026/);
  });
});
