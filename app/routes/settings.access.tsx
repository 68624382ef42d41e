import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { data, Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/settings.access";
import { useTranslation } from "~/components/ui/root-data";
import { FieldError } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { AccessAnswerView } from "~/components/settings/access-answer";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { withoutKey } from "~/lib/forms/controls";
import { parseForm } from "~/lib/forms/submission";
import type { FormReply } from "~/lib/forms/reply";
import { explainAccess, mayAskAbout, mayAskAboutOthers } from "~/lib/permission/access-explainer.server";
import { accessQuestionSchema } from "~/lib/permission/access-question";
import { ALL_PERMISSIONS } from "~/lib/permission/known-permissions";
import { permissionPolicyReadPermission } from "~/lib/permission/permissions";

// /settings/access?user=…&permission=…&entity=…: "why can or can't user X do
// P on entity E?". A GET form, so the answer is a link one can share and the
// page works without JavaScript. Anyone may ask about themselves; asking
// about others needs permission.policy.read (decision 010).

const PERMISSION_NAMES = ALL_PERMISSIONS.map((permission) => permission.name);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const params = new URL(request.url).searchParams;
  const own = identity?.userEntityRef ?? "";
  const values = { user: params.get("user") ?? own, permission: params.get("permission") ?? "", entity: params.get("entity") ?? "" };
  const mayAskOthers = mayAskAboutOthers(app.permissions, credentials);
  const page = { values, permissions: PERMISSION_NAMES, mayAskOthers };
  const none = { answer: undefined, lastResult: undefined as FormReply | undefined, forbidden: false };
  // No question yet: the form, filled in with the visitor's own ref.
  if (!params.has("permission")) return data({ ...page, ...none });

  // A GET form: its query is the submission, parsed and refused as a post would be (400, values kept).
  const submission = parseForm(new URLSearchParams(values), accessQuestionSchema);
  if (submission.status !== "success") return data({ ...page, ...none, lastResult: submission.reply() }, { status: 400 });
  if (!mayAskAbout(app.permissions, credentials, submission.value.user)) {
    return data({ ...page, ...none, forbidden: true }, { status: 403 });
  }
  const answer = await explainAccess(submission.value, { asker: credentials, permissions: app.permissions, catalog: app.catalog });
  return data({ ...page, ...none, answer });
}

export default function SettingsAccess({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { answer, forbidden } = loaderData;
  // key: every question starts the form afresh from its own answer (conform keeps a form's errors until told otherwise).
  const { search } = useLocation();
  return (
    <main id="main">
      <Header theme="home" title={t("settingsAccess.title")} subtitle={t("settingsAccess.subtitle")} />
      <Content>
        <AccessQuestionForm key={search} values={loaderData.values} permissions={loaderData.permissions} mayAskOthers={loaderData.mayAskOthers} lastResult={loaderData.lastResult} />
        {forbidden ? (
          <p role="alert" className="mt-6 max-w-4xl rounded bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
            {t("settingsAccess.forbidden", { permission: permissionPolicyReadPermission.name })}
          </p>
        ) : null}
        {answer ? <AccessAnswerView answer={answer} /> : null}
      </Content>
    </main>
  );
}

type QuestionFormProps = { values: { user: string; permission: string; entity: string }; permissions: string[]; mayAskOthers: boolean; lastResult: FormReply | undefined };

function AccessQuestionForm({ values, permissions, mayAskOthers, lastResult }: QuestionFormProps) {
  const t = useTranslation();
  const busy = useNavigation().state === "loading";
  const [form, fields] = useForm({
    id: "access",
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseForm(formData, accessQuestionSchema),
    shouldRevalidate: "onInput",
  });
  const field = "mt-1 block w-full rounded border border-slate-300 bg-transparent p-2";
  const hint = "mt-1 text-sm text-slate-600 dark:text-slate-300";
  return (
    <Form method="get" {...getFormProps(form)} className="grid max-w-4xl gap-4 rounded bg-white p-6 shadow md:grid-cols-2 dark:bg-slate-900" aria-label={t("settingsAccess.title")}>
      <div>
        <label htmlFor={fields.user.id} className="font-semibold">
          {t("settingsAccess.user")}
        </label>
        <input {...withoutKey(getInputProps(fields.user, { type: "text", ariaDescribedBy: fields.user.descriptionId }))} readOnly={!mayAskOthers} required className={field} />
        <p id={fields.user.descriptionId} className={hint}>
          {t("settingsAccess.userHint")}
        </p>
        <FieldError id={fields.user.errorId} errors={fields.user.errors} />
      </div>
      <div>
        <label htmlFor={fields.permission.id} className="font-semibold">
          {t("settingsAccess.permission")}
        </label>
        <select {...withoutKey(getSelectProps(fields.permission))} required className={field}>
          <option value="" disabled>
            —
          </option>
          {permissions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={fields.permission.errorId} errors={fields.permission.errors} />
      </div>
      <div className="md:col-span-2">
        <label htmlFor={fields.entity.id} className="font-semibold">
          {t("settingsAccess.entity")}
        </label>
        <input {...withoutKey(getInputProps(fields.entity, { type: "text", ariaDescribedBy: fields.entity.descriptionId }))} className={field} />
        <p id={fields.entity.descriptionId} className={hint}>
          {t("settingsAccess.entityHint")}
        </p>
        <FieldError id={fields.entity.errorId} errors={fields.entity.errors} />
      </div>
      <div>
        <button type="submit" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
          {t("settingsAccess.explain")}
        </button>
      </div>
    </Form>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settingsAccess.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="permission" />;
}
