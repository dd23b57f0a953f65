"use client";
// Searchable picker of the company's users (ARIA 1.2 combobox with a listbox popup): typing filters through
// GET /api/v3/users; ArrowDown/ArrowUp move, Home/End jump, Enter picks, Escape closes (or clears when
// closed), Tab leaves. Focus stays in the input; the active option is announced via aria-activedescendant.
// Callers who may not list users (403, e.g. a workspace owner without a company role) get a numeric id input.
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cx } from "@/components/ui/cx";
import { Input } from "@/components/ui/input";
import { personName } from "@/lib/client/format";
import { type TCompanyUser, useUsers } from "@/lib/client/hooks/use-users";

export interface TPickedUser {
  id: number;
  /** Display name; null when only an id was typed (fallback input). */
  name: string | null;
  email: string | null;
}

export interface UserPickerProps {
  id: string;
  "aria-describedby"?: string;
  invalid: boolean;
  value: TPickedUser | null;
  onChange: (user: TPickedUser | null) => void;
  /** Users shown but not selectable, with the reason (e.g. already members). */
  disabledIds?: ReadonlySet<number>;
  disabledReason?: string;
}

const ROLE_HINT: Record<TCompanyUser["company_role"], string | null> = {
  company_admin: "Company admin",
  company_dpo: "Company DPO",
  member: null,
};

export function UserPicker({ id, invalid, value, onChange, disabledIds, disabledReason = "Unavailable", ...aria }: UserPickerProps) {
  const listboxId = useId();
  const statusId = useId();
  const [text, setText] = useState(value?.name ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const users = useUsers(value ? "" : text);

  if (users.error?.status === 403) {
    return (
      <Input
        id={id}
        aria-describedby={aria["aria-describedby"]}
        invalid={invalid}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        placeholder="Numeric user id"
        value={value ? String(value.id) : text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          onChange(Number.isInteger(n) && n > 0 ? { id: n, name: null, email: null } : null);
        }}
        required
      />
    );
  }

  const options = users.data?.results ?? [];
  const selectable = (u: TCompanyUser | undefined) => !!u && !disabledIds?.has(u.id);
  const optionId = (i: number) => `${listboxId}-opt-${i}`;
  const expanded = open && (options.length > 0 || !users.isPending);

  const move = (from: number, step: 1 | -1) => {
    for (let i = 1; i <= options.length; i++) {
      const next = (from + step * i + options.length * 2) % options.length;
      if (selectable(options[next])) return next;
    }
    return -1;
  };
  const scrollTo = (i: number) => listRef.current?.querySelector(`#${CSS.escape(optionId(i))}`)?.scrollIntoView({ block: "nearest" });
  const activate = (i: number) => {
    setActive(i);
    if (i >= 0) scrollTo(i);
  };
  const pick = (u: TCompanyUser) => {
    if (!selectable(u)) return;
    const name = personName(u);
    setText(name);
    setOpen(false);
    setActive(-1);
    onChange({ id: u.id, name, email: u.email });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        if (!open || e.altKey) {
          setOpen(true);
          if (!e.altKey) activate(move(step === 1 ? -1 : 0, step));
          return;
        }
        activate(move(active === -1 && step === -1 ? 0 : active, step));
        return;
      }
      case "Home":
      case "End":
        if (!open) return;
        e.preventDefault();
        activate(e.key === "Home" ? move(-1, 1) : move(0, -1));
        return;
      case "Enter":
        // Inside an open list Enter picks; otherwise it submits the form as usual.
        if (open && active >= 0 && options[active]) {
          e.preventDefault();
          pick(options[active]);
        }
        return;
      case "Escape":
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText("");
          onChange(null);
        }
        return;
    }
  };

  const status = !open
    ? value
      ? `${value.name ?? `User ${value.id}`} selected.`
      : ""
    : users.error
      ? "The users could not be loaded."
      : users.isPending || users.settling
        ? "Searching users…"
        : options.length === 0
          ? "No user matches."
          : `${users.data?.count ?? options.length} user${(users.data?.count ?? options.length) === 1 ? "" : "s"} found${
              (users.data?.count ?? 0) > options.length ? `, first ${options.length} shown; type to narrow` : ""
            }.`;

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[aria["aria-describedby"], statusId].filter(Boolean).join(" ")}
        invalid={invalid}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name, username or e-mail"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <p id={statusId} role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <ul
        id={listboxId}
        ref={listRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (focus stays in the input)
        role="listbox"
        aria-label="Users"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {users.error && <li className="px-3 py-2 text-red-700">The users could not be loaded: {users.error.detail}</li>}
        {!users.error && options.length === 0 && !users.isPending && <li className="px-3 py-2 text-slate-600">No user matches “{text.trim()}”.</li>}
        {options.map((u, i) => {
          const disabled = !selectable(u);
          const role = ROLE_HINT[u.company_role];
          return (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options are chosen with the keyboard through the input (aria-activedescendant)
            <li
              key={u.id}
              id={optionId(i)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox
              role="option"
              aria-selected={i === active}
              aria-disabled={disabled || undefined}
              data-testid="user-option"
              // mousedown would blur the input (closing the list) before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => !disabled && active !== i && setActive(i)}
              onClick={() => pick(u)}
              className={cx(
                "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2",
                i === active && "bg-blue-50 ring-1 ring-inset ring-blue-600",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{personName(u)}</span>
                <span className="block truncate text-xs text-slate-600">
                  {u.email}
                  {!u.is_active && " · inactive"}
                </span>
              </span>
              <span className="shrink-0 text-xs text-slate-500">{disabled ? disabledReason : (role ?? `#${u.id}`)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
