import { Form, useLocation, useNavigation } from "react-router";
import { FormErrors } from "~/components/ui/field-error";
import { useTranslation } from "~/components/ui/root-data";
import type { FormReply } from "~/lib/forms/reply";
import { WIZARD_FORM_ID, WIZARD_INTENT } from "~/lib/scaffolder/wizard/form-data";
import type { ReviewView, StepView } from "~/lib/scaffolder/wizard/wizard.server";
import { SchemaFields } from "./schema-fields";

// The wizard's steps: the step list, each parameter step as one form whose
// buttons post Back, Next (Review on the last step) or Update, and the
// review with Back and Create. Every button is a submit button, so the
// wizard moves with JavaScript off; the server keeps the draft in between.

const primary = "rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded border border-slate-300 px-4 py-2 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";

export function WizardStepList({ steps, current }: { steps: string[]; current: number }) {
  const t = useTranslation();
  const all = [...steps, t("scaffolderWizard.review")];
  return (
    <nav aria-label={t("scaffolderWizard.steps")}>
      <ol className="flex flex-wrap gap-2">
        {all.map((title, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li
              key={`${index}-${title}`}
              aria-current={state === "current" ? "step" : undefined}
              data-state={state}
              className={`flex items-center gap-2 rounded-full px-3 py-1 text-sm ${state === "current" ? "bg-brand-600 text-white" : state === "done" ? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
            >
              <span aria-hidden="true" className="font-semibold">
                {index + 1}
              </span>
              {title}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The current URL as the form's action: the route's path with its query (?formData= prefill). */
function useWizardAction(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

export function StepForm({ step, total, reply }: { step: StepView; total: number; reply: FormReply | undefined }) {
  const t = useTranslation();
  const action = useWizardAction();
  const busy = useNavigation().state !== "idle";
  const last = step.index === total - 1;
  const formErrors = reply?.error?.[""] ?? undefined;
  const hasErrors = Boolean(reply?.error && Object.values(reply.error).some((messages) => messages?.length));
  return (
    <Form
      method="post"
      action={action}
      id={WIZARD_FORM_ID}
      noValidate
      aria-labelledby="wizard-step-title"
      aria-describedby={hasErrors ? `${WIZARD_FORM_ID}-error` : undefined}
      className="flex flex-col gap-5"
    >
      {/* The first submit button is what Enter in a field presses: Next, never a list's Remove. */}
      <button type="submit" name={WIZARD_INTENT} value={last ? "review" : "next"} tabIndex={-1} aria-hidden="true" className="sr-only">
        {t(last ? "scaffolderWizard.review" : "scaffolderWizard.next")}
      </button>
      <input type="hidden" name="__step" value={step.index} />
      <div>
        <h2 id="wizard-step-title" className="text-xl font-semibold">
          {step.title}
        </h2>
        {step.description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{step.description}</p> : null}
      </div>
      <FormErrors id={`${WIZARD_FORM_ID}-error`} errors={hasErrors ? [...(formErrors ?? []), ...(formErrors?.length ? [] : ["scaffolderWizard.stepInvalid"])] : undefined} />
      {Object.keys(step.schema.properties ?? {}).length === 0 ? <p>{t("scaffolderWizard.noParameters")}</p> : null}
      <SchemaFields
        schema={step.schema}
        uiSchema={step.uiSchema}
        values={step.values}
        errors={reply?.error ?? {}}
        extensionData={step.extensionData}
        keptSecrets={step.keptSecrets}
        formData={step.values}
      />
      {step.conditional ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("scaffolderWizard.updateHint")}{" "}
          <button type="submit" name={WIZARD_INTENT} value="refresh" disabled={busy} className="underline">
            {t("scaffolderWizard.update")}
          </button>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {step.index > 0 ? (
          <button type="submit" name={WIZARD_INTENT} value="back" disabled={busy} className={secondary}>
            {t("scaffolderWizard.back")}
          </button>
        ) : null}
        <button type="submit" name={WIZARD_INTENT} value={last ? "review" : "next"} disabled={busy} className={primary}>
          {t(last ? "scaffolderWizard.review" : "scaffolderWizard.next")}
        </button>
      </div>
    </Form>
  );
}

export function ReviewStep({ review, reply }: { review: ReviewView; reply: FormReply | undefined }) {
  const t = useTranslation();
  const action = useWizardAction();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action={action} id={WIZARD_FORM_ID} aria-labelledby="wizard-step-title" className="flex flex-col gap-5">
      <input type="hidden" name="__step" value={review.index} />
      <div>
        <h2 id="wizard-step-title" className="text-xl font-semibold">
          {t("scaffolderWizard.review")}
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t("scaffolderWizard.reviewIntro")}</p>
      </div>
      <FormErrors id={`${WIZARD_FORM_ID}-error`} errors={reply?.error?.[""] ?? undefined} />
      {review.sections.map((section, index) => (
        <table key={`${index}-${section.title}`} className="w-full text-left">
          <caption className="mb-2 text-left font-semibold">{section.title}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("scaffolderWizard.reviewField")}</th>
              <th scope="col">{t("scaffolderWizard.reviewValue")}</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.name} data-review-field={row.name} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="w-1/3 py-2 pr-4 font-medium">
                  {row.label}
                </th>
                <td className="py-2 break-words">{row.masked ? t("scaffolderWizard.masked") : row.value || t("scaffolderWizard.noValue")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name={WIZARD_INTENT} value="back" disabled={busy} className={secondary}>
          {t("scaffolderWizard.back")}
        </button>
        <button type="submit" name={WIZARD_INTENT} value="create" disabled={busy} className={primary}>
          {t("scaffolderWizard.create")}
        </button>
      </div>
    </Form>
  );
}

export function StartOverForm() {
  const t = useTranslation();
  const action = useWizardAction();
  return (
    <Form method="post" action={action}>
      <button type="submit" name={WIZARD_INTENT} value="restart" className={secondary}>
        {t("scaffolderWizard.startOver")}
      </button>
    </Form>
  );
}
