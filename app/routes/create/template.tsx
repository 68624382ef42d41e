import { data, redirect } from "react-router";
import type { Route } from "./+types/template";
import { ReviewStep, StartOverForm, StepForm, WizardStepList } from "~/components/scaffolder/wizard/wizard";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, documentTitle } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { createWizardTask } from "~/lib/scaffolder/wizard/create-task.server";
import { loadTemplate, postWizard, refusedCreate, wizardView, type WizardCall } from "~/lib/scaffolder/wizard/wizard.server";
import { statusOf } from "~/lib/errors";

// /create/templates/:namespace/:templateName (and the legacy
// /create/templates/:templateName, in the default namespace): the wizard of
// one template. Each parameter step is a server-rendered form; the action
// validates it and keeps the draft on the server (docs/decisions/033), so
// Back, Next, Review and Create are plain posts that work without
// JavaScript. A refused step answers 400 with conform's reply and the step
// as posted; Create starts the task and goes to its page (303).

function wizardCall(request: Request, context: Route.LoaderArgs["context"]): WizardCall {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  return { app, identity, credentials: pageCredentials(identity), url: new URL(request.url) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const call = wizardCall(request, context);
  const template = await loadTemplate(call, params.namespace ?? "default", params.templateName);
  return wizardView(call, template);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const call = wizardCall(request, context);
  const template = await loadTemplate(call, params.namespace ?? "default", params.templateName);
  const formData = await request.formData();
  let outcome = await postWizard(call, template, formData);
  if (outcome.kind === "create") {
    try {
      const { taskId } = await createWizardTask(call, outcome);
      await call.app.wizardDrafts.remove(outcome.address);
      return redirect(`/create/tasks/${encodeURIComponent(taskId)}`, 303);
    } catch (error) {
      // The service's refusal (the permission policy, values it will not run) shows on the review; anything else is the error page.
      const status = statusOf(error);
      if (status !== 400 && status !== 403) throw error;
      outcome = await refusedCreate(call, template, formData, (error as Error).message, status);
    }
  }
  if (outcome.kind === "redirect") return redirect(outcome.to, 303);
  if (outcome.kind === "form") return data({ reply: outcome.reply, view: outcome.view }, { status: outcome.status });
  throw new Error("The wizard's post had no outcome");
}

export default function TemplateWizard({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  // A refused or re-rendered post brings its own view of the step (the fields its values show).
  const view = actionData?.view ?? loaderData;
  const reply = actionData?.reply;
  const current = view.step?.index ?? view.review?.index ?? 0;
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderWizard.title")} subtitle={t("scaffolderWizard.subtitle")} />
      <Content>
        <div className="flex flex-col gap-6">
          <section aria-labelledby="wizard-template-title" className="rounded bg-white p-6 shadow dark:bg-slate-900">
            <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
              <div>
                <h2 id="wizard-template-title" className="text-2xl font-semibold">
                  {view.template.title}
                </h2>
                {view.template.description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{view.template.description}</p> : null}
              </div>
              <StartOverForm />
            </div>
            <WizardStepList steps={view.steps} current={current} />
          </section>
          <section className="rounded bg-white p-6 shadow dark:bg-slate-900">
            {view.step ? <StepForm key={`${view.step.index}:${JSON.stringify(view.step.values)}`} step={view.step} total={view.steps.length} reply={reply} /> : null}
            {view.review ? <ReviewStep review={view.review} reply={reply} /> : null}
          </section>
        </div>
      </Content>
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string } } | undefined;
  return [{ title: documentTitle(loaderData?.template.title, root?.config?.title) }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
