"use client";
// The instance announcement: shown as a banner in every console until cleared or past its expected end.
// There is no read endpoint for an inactive announcement, so the form starts from the active one.
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useClearAnnouncement } from "@/lib/client/hooks/use-clear-announcement";
import { useSetAnnouncement } from "@/lib/client/hooks/use-set-announcement";
import type { TSystemStatus } from "@/lib/client/hooks/use-system-status";
import { localToIso } from "./maintenance-form";

/** ISO instant → the value of a datetime-local input in local time. */
function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function AnnouncementForm({ current, onDone }: { current: TSystemStatus["announcement"]; onDone: (msg: string) => void }) {
  const set = useSetAnnouncement();
  const clear = useClearAnnouncement();
  const [message, setMessage] = useState(current.message ?? "");
  const [start, setStart] = useState(isoToLocal(current.expected_start));
  const [end, setEnd] = useState(isoToLocal(current.expected_end));
  const err = set.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set.mutate(
      { message: message.trim(), expected_start: localToIso(start) ?? null, expected_end: localToIso(end) ?? null },
      { onSuccess: (a) => onDone(a.active ? "Announcement published." : "Announcement saved; its expected end has passed, so it is not shown.") },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Announcement">
      <p className="text-sm text-slate-600">{current.active ? "An announcement is shown to every console now." : "No announcement is shown."}</p>
      <ApiErrorAlert error={err ?? clear.error} shownFields={["message", "expected_start", "expected_end"]} />
      <Field label="Message" required error={err?.fieldMessage("message")}>
        {({ invalid, ...c }) => (
          <Textarea {...c} invalid={invalid} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={2000} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Expected start" hint="Optional, your local time" error={err?.fieldMessage("expected_start")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />}
        </Field>
        <Field label="Expected end" hint="Optional; the banner disappears after it" error={err?.fieldMessage("expected_end")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={set.isPending}>
          Publish announcement
        </Button>
        {current.active && (
          <Button
            variant="secondary"
            loading={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onSuccess: () => {
                  setMessage("");
                  setStart("");
                  setEnd("");
                  onDone("Announcement cleared.");
                },
              })
            }
          >
            Clear announcement
          </Button>
        )}
      </div>
    </form>
  );
}
