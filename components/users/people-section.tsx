"use client";
// The company's people: search, role (changed in place), status, and deactivate / reactivate. Your own row
// cannot be changed here (the API refuses it too), so nobody locks themselves out by accident.
import { useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ACTIONS_COLUMN, DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryStatus } from "@/components/ui/query-status";
import { SearchField } from "@/components/ui/search-field";
import { Select } from "@/components/ui/select";
import { personName } from "@/lib/client/format";
import { useDebouncedValue } from "@/lib/client/hooks/use-debounced-value";
import { useCompanyUsers, useUpdateUser } from "@/lib/client/hooks/use-manage-users";
import type { TCompanyUser } from "@/lib/contracts/users";
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type TCompanyRole } from "./roles";

const PAGE_SIZE = 25;

function DeactivateButton({ user }: { user: TCompanyUser }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateUser();
  const name = personName(user);
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1 text-red-700"
        aria-label={`Deactivate ${name}`}
        onClick={() => {
          update.reset();
          setOpen(true);
        }}
      >
        Deactivate
      </Button>
      <ConfirmDialog
        open={open}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        pending={update.isPending}
        error={<ApiErrorAlert error={update.error} />}
        onCancel={() => setOpen(false)}
        onConfirm={() => update.mutate({ id: user.id, body: { is_active: false } }, { onSuccess: () => setOpen(false) })}
      >
        {name} can no longer sign in to this company; their open sessions and API keys stop working now. Their documents stay. You can reactivate them
        later.
      </ConfirmDialog>
    </>
  );
}

export function PeopleSection({ currentUserId }: { currentUserId: number }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), 250);
  const users = useCompanyUsers({ page, page_size: PAGE_SIZE, search: term || undefined });
  const update = useUpdateUser();
  return (
    <section aria-labelledby="people-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="people-heading" className="text-base font-semibold">
          People {users.data && <span className="font-normal text-slate-500">({users.data.count})</span>}
        </h2>
        <SearchField
          id="people-search"
          label="Find people"
          placeholder="Name or e-mail…"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
      </div>
      <ApiErrorAlert error={update.error} />
      <QueryStatus isPending={users.isPending} error={users.error} isEmpty={users.data?.count === 0} noun="users" empty="Nobody matches.">
        <DataTable caption="People" columns={["Name", "Role", "Status", ACTIONS_COLUMN]}>
          {users.data?.results.map((u) => {
            const self = u.id === currentUserId;
            const name = personName(u);
            return (
              <tr key={u.id} data-testid="user-row">
                <td className="px-4 py-2">
                  <span className="font-medium text-slate-900">
                    {name}
                    {self && <span className="font-normal text-slate-500"> (you)</span>}
                  </span>
                  {name !== u.email && <span className="block text-xs text-slate-500">{u.email}</span>}
                </td>
                <td className="px-4 py-2">
                  <Select
                    aria-label={`Role of ${name}`}
                    value={u.company_role}
                    disabled={self || (update.isPending && update.variables?.id === u.id)}
                    onChange={(e) => update.mutate({ id: u.id, body: { company_role: e.target.value as TCompanyRole } })}
                    className="min-w-44"
                  >
                    {COMPANY_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {COMPANY_ROLE_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="px-4 py-2">{u.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated</Badge>}</td>
                <td className="px-4 py-2 text-right">
                  {!self &&
                    (u.is_active ? (
                      <DeactivateButton user={u} />
                    ) : (
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        aria-label={`Reactivate ${name}`}
                        loading={update.isPending && update.variables?.id === u.id}
                        onClick={() => update.mutate({ id: u.id, body: { is_active: true } })}
                      >
                        Reactivate
                      </Button>
                    ))}
                </td>
              </tr>
            );
          })}
        </DataTable>
        <Pagination label="People" page={page} pageSize={PAGE_SIZE} count={users.data?.count ?? 0} onPageChange={setPage} />
      </QueryStatus>
    </section>
  );
}
