// Money display. The API sends amounts as decimal strings ("12.50"); they are formatted for reading only,
// never computed with, so Number() is safe here.
export function formatEur(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  const n = Number(amount);
  if (!Number.isFinite(n)) return amount;
  return new Intl.NumberFormat(undefined, { style: "currency", currency: "EUR" }).format(n);
}

/** Share of a whole in percent, clamped to 0–100 for bars (labels show the real figure). */
export function percentOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, (part / whole) * 100));
}
