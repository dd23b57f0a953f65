"use client";
// Workspace members: change a role in place, remove (with confirmation), add a company user picked by name.
// The API keeps at least one owner; its refusal is shown as is.
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { formatDate, personName } from "@/lib/client/format";
import { type TWorkspaceMember, useAddWorkspaceMember } from "@/lib/client/hooks/use-add-workspace-member";
import { useRemoveWorkspaceMember } from "@/lib/client/hooks/use-remove-workspace-member";
import { useUpdateWorkspaceMember } from "@/lib/client/hooks/use-update-workspace-member";
import { ROLE_LABELS, ROLE_NAMES, type TWorkspaceRole, WORKSPACE_ROLE_OPTIONS } from "./roles";
import { type TPickedUser, UserPicker } from "./user-picker";

export interface MembersSectionProps {
  workspaceId: number;
  /** Undefined when the caller may not see members (editors and viewers). */
  members: TWorkspaceMember[] | undefined;
  canManage: boolean;
}

function AddMemberForm({
  workspaceId,
  memberIds,
  onAdded,
}: {
  workspaceId: number;
  memberIds: ReadonlySet<number>;
  onAdded: (m: TWorkspaceMember) => void;
}) {
  const [user, setUser] = useState<TPickedUser | null>(null);
  const [missing, setMissing] = useState(false);
  // Remounting the picker after an addition clears its text.
  const [pickerKey, setPickerKey] = useState(0);
  const [role, setRole] = useState<TWorkspaceRole>("viewer");
  const add = useAddWorkspaceMember(workspaceId);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!user) {
      setMissing(true);
      e.currentTarget.querySelector<HTMLInputElement>("[data-user-picker] input")?.focus();
      return;
    }
    add.mutate(
      { user_id: user.id, role },
      {
        onSuccess: (m) => {
          setUser(null);
          setPickerKey((k) => k + 1);
          onAdded(m);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add member" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <ApiErrorAlert error={add.error} shownFields={["user_id", "role"]} />
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="User" required error={missing ? "Choose a user from the list." : add.error?.fieldMessage("user_id")}>
          {({ invalid, ...c }) => (
            <div data-user-picker>
              <UserPicker
                key={pickerKey}
                {...c}
                invalid={invalid}
                value={user}
                onChange={(u) => {
                  setUser(u);
                  if (u) setMissing(false);
                }}
                disabledIds={memberIds}
                disabledReason="Already a member"
              />
            </div>
          )}
        </Field>
        <Field label="Role" error={add.error?.fieldMessage("role")}>
          {({ invalid, ...c }) => (
            <Select {...c} invalid={invalid} value={role} onChange={(e) => setRole(e.target.value as TWorkspaceRole)}>
              {WORKSPACE_ROLE_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" loading={add.isPending}>
          Add member
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Search the users of your company by name, username or e-mail (if you may not list them, enter a numeric user id). Users who sign in through
        the company directory appear after their first sign-in.
      </p>
    </form>
  );
}

export function MembersSection({ workspaceId, members, canManage }: MembersSectionProps) {
  const update = useUpdateWorkspaceMember(workspaceId);
  const remove = useRemoveWorkspaceMember(workspaceId);
  const [removing, setRemoving] = useState<TWorkspaceMember | null>(null);
  const [announce, setAnnounce] = useState("");

  if (!members) {
    return <Alert tone="info">Only the workspace owner and company admins can see the members of this workspace.</Alert>;
  }
  return (
    <div className="space-y-3">
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {announce}
      </p>
      <ApiErrorAlert error={update.error} title="The role was not changed" />
      <DataTable caption="Members" columns={["Member", "User ID", "Role", "Since", ACTIONS_COLUMN]} flat>
        {members.map((m) => {
          const name = personName(m);
          return (
            <tr key={m.user_id} data-testid="member-row">
              <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                {name}
                <span className="block text-xs font-normal text-slate-500">{m.email}</span>
              </th>
              <td className="px-4 py-2 tabular-nums text-slate-600">{m.user_id}</td>
              <td className="px-4 py-2">
                {canManage ? (
                  <Select
                    aria-label={`Role of ${name}`}
                    value={m.role}
                    disabled={update.isPending && update.variables?.userId === m.user_id}
                    onChange={(e) =>
                      update.mutate(
                        { userId: m.user_id, role: e.target.value as TWorkspaceRole },
                        { onSuccess: (u) => setAnnounce(`${name} is now ${ROLE_NAMES[u.role].toLowerCase()}.`) },
                      )
                    }
                    className="w-32 min-w-32"
                  >
                    {WORKSPACE_ROLE_OPTIONS.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_NAMES[r]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  ROLE_NAMES[m.role]
                )}
              </td>
              <td className="px-4 py-2 text-slate-600">{formatDate(m.created_at)}</td>
              <td className="px-4 py-2 text-right">
                {canManage && (
                  <Button
                    variant="ghost"
                    className="px-3 py-1 text-red-700"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(m);
                    }}
                  >
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {canManage && (
        <AddMemberForm
          workspaceId={workspaceId}
          memberIds={new Set(members.map((m) => m.user_id))}
          onAdded={(m) => {
            update.reset();
            setAnnounce(`${personName(m)} added as ${ROLE_NAMES[m.role].toLowerCase()}.`);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? personName(removing) : ""}?`}
        confirmLabel="Remove member"
        pending={remove.isPending}
        error={<ApiErrorAlert error={remove.error} />}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => {
              update.reset();
              setAnnounce(`${personName(removing)} removed.`);
              setRemoving(null);
            },
          })
        }
      >
        They lose access to the workspace&apos;s documents unless their company role grants it.
      </ConfirmDialog>
    </div>
  );
}
