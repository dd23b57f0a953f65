"use client";
// Create or edit an agent: instructions, answer model (GET /api/v3/models), retrieval scope (workspaces,
// tags), top_k, rerank and visibility. Empty choices mean "the service default" / "no restriction".
import { type FormEvent, useState } from "react";
import { ApiErrorAlert } from "@/components/ui/api-error-alert";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { ApiError } from "@/lib/client/api-client";
import { useModels } from "@/lib/client/hooks/use-models";
import { useTags } from "@/lib/client/hooks/use-tags";
import { useWorkspaces } from "@/lib/client/hooks/use-workspaces";
import { MAX_PAGE_SIZE } from "@/lib/client/paginated";
import type { TAgent } from "@/lib/contracts/agents";

/** Mirrors AGENT_MAX_TOP_K in lib/contracts/agents.ts (not imported at run time: server code stays out of the bundle). */
const MAX_TOP_K = 50;

export interface TAgentValues {
  name: string;
  description: string;
  instructions: string;
  model: string | null;
  workspace_ids: number[];
  tag_ids: number[];
  top_k: number | null;
  rerank: boolean;
  visibility: TAgent["visibility"];
}

export interface AgentFormProps {
  initial?: TAgent;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  readOnly?: boolean;
  savedMessage?: string | null;
  onSubmit: (values: TAgentValues) => void;
  onCancel?: () => void;
}

const SHOWN = ["name", "description", "instructions", "model", "workspace_ids", "tag_ids", "top_k", "rerank", "visibility"];

export function AgentForm({ initial, submitLabel, pending, error, readOnly, savedMessage, onSubmit, onCancel }: AgentFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [instructions, setInstructions] = useState(initial?.instructions ?? "");
  const [model, setModel] = useState(initial?.model ?? "");
  const [workspaceIds, setWorkspaceIds] = useState<number[]>(initial?.workspace_ids ?? []);
  const [tagIds, setTagIds] = useState<number[]>(initial?.tag_ids ?? []);
  const [topK, setTopK] = useState(initial?.top_k == null ? "" : String(initial.top_k));
  const [rerank, setRerank] = useState(initial?.rerank ?? true);
  const [visibility, setVisibility] = useState<TAgent["visibility"]>(initial?.visibility ?? "private");
  const models = useModels();
  const workspaces = useWorkspaces({ page_size: MAX_PAGE_SIZE });
  const tags = useTags({ page_size: MAX_PAGE_SIZE });

  const answerModels = models.data?.results.filter((m) => m.type === "answer") ?? [];
  const defaultModel = answerModels.find((m) => m.is_default);
  // Keep a model the agent names even when this installation no longer lists it.
  const modelIds = [...answerModels.map((m) => m.id), ...(model && !answerModels.some((m) => m.id === model) ? [model] : [])];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      name,
      description,
      instructions,
      model: model || null,
      workspace_ids: workspaceIds,
      tag_ids: tagIds,
      top_k: topK.trim() === "" ? null : Number(topK),
      rerank,
      visibility,
    });
  };

  return (
    <form onSubmit={submit} aria-label={initial ? `Edit agent ${initial.name}` : "New agent"} className="space-y-5">
      <ApiErrorAlert error={error} shownFields={SHOWN} />
      <fieldset disabled={readOnly} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Agent name" required error={error?.fieldMessage("name")}>
            {({ invalid, ...c }) => (
              <Input {...c} invalid={invalid} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
            )}
          </Field>
          <Field label="Visibility" hint="Company: every user of the company may use it" error={error?.fieldMessage("visibility")}>
            {({ invalid, ...c }) => (
              <Select {...c} invalid={invalid} value={visibility} onChange={(e) => setVisibility(e.target.value as TAgent["visibility"])}>
                <option value="private">Private — you (and company admins)</option>
                <option value="company">Company — everyone in the company</option>
              </Select>
            )}
          </Field>
        </div>
        <Field label="Description" error={error?.fieldMessage("description")}>
          {({ invalid, ...c }) => (
            <Textarea {...c} invalid={invalid} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
          )}
        </Field>
        <Field label="Instructions" hint="Added to the answer model's system prompt" error={error?.fieldMessage("instructions")}>
          {({ invalid, ...c }) => (
            <Textarea
              {...c}
              invalid={invalid}
              rows={6}
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
              maxLength={20_000}
              className="font-mono"
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Answer model" error={error?.fieldMessage("model") ?? models.error?.detail}>
            {({ invalid, ...c }) => (
              <Select {...c} invalid={invalid} value={model} onChange={(e) => setModel(e.target.value)}>
                <option value="">{defaultModel ? `Default (${defaultModel.id})` : models.isPending ? "Loading models…" : "Default"}</option>
                {modelIds.map((id) => {
                  const m = answerModels.find((x) => x.id === id);
                  return (
                    <option key={id} value={id}>
                      {id}
                      {m ? ` — ${m.provider}${m.available ? "" : ", not available"}` : " — not configured"}
                    </option>
                  );
                })}
              </Select>
            )}
          </Field>
          <Field label="Passages per question (top_k)" hint={`1–${MAX_TOP_K}; empty for the service default`} error={error?.fieldMessage("top_k")}>
            {({ invalid, ...c }) => (
              <Input
                {...c}
                invalid={invalid}
                type="number"
                min={1}
                max={MAX_TOP_K}
                step={1}
                inputMode="numeric"
                value={topK}
                onChange={(e) => setTopK(e.target.value)}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={rerank} onChange={(e) => setRerank(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
          Rerank retrieved passages before answering
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckboxList
            legend="Workspaces"
            hint="None selected: every workspace the asking user can read"
            options={(workspaces.data?.results ?? []).map((w) => ({ value: w.id, label: w.name }))}
            value={workspaceIds}
            onChange={setWorkspaceIds}
            loading={workspaces.isPending}
            error={error?.fieldMessage("workspace_ids")}
            emptyText="No workspaces."
          />
          <CheckboxList
            legend="Tags"
            hint="None selected: no tag restriction; otherwise files with any of these tags"
            options={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name, hint: `(${t.document_count})` }))}
            value={tagIds}
            onChange={setTagIds}
            loading={tags.isPending}
            error={error?.fieldMessage("tag_ids")}
            emptyText="No tags yet."
          />
        </div>
      </fieldset>
      {!readOnly && <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} withStatus status={savedMessage} />}
    </form>
  );
}
