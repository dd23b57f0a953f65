// `/batch` semantics shared by the content-type and facet batches: actions run in order, each in its
// own transaction; the first failure is answered with its error and `index`, later actions never run.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { validationError } from "@/lib/validation";

export function withIndex(err: AppError, index: number): AppError {
  return new AppError(err.code, err.detail, { ...err.options, index });
}

export async function runBatch<S extends z.ZodType, R>(
  schema: S,
  actions: readonly unknown[],
  run: (action: z.output<S>) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (const [index, raw] of actions.entries()) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw withIndex(validationError(parsed.error, "action", raw), index);
    try {
      results.push(await run(parsed.data));
    } catch (err) {
      throw err instanceof AppError ? withIndex(err, index) : err;
    }
  }
  return results;
}
