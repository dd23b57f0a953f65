"use client";
// The directory settings form. "Test connection" tries what is on the form (saved or not; an empty bind
// password means the stored one) step by step, with an optional user name to look up; "Save" stores it.
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { type TLdapSettings, useSaveLdapSettings, useTestLdapSettings } from "@/lib/client/hooks/use-ldap-settings";
import { LdapTestResult } from "./ldap-test-result";

const TEXT_FIELDS = [
  ["server_uri", "Server URL", "e.g. ldaps://ldap.example.com:636 (ldaps recommended)"],
  ["bind_dn", "Service account DN", "e.g. cn=reader,dc=example,dc=com"],
  ["user_search_base", "User search base", "e.g. ou=people,dc=example,dc=com"],
  ["user_search_filter", "User search filter", "%(user)s is the login name, e.g. (uid=%(user)s)"],
  ["attr_email", "E-mail attribute", "Usually mail"],
  ["attr_first_name", "First name attribute", "Usually givenName"],
  ["attr_last_name", "Last name attribute", "Usually sn"],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

function initial(saved: TLdapSettings | null): Record<TextField, string> {
  const s = saved?.settings;
  return {
    server_uri: s?.server_uri ?? "",
    bind_dn: s?.bind_dn ?? "",
    user_search_base: s?.user_search_base ?? "",
    user_search_filter: s?.user_search_filter ?? "(uid=%(user)s)",
    attr_email: s?.attr_email ?? "mail",
    attr_first_name: s?.attr_first_name ?? "givenName",
    attr_last_name: s?.attr_last_name ?? "sn",
  };
}

export function LdapSettingsForm({ saved }: { saved: TLdapSettings | null }) {
  const [name, setName] = useState(saved?.name ?? "Company directory");
  const [fields, setFields] = useState(initial(saved));
  const [bindPassword, setBindPassword] = useState("");
  const [useTls, setUseTls] = useState(saved?.settings.use_tls ?? true);
  const [timeout, setTimeoutSeconds] = useState(String(saved?.settings.connection_timeout ?? 10));
  const [testUser, setTestUser] = useState("");
  const save = useSaveLdapSettings();
  const test = useTestLdapSettings();
  const err = save.error ?? test.error;
  const fieldError = (f: string) => err?.fieldMessage(`settings.${f}`);

  const settings = () => ({
    ...fields,
    use_tls: useTls,
    connection_timeout: Number(timeout) || 10,
    ...(bindPassword ? { bind_password: bindPassword } : {}),
  });
  const onChange = () => {
    test.reset();
    save.reset();
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    test.reset();
    save.mutate({ name, settings: settings() }, { onSuccess: () => setBindPassword("") });
  }

  return (
    <form onSubmit={onSubmit} onChange={onChange} className="space-y-6" aria-label="Directory settings">
      {saved && !saved.ldap_enabled && (
        <Alert tone="warning">Directory sign-in is switched off on this server (IS_LDAP_ON). Settings can be tested but not saved.</Alert>
      )}
      {saved && (
        <p className="text-sm text-slate-600">
          Sign-in page for directory users: <code className="rounded bg-slate-100 px-1">{saved.login_urls.at(-1)}</code>
        </p>
      )}
      <ApiErrorAlert
        error={err}
        shownFields={[...TEXT_FIELDS.map(([f]) => `settings.${f}`), "settings.bind_password", "settings.connection_timeout", "name"]}
        quietWhenFieldsShown
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={err?.fieldMessage("name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required />}
        </Field>
        {TEXT_FIELDS.map(([key, label, hint]) => (
          <Field key={key} label={label} hint={hint} required error={fieldError(key)}>
            {({ invalid, ...c }) => (
              <Input {...c} invalid={invalid} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} required />
            )}
          </Field>
        ))}
        <Field
          label="Service account password"
          required={!saved?.settings.bind_password_set}
          hint={saved?.settings.bind_password_set ? "Stored. Leave empty to keep it." : "Never shown again once saved"}
          error={fieldError("bind_password")}
        >
          {({ invalid, ...c }) => (
            <Input
              {...c}
              invalid={invalid}
              type="password"
              autoComplete="off"
              value={bindPassword}
              onChange={(e) => setBindPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label="Connection timeout (seconds)" error={fieldError("connection_timeout")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} type="number" min={1} max={120} value={timeout} onChange={(e) => setTimeoutSeconds(e.target.value)} />
          )}
        </Field>
        <label className="flex items-center gap-2 self-end text-sm text-slate-800">
          <input type="checkbox" checked={useTls} onChange={(e) => setUseTls(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
          Use TLS (StartTLS on ldap:// URLs)
        </label>
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">Test connection</legend>
        <p className="text-sm text-slate-600">Tries the settings above without saving them. Give a user name to check that the filter finds them.</p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-64">
            <Field label="User name to look up" hint="Optional">
              {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={testUser} onChange={(e) => setTestUser(e.target.value)} />}
            </Field>
          </div>
          <Button
            variant="secondary"
            loading={test.isPending}
            onClick={() => {
              save.reset();
              test.mutate({ settings: settings(), ...(testUser.trim() ? { username: testUser.trim() } : {}) });
            }}
          >
            Test connection
          </Button>
        </div>
        <div aria-live="polite">{test.data && <LdapTestResult result={test.data} />}</div>
      </fieldset>

      <FormActions submitLabel="Save settings" pending={save.isPending} withStatus status={save.isSuccess ? "Saved." : null} />
    </form>
  );
}
