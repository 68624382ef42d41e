import { useTranslation } from "./root-data";
import type { TranslationKey } from "~/lib/i18n/i18n";

// The errors of one field, or of a whole form, from a form's conform state
// (app/lib/forms/submission.ts). The element's id is the one the field's
// `aria-describedby` names (conform's `errorId`), so a screen reader reads
// the error with the field. Messages are keys of the message catalogue; a
// sentence that is no key (a service's refusal) shows as written.

export function FieldError({ id, errors, className = "mt-1" }: { id: string; errors: readonly string[] | undefined; className?: string }) {
  const t = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} data-field-error className={`text-sm text-red-700 dark:text-red-300 ${className}`}>
      {errors.map((message) => (
        <p key={message}>{t(message as TranslationKey)}</p>
      ))}
    </div>
  );
}

/** Errors about the whole submission (`form.errors`), announced as an alert. */
export function FormErrors({ id, errors, className = "mb-4" }: { id: string; errors: readonly string[] | undefined; className?: string }) {
  const t = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" data-form-error className={`rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100 ${className}`}>
      {errors.map((message) => (
        <p key={message}>{t(message as TranslationKey)}</p>
      ))}
    </div>
  );
}
