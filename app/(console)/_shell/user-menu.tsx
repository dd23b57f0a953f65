"use client";
// Who is signed in (kept fresh by the session query) and the sign-out button.
import { Button } from "@/components/ui";
import type { TCurrentUser } from "@/lib/contracts/auth";
import { useCurrentUser } from "@/lib/client/hooks/use-current-user";
import { useSignOut } from "@/lib/client/hooks/use-sign-out";

export function UserMenu({ initial }: { initial: TCurrentUser }) {
  const { data } = useCurrentUser(initial);
  const signOut = useSignOut();
  const me = data ?? initial;
  const name = [me.user.first_name, me.user.last_name].filter(Boolean).join(" ") || me.user.email;
  return (
    <div className="flex items-center gap-3">
      <div className="text-right text-sm leading-tight">
        <p className="font-medium text-slate-900" data-testid="signed-in-user">
          {name}
        </p>
        <p className="text-slate-500">{me.company.name}</p>
      </div>
      <Button variant="secondary" loading={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out
      </Button>
    </div>
  );
}
