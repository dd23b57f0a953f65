"use client";
// The per-step verdicts of "Test connection": each step says OK, failed (with the reason) or not tried.
import { Alert } from "@/components/ui/alert";
import type { TLdapTestResult } from "@/lib/client/hooks/use-ldap-settings";

const STEP_NAMES: Record<TLdapTestResult["steps"][number]["step"], string> = {
  connect: "Connect to the server",
  bind: "Sign in as the service account",
  search_base: "Read the search base",
  find_user: "Find the user",
};

const VERDICTS = {
  ok: { mark: "✓", word: "OK", className: "text-green-800" },
  failed: { mark: "✗", word: "Failed", className: "text-red-800" },
  skipped: { mark: "–", word: "Not tried", className: "text-slate-500" },
} as const;

export function LdapTestResult({ result }: { result: TLdapTestResult }) {
  return (
    <Alert tone={result.ok ? "success" : "error"} title={result.ok ? "The directory works with these settings" : "The directory test failed"}>
      <ol className="mt-2 space-y-1" aria-label="Test steps">
        {result.steps.map((s) => {
          const v = VERDICTS[s.status];
          return (
            <li key={s.step} data-testid={`ldap-step-${s.step}`} className="flex gap-2">
              <span aria-hidden="true" className={`w-4 font-bold ${v.className}`}>
                {v.mark}
              </span>
              <span>
                <strong>{STEP_NAMES[s.step]}</strong>: <span className={v.className}>{v.word}</span>
                <span className="block text-xs text-slate-700">{s.detail}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {result.user && (
        <p className="mt-2 text-sm">
          Found {[result.user.first_name, result.user.last_name].filter(Boolean).join(" ") || result.user.dn} ({result.user.email || "no e-mail"}).
        </p>
      )}
    </Alert>
  );
}
