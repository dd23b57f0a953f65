// Recognising database constraint violations without string-matching messages.
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } } | null;
  return e?.code === "P2002" || e?.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation";
}
