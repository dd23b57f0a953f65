// The v3 paginated envelope, typed from its contract (lib/contracts/common.ts zPaginated).
import type { z } from "zod";
import type { zPaginated } from "@/lib/contracts/common";

export type TPaginated<T> = z.output<ReturnType<typeof zPaginated<z.ZodType<T>>>>;

/** Largest page the API serves: pickers (workspaces, tags) load one page of this size. */
export const MAX_PAGE_SIZE = 500;
