"use client";
// Invite by e-mail with the company role the person will have; names are optional (they can set them when
// accepting).
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { type TInvitationSent, useInviteUser } from "@/lib/client/hooks/use-invitations";
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type TCompanyRole } from "./roles";

const SHOWN_FIELDS = ["email", "company_role", "first_name", "last_name"];

export function InviteUserForm({ onSent, onCancel }: { onSent: (sent: TInvitationSent) => void; onCancel: () => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TCompanyRole>("member");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const invite = useInviteUser();
  const err = invite.error;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    invite.mutate({ email, company_role: role, first_name: firstName, last_name: lastName }, { onSuccess: onSent });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Invite a user">
      <ApiErrorAlert error={err} shownFields={SHOWN_FIELDS} quietWhenFieldsShown />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail" required error={err?.fieldMessage("email")}>
          {({ invalid, ...c }) => (
            <Input {...c} invalid={invalid} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
          )}
        </Field>
        <Field label="Role" hint="What they may do in the company" error={err?.fieldMessage("company_role")}>
          {({ invalid, ...c }) => (
            <Select {...c} invalid={invalid} value={role} onChange={(e) => setRole(e.target.value as TCompanyRole)}>
              {COMPANY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {COMPANY_ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="First name" hint="Optional" error={err?.fieldMessage("first_name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={firstName} onChange={(e) => setFirstName(e.target.value)} maxLength={150} />}
        </Field>
        <Field label="Last name" hint="Optional" error={err?.fieldMessage("last_name")}>
          {({ invalid, ...c }) => <Input {...c} invalid={invalid} value={lastName} onChange={(e) => setLastName(e.target.value)} maxLength={150} />}
        </Field>
      </div>
      <FormActions submitLabel="Send invitation" pending={invite.isPending} onCancel={onCancel} />
    </form>
  );
}
