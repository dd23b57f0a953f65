import { describe, expect, it } from "vitest";
import { normalizeDecimal, parseDecimal } from "./decimal";

describe("normalizeDecimal", () => {
  it.each([
    ["50", "50"],
    ["50.00", "50.00"],
    ["50,00", "50.00"],
    [" 99,5 ", "99.5"],
    ["0,75", "0.75"],
    ["1,234.50", "1234.50"],
    ["1.234,50", "1234.50"],
    ["1 234,50", "1234.50"],
    ["1\u00a0234,50", "1234.50"],
    ["1'234.50", "1234.50"],
    ["1.234.567", "1234567"],
    ["1,234,567.8", "1234567.8"],
    ["007", "7"],
    ["-12,5", "-12.5"],
    ["+3", "3"],
  ])("reads %j as %j", (input, expected) => {
    expect(normalizeDecimal(input)).toBe(expected);
  });

  it.each(["", "abc", "12a", "1,2,3", "1.23.4", "12,", "12.", ",5", "1 2", "12,34.56,7", "1..2", "--1", "1e3", "NaN"])("refuses %j", (input) => {
    expect(normalizeDecimal(input)).toBeNull();
  });
});

describe("parseDecimal", () => {
  it("answers the number or null", () => {
    expect(parseDecimal("50,00")).toBe(50);
    expect(parseDecimal("1.234,56")).toBe(1234.56);
    expect(parseDecimal("fifty")).toBeNull();
  });
});
