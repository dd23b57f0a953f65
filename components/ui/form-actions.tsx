// The action row at the foot of a form: submit (with pending spinner), optional Cancel, and an optional
// role="status" message (e.g. "Saved.") announced after a successful save.
import type { ReactNode } from "react";
import { Button } from "./button";

export interface FormActionsProps {
  submitLabel: ReactNode;
  pending: boolean;
  onCancel?: () => void;
  /** The message shown in the status region (only rendered with `withStatus`). */
  status?: string | null;
  /** Render the status region, so it exists before the first message and screen readers announce it. */
  withStatus?: boolean;
}

export function FormActions({ submitLabel, pending, onCancel, status, withStatus }: FormActionsProps) {
  return (
    <div className={withStatus ? "flex flex-wrap items-center gap-3" : "flex flex-wrap gap-2"}>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {withStatus && (
        <span role="status" className="text-sm text-green-800">
          {status}
        </span>
      )}
    </div>
  );
}
