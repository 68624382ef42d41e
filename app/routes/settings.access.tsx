import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings.access";
import { useTranslation } from "~/components/shell/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { AccessAnswerView } from "~/components/settings/access-answer";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";
import { explainAccess, mayAskAbout, mayAskAboutOthers } from "~/lib/permission/access-explainer.server";
import { ACCESS_FIELD_MESSAGES, accessQuestionSchema } from "~/lib/permission/access-question";
import { ALL_PERMISSIONS, permissionPolicyReadPermission } from "~/lib/permission/permissions";

// /settings/access?user=…&permission=…&entity=…: "why can or can't user X do
// P on entity E?". A GET form, so the answer is a link one can share and the
// page works without JavaScript. Anyone may ask about themselves; asking
// about others needs permission.policy.read (decision 010).

const PERMISSION_NAMES = ALL_PERMISSIONS.map((permission) => permission.name);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const credentials = pageCredentials(identity);
  const params = new URL(request.url).searchParams;
  const own = identity?.userEntityRef ?? "";
  const values = { user: params.get("user") ?? own, permission: params.get("permission") ?? "", entity: params.get("entity") ?? "" };
  const mayAskOthers = mayAskAboutOthers(app.permissions, credentials);
  const page = { values, permissions: PERMISSION_NAMES, mayAskOthers };
  // No question yet: the form, filled in with the visitor's own ref.
  if (!params.has("permission")) return data({ ...page, answer: undefined, errors: undefined, forbidden: false });

  const parsed = accessQuestionSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<keyof typeof ACCESS_FIELD_MESSAGES, (typeof ACCESS_FIELD_MESSAGES)[keyof typeof ACCESS_FIELD_MESSAGES]>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof typeof ACCESS_FIELD_MESSAGES;
      if (field in ACCESS_FIELD_MESSAGES) errors[field] = ACCESS_FIELD_MESSAGES[field];
    }
    return data({ ...page, answer: undefined, errors, forbidden: false }, { status: 400 });
  }
  if (!mayAskAbout(app.permissions, credentials, parsed.data.user)) {
    return data({ ...page, answer: undefined, errors: undefined, forbidden: true }, { status: 403 });
  }
  const answer = await explainAccess(parsed.data, { asker: credentials, permissions: app.permissions, catalog: app.catalog });
  return data({ ...page, answer, errors: undefined, forbidden: false });
}

export default function SettingsAccess({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  const { values, errors, answer, forbidden } = loaderData;
  const busy = useNavigation().state === "loading";
  const field = "mt-1 block w-full rounded border border-slate-300 bg-transparent p-2";
  return (
    <main id="main">
      <Header theme="home" title={t("settingsAccess.title")} subtitle={t("settingsAccess.subtitle")} />
      <Content>
        <Form method="get" className="grid max-w-4xl gap-4 rounded bg-white p-6 shadow md:grid-cols-2 dark:bg-slate-900" aria-label={t("settingsAccess.title")}>
          <div>
            <label htmlFor="access-user" className="font-semibold">
              {t("settingsAccess.user")}
            </label>
            <input
              id="access-user"
              name="user"
              defaultValue={values.user}
              readOnly={!loaderData.mayAskOthers}
              required
              aria-invalid={Boolean(errors?.user)}
              aria-describedby="access-user-hint"
              className={field}
            />
            <p id="access-user-hint" className={errors?.user ? "mt-1 text-sm text-red-700" : "mt-1 text-sm text-slate-600 dark:text-slate-300"}>
              {errors?.user ? t(errors.user) : t("settingsAccess.userHint")}
            </p>
          </div>
          <div>
            <label htmlFor="access-permission" className="font-semibold">
              {t("settingsAccess.permission")}
            </label>
            <select
              id="access-permission"
              name="permission"
              defaultValue={values.permission}
              required
              aria-invalid={Boolean(errors?.permission)}
              aria-describedby={errors?.permission ? "access-permission-error" : undefined}
              className={field}
            >
              <option value="" disabled>
                —
              </option>
              {loaderData.permissions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {errors?.permission ? (
              <p id="access-permission-error" className="mt-1 text-sm text-red-700">
                {t(errors.permission)}
              </p>
            ) : null}
          </div>
          <div className="md:col-span-2">
            <label htmlFor="access-entity" className="font-semibold">
              {t("settingsAccess.entity")}
            </label>
            <input id="access-entity" name="entity" defaultValue={values.entity} aria-invalid={Boolean(errors?.entity)} aria-describedby="access-entity-hint" className={field} />
            <p id="access-entity-hint" className={errors?.entity ? "mt-1 text-sm text-red-700" : "mt-1 text-sm text-slate-600 dark:text-slate-300"}>
              {errors?.entity ? t(errors.entity) : t("settingsAccess.entityHint")}
            </p>
          </div>
          <div>
            <button type="submit" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
              {t("settingsAccess.explain")}
            </button>
          </div>
        </Form>
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

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "settingsAccess.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="permission" />;
}
