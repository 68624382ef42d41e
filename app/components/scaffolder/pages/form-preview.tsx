import { SchemaFields } from "~/components/scaffolder/wizard/schema-fields";
import { useTranslation } from "~/components/ui/root-data";
import type { StepView } from "~/lib/scaffolder/wizard/wizard.server";

/**
 * A template's form as the wizard renders it, every step one under the
 * other: the wizard's own field renderer and field extensions, so what the
 * editor shows is what users of the template will get. The fields belong
 * to no form of this page; they are there to look at and try.
 */
export function FormPreview({ steps, label }: { steps: StepView[]; label: string }) {
  const t = useTranslation();
  return (
    <section aria-label={label} data-testid="form-preview" className="flex flex-col gap-6">
      {steps.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("scaffolderPages.form.noSteps")}</p> : null}
      {steps.map((step) => (
        <fieldset key={step.index} className="rounded border border-slate-200 p-4 dark:border-slate-700" data-testid={`preview-step-${step.index}`}>
          <legend className="px-1 text-lg font-semibold">{t("scaffolderPages.form.step", { n: step.index + 1, title: step.title })}</legend>
          {step.description ? <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{step.description}</p> : null}
          <SchemaFields schema={step.schema} uiSchema={step.uiSchema} values={step.values} errors={{}} extensionData={step.extensionData} keptSecrets={step.keptSecrets} formData={step.values} />
        </fieldset>
      ))}
    </section>
  );
}
