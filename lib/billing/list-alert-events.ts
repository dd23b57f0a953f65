// Budget alert events of the company, newest first: the console's alert history.
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { type PageRequest, pageWindow } from "@/lib/pagination";
import { serializeAlertEvent } from "./serialize-budget";

export async function listAlertEvents(p: Principal, query: PageRequest) {
  const where = { companyId: p.companyId };
  const count = await db().budgetAlertEvent.count({ where });
  const rows = await db().budgetAlertEvent.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(query) });
  return { count, results: rows.map(serializeAlertEvent) };
}
