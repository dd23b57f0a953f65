"use client";
// Which agent answers: its instructions, model and retrieval scope apply to the next question.
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { ApiError } from "@/lib/client/api-client";
import type { TAgent } from "@/lib/contracts/agents";

export interface AgentPickerProps {
  agents: TAgent[];
  loading: boolean;
  error: ApiError | null;
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
}

export function AgentPicker({ agents, loading, error, value, onChange, disabled }: AgentPickerProps) {
  const chosen = agents.find((a) => a.id === value);
  const hint = error
    ? undefined
    : loading
      ? "Loading agents…"
      : chosen?.description || (chosen ? undefined : "Answers from every document you can read, with the default model.");
  return (
    <Field label="Agent" hint={hint} error={error ? `Agents could not be loaded: ${error.detail}` : undefined}>
      {(control) => (
        <Select
          {...control}
          invalid={control.invalid}
          value={value ?? ""}
          disabled={disabled || loading}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Default assistant</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
              {a.visibility === "private" ? " (private)" : ""}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
