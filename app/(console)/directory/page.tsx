import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DirectoryView } from "@/components/directory/directory-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { isCompanyAdmin } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Directory (LDAP) · DocIntel" };

// Company admins only, like the settings API behind it.
export default async function DirectoryPage() {
  const principal = await getConsoleSession();
  if (!principal || !isCompanyAdmin(principal)) notFound();
  return <DirectoryView />;
}
