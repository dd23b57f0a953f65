// Decimal numbers as people type them: "50.00" and "50,00" alike, with optional thousands separators
// ("1,234.50", "1.234,50", "1 234,50", "1'234.50"). The one parser behind every decimal input of the
// console (budget, alert thresholds, number attributes), so they all accept the same spellings.

/**
 * The number in canonical form ("1234.5": a point as decimal separator, no grouping), or null when the
 * text is not one decimal number. With both "," and "." the last one is the decimal separator; with only
 * one kind, it is the decimal separator when it occurs once ("50,00", "1,5") and a thousands separator
 * when it repeats between groups of three ("1.234.567").
 */
export function normalizeDecimal(input: string): string | null {
  const s = input.trim().replace(/[\u00a0\u202f]/g, " ");
  const m = /^([-+]?)(\d[\d\s.,'’]*)$/.exec(s);
  if (!m) return null;
  const sign = m[1] ?? "";
  const body = m[2] ?? "";
  if (/[.,'’\s]$/.test(body)) return null;
  const lastComma = body.lastIndexOf(",");
  const lastPoint = body.lastIndexOf(".");
  let decimalAt = -1;
  if (lastComma >= 0 && lastPoint >= 0) decimalAt = Math.max(lastComma, lastPoint);
  else if (lastComma >= 0 || lastPoint >= 0) {
    const sep = lastComma >= 0 ? "," : ".";
    decimalAt = body.split(sep).length === 2 ? body.lastIndexOf(sep) : -1;
  }
  const integer = decimalAt >= 0 ? body.slice(0, decimalAt) : body;
  const fraction = decimalAt >= 0 ? body.slice(decimalAt + 1) : "";
  if (decimalAt >= 0 && !/^\d+$/.test(fraction)) return null;
  // The integer part: plain digits, or groups of three after a first group of one to three digits.
  const groups = integer.split(/[\s.,'’]/);
  if (groups.length > 1) {
    const separators = new Set(integer.replace(/\d/g, ""));
    if (separators.size !== 1 || !/^\d{1,3}$/.test(groups[0] ?? "") || !groups.slice(1).every((g) => /^\d{3}$/.test(g))) return null;
  } else if (!/^\d+$/.test(integer)) return null;
  const digits = groups.join("").replace(/^0+(?=\d)/, "");
  return `${sign === "-" ? "-" : ""}${digits}${fraction ? `.${fraction}` : ""}`;
}

/** The typed text as a number, or null (see normalizeDecimal). */
export function parseDecimal(input: string): number | null {
  const canonical = normalizeDecimal(input);
  return canonical === null ? null : Number(canonical);
}
