import { getFormProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { UrlDialog } from "~/components/ui/dialog";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { Progress } from "~/components/ui/progress";
import { DELETE_ENTITY_INTENT, entityDialogFormId, UNREGISTER_LOCATION_INTENT, UNREGISTER_PARAM, withSearchParams, type UnregisterState } from "~/lib/catalog/entity-dialogs";
import type { FormReply } from "~/lib/forms/reply";
import { DialogFormErrors } from "../dialog-form-errors";

// The unregister dialog in every variant of Backstage's
// UnregisterEntityDialog. Each button is a form post, so it works without
// JavaScript; 'Advanced Options' is a <details> element for the same reason.
// While a post runs (JavaScript's navigation state) every button is disabled.

/** "loading" exists only in the browser: the dialog is on its way from the server. */
export type UnregisterDialogState = UnregisterState | { type: "loading" };

export function UnregisterDialog({ state, lastResult }: { state: UnregisterDialogState; lastResult?: FormReply }) {
  const t = useTranslation();
  const location = useLocation();
  return (
    <UrlDialog title={t("entityDialogs.unregister.title")} closeTo={withSearchParams(location, { [UNREGISTER_PARAM]: null })} testId="unregister-dialog">
      <DialogFormErrors lastResult={lastResult} />
      <Contents state={state} lastResult={lastResult} />
    </UrlDialog>
  );
}

function Contents({ state, lastResult }: { state: UnregisterDialogState; lastResult: FormReply | undefined }) {
  const t = useTranslation();
  const appTitle = useRootData()?.config.title ?? "Atrium";
  switch (state.type) {
    case "loading":
      return <Progress label={t("entityDialogs.unregister.loading")} />;
    case "error":
      return <ErrorAlert>{state.message}</ErrorAlert>;
    case "bootstrap":
      return (
        <>
          <p role="note" className="rounded border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
            {t("entityDialogs.unregister.bootstrap.title", { location: state.location, appTitle })}
          </p>
          <Advanced description={t("entityDialogs.unregister.bootstrap.advancedDescription")} lastResult={lastResult} />
          <Actions />
        </>
      );
    case "only-delete":
      return (
        <>
          <p className="text-sm">{t("entityDialogs.unregister.onlyDelete")}</p>
          <div className="mt-4">
            <DeleteButton lastResult={lastResult} />
          </div>
          <Actions />
        </>
      );
    case "unregister":
      return (
        <>
          <p className="text-sm">{t("entityDialogs.unregister.state.title")}</p>
          <ul data-testid="unregister-entities" className="mt-2 list-disc space-y-0.5 pl-6 text-sm">
            {state.colocatedEntityRefs.map((ref) => (
              <li key={ref}>
                <EntityRefLink entityRef={ref} presentations={state.presentations} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">{t("entityDialogs.unregister.state.subTitle")}</p>
          <ul className="mt-2 list-disc pl-6 font-mono text-sm break-all">
            <li data-testid="unregister-location">{state.location}</li>
          </ul>
          <p className="mt-4 text-sm">{t("entityDialogs.unregister.state.description", { appTitle })}</p>
          <div className="mt-4">
            <PostButton intent={UNREGISTER_LOCATION_INTENT} lastResult={lastResult}>
              {t("entityDialogs.unregister.state.unregisterButton")}
            </PostButton>
          </div>
          <Advanced description={t("entityDialogs.unregister.state.advancedDescription")} lastResult={lastResult} />
          <Actions />
        </>
      );
    default:
      return <ErrorAlert>{t("entityDialogs.unregister.unknownState")}</ErrorAlert>;
  }
}

/** 'Advanced Options' revealing the delete button: a <details>, so it opens without JavaScript (and stays open after a refused delete). */
function Advanced({ description, lastResult }: { description: string; lastResult: FormReply | undefined }) {
  const t = useTranslation();
  return (
    <details className="group mt-4" open={lastResult?.initialValue?.intent === DELETE_ENTITY_INTENT || undefined}>
      <summary className="cursor-pointer text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t("entityDialogs.unregister.advancedOptions")}</summary>
      <hr className="my-4 border-slate-200 dark:border-slate-700" />
      <p className="text-sm">{description}</p>
      <div className="mt-3">
        <DeleteButton lastResult={lastResult} />
      </div>
    </details>
  );
}

function DeleteButton({ lastResult }: { lastResult: FormReply | undefined }) {
  const t = useTranslation();
  return (
    <PostButton intent={DELETE_ENTITY_INTENT} lastResult={lastResult}>
      {t("entityDialogs.unregister.deleteEntity")}
    </PostButton>
  );
}

/**
 * A button posting one of the dialog's intents to the entity page
 * (entityDialogSchema); disabled while any post runs. A refusal of its post
 * shows at the top of the dialog (DialogFormErrors), which form and button
 * name in aria-describedby.
 */
export function PostButton({ intent, lastResult, children }: { intent: string; lastResult: FormReply | undefined; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [form] = useForm({ id: entityDialogFormId(intent), lastResult: lastResult?.initialValue?.intent === intent ? lastResult : undefined });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="inline">
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-describedby={form.errors ? form.errorId : undefined}
        className="rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white uppercase shadow hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {children}
      </button>
    </Form>
  );
}

function Actions() {
  const t = useTranslation();
  const location = useLocation();
  return (
    <div className="mt-6 flex justify-end">
      <Link
        to={withSearchParams(location, { [UNREGISTER_PARAM]: null })}
        preventScrollReset
        className="rounded px-4 py-2 text-sm font-semibold text-brand-700 uppercase hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        {t("entityDialogs.unregister.cancel")}
      </Link>
    </div>
  );
}

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {children}
    </p>
  );
}
