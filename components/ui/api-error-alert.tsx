// Shows an API failure from the v3 envelope: the detail, plus field errors that no form control displays
// (fields a form shows next to its inputs are passed in `shownFields` so they are not repeated).
import type { ApiError } from "@/lib/client/api-client";
import { Alert } from "./alert";

export interface ApiErrorAlertProps {
  error: ApiError | null | undefined;
  title?: string;
  shownFields?: string[];
  /** Show nothing for a validation error whose every field is among `shownFields` (the form already says it). */
  quietWhenFieldsShown?: boolean;
  className?: string;
}

export function ApiErrorAlert({ error, title, shownFields = [], quietWhenFieldsShown, className }: ApiErrorAlertProps) {
  if (!error) return null;
  const extra = Object.entries(error.fields).filter(([field]) => !shownFields.includes(field));
  if (quietWhenFieldsShown && error.code === "validation_error" && extra.length === 0 && Object.keys(error.fields).length > 0) return null;
  return (
    <Alert tone="error" title={title} className={className}>
      <p>{error.detail}</p>
      {extra.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {extra.map(([field, errs]) => (
            <li key={field}>
              <code>{field}</code>: {errs.map((e) => e.detail).join(" ")}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
