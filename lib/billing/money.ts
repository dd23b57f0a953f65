// Money is exact: decimal.js, never binary floats. Amounts travel as strings with two decimals (EUR);
// intermediate values (unit prices of fractions of a cent times quantities) keep full precision and are
// rounded half-up to the cent once per invoice line.
import DecimalJs from "decimal.js";

export const Money = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type TMoney = InstanceType<typeof Money>;

export const CURRENCY = "EUR" as const;
export const ZERO: TMoney = new Money(0);

/** From a decimal string, an integer count, a Prisma Decimal or another decimal. */
export function money(value: string | number | bigint | { toString(): string }): TMoney {
  if (typeof value === "number" && !Number.isInteger(value)) {
    throw new Error(`money() takes integers or decimal strings, not the float ${value}`);
  }
  return new Money(typeof value === "string" || typeof value === "number" ? value : value.toString());
}

/** Rounded half-up to whole cents. */
export function toCents(value: TMoney): TMoney {
  return value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);
}

/** "12.30": two decimals, no exponent, no thousands separator. */
export function formatEur(value: TMoney): string {
  return toCents(value).toFixed(2);
}

export function sum(values: Iterable<TMoney>): TMoney {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

export function maxMoney(a: TMoney, b: TMoney): TMoney {
  return a.greaterThanOrEqualTo(b) ? a : b;
}

/** Request amounts: up to 12 integer digits and 2 decimals, non-negative ("10", "10.5", "10.50"). */
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export function parseAmount(text: string): TMoney | null {
  const t = text.trim();
  return AMOUNT_PATTERN.test(t) ? new Money(t) : null;
}
