"use client";
// Directory (LDAP) settings page: the company's directory sign-in, edited and tested from the console.
import { PageHeader } from "@/components/ui/page-header";
import { QueryStatus } from "@/components/ui/query-status";
import { useLdapSettings } from "@/lib/client/hooks/use-ldap-settings";
import { LdapSettingsForm } from "./ldap-settings-form";

export function DirectoryView() {
  const settings = useLdapSettings();
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Directory (LDAP)"
        description="Let colleagues sign in with their company directory account. New directory users get an account here on their first sign-in. Use a dedicated read-only service account."
      />
      <QueryStatus isPending={settings.isPending} error={settings.error} isEmpty={false} empty={null} noun="directory settings">
        {settings.data !== undefined && <LdapSettingsForm saved={settings.data} />}
      </QueryStatus>
    </main>
  );
}
