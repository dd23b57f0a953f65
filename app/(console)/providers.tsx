"use client";
// Client-side providers of the console: TanStack Query (lib/client/query-client.tsx).
import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/client/query-client";

export function ConsoleProviders({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
