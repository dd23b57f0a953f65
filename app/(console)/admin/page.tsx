import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminSystemView } from "@/components/system/admin-system-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { isInstanceAdmin } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Instance administration · DocIntel" };

// Instance admins only (system_admin, admin): for anyone else the page does not exist, as the navigation
// does not offer it and every API behind it answers 403.
export default async function AdminPage() {
  const principal = await getConsoleSession();
  if (!principal || !isInstanceAdmin(principal)) notFound();
  return <AdminSystemView />;
}
