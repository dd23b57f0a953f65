"use client";
// Who is signed in (kept fresh by the session query) and the sign-out button, at the foot of the sidebar.
import Link from "next/link";
import { Button } from "@/components/ui";
import { useCurrentUser } from "@/lib/client/hooks/use-current-user";
import { useSignOut } from "@/lib/client/hooks/use-sign-out";
import type { TCurrentUser } from "@/lib/contracts/auth";

export function UserMenu({ initial }: { initial: TCurrentUser }) {
  const { data } = useCurrentUser(initial);
  const signOut = useSignOut();
  const me = data ?? initial;
  const name = [me.user.first_name, me.user.last_name].filter(Boolean).join(" ") || me.user.email;
  return (
    <div className="space-y-3">
      <div className="min-w-0 text-sm leading-tight">
        <p className="truncate font-medium text-slate-900" data-testid="signed-in-user" title={name}>
          {name}
        </p>
        <p className="truncate text-slate-500" title={me.company.name}>
          {me.company.name}
        </p>
        <Link href="/account" className="mt-1 inline-block text-blue-700 underline hover:text-blue-900">
          Account and password
        </Link>
      </div>
      <Button variant="secondary" className="w-full" loading={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out
      </Button>
    </div>
  );
}
