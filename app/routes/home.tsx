import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { HomeSettingsDialog } from "~/components/home/home-settings-dialog";
import { HomeWidget } from "~/components/home/home-widgets";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { SupportButton } from "~/components/ui/support-button";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { parseFormRequest, refuseSubmission } from "~/lib/forms/submission";
import { formReplyOf } from "~/lib/forms/reply";
import { loadHomePage } from "~/lib/home/home-page.server";
import { resetHomeWidgets, saveHomeWidgets } from "~/lib/home/home-settings.server";
import { draftFromForm, homeSettingsSchema, settingsOrder, widgetsFromForm } from "~/lib/home/home-widgets";

// The home page: the widgets the user chose (starred, recently visited,
// owned, a catalog search, docs), every widget by default. Its settings open
// from the URL (?customize=1, with the draft order in the URL as well) and
// save with a form post, so all of it works without JavaScript.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const home = await loadHomePage(app, identity);
  const params = new URL(request.url).searchParams;
  const customizing = Boolean(identity) && params.get("customize") === "1";
  const draft = params.has("widget")
    ? draftFromForm({ order: params.getAll("widget"), shown: params.getAll("show"), move: params.get("move") })
    : { order: settingsOrder(home.widgets), shown: home.widgets };
  return { home, settings: customizing ? draft : undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const submission = await parseFormRequest(request, homeSettingsSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  const { intent, widget, show } = submission.value;
  if (intent === "reset") await resetHomeWidgets(app.userSettings, settingsOwnerOf(identity));
  else await saveHomeWidgets(app.userSettings, settingsOwnerOf(identity), widgetsFromForm({ order: widget, shown: show }));
  throw redirect("/", 303);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const config = useRootData()?.config;
  const { home, settings } = loaderData;
  return (
    <main id="main">
      <Header
        theme="home"
        title={t("home.welcome", { title: config?.title ?? "Atrium" })}
        subtitle={config?.organizationName ? t("home.subtitle", { organization: config.organizationName }) : undefined}
      >
        {home.signedIn ? (
          <Link to="/?customize=1" className="rounded border border-white/70 px-4 py-2 font-semibold text-white hover:bg-white/10">
            {t("home.customize.open")}
          </Link>
        ) : null}
        <SupportButton />
      </Header>
      <Content>
        <p className="mb-6 max-w-2xl text-lg">{t("home.intro")}</p>
        <div className="grid gap-6 md:grid-cols-2" data-testid="home-widgets">
          {home.widgets.map((id) => (
            <div key={id} data-widget={id} className={id === "search" ? "md:col-span-2" : undefined}>
              <HomeWidget id={id} data={home} />
            </div>
          ))}
        </div>
      </Content>
      {settings ? <HomeSettingsDialog order={settings.order} shown={settings.shown} lastResult={formReplyOf(actionData)} /> : null}
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "home.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
