import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { UsersView } from "@/components/users/users-view";
import { getConsoleSession } from "@/lib/auth/console-session";
import { isCompanyAdmin } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Users · DocIntel" };

// Company admins only: for anyone else the page does not exist (the navigation does not offer it and the
// APIs behind it answer 403).
export default async function UsersPage() {
  const principal = await getConsoleSession();
  if (!principal || !isCompanyAdmin(principal)) notFound();
  return <UsersView currentUserId={principal.user.id} />;
}
