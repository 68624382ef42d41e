import { data, type ErrorResponse } from "react-router";
import type { Route } from "./+types/entity";
import { EntityDialogs, preloadEntityDialogs } from "~/components/catalog/entity-dialogs";
import { OrphanBanner } from "~/components/catalog/unregister/orphan-banner";
import { EntityCards, preloadEntityCards } from "~/components/catalog/entity-page/entity-cards";
import { EntityHeader, EntityTabs } from "~/components/catalog/entity-page/entity-header";
import { EntityNotFound, ProcessingErrors, RelationWarning } from "~/components/catalog/entity-page/warnings";
import { useTranslation } from "~/components/ui/root-data";
import { ErrorPanel } from "~/components/ui/error-panel";
import { GeneralErrorBoundary, StatusErrorPage } from "~/components/ui/general-error-boundary";
import { Content, documentTitle } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { entityDialogSchema } from "~/lib/catalog/entity-dialogs-schema";
import { entityDialogAction, loadEntityDialogs } from "~/lib/catalog/entity-dialogs.server";
import { loadEntityPageView } from "~/lib/catalog/entity-page/entity-page.server";
import { externalRoutePath } from "~/lib/catalog/entity-page/external-routes";
import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { entityRoute } from "~/lib/catalog/entity-route";
import { getRequestContext } from "~/lib/context.server";
import { parseForm, refuseSubmission } from "~/lib/forms/submission";
import { formReplyOf } from "~/lib/forms/reply";
import { DELETE_POD_INTENT } from "~/lib/kubernetes/delete-pod";
import { deletePodSchema } from "~/lib/kubernetes/delete-pod-schema";
import { deletePodAction } from "~/lib/kubernetes/delete-pod.server";
import { recordEntityVisitQuietly } from "~/lib/home/home-settings.server";
import { NotFoundError } from "~/lib/errors";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";
import { readerStatusCode } from "~/lib/techdocs/reader-page";

// The entity page: /catalog/:namespace/:kind/:name, its tabs below it (the
// splat). Tabs and cards come from the layout in catalog.entityPage; the
// dialogs (inspector, unregister) open from the URL and are theirs to load.

/** The 404 body the ErrorBoundary shows as Backstage's 'Entity not found' panel. */
type EntityNotFoundData = { entityNotFound: true; kind: string };

async function readEntity({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  // What the visitor may not read is, to them, not there: the same 404.
  const entity = await app.catalog.entities.entityByName(params.kind, params.namespace, params.name, { credentials }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!entity) throw data<EntityNotFoundData>({ entityNotFound: true, kind: params.kind }, { status: 404 });
  return { app, identity, credentials, entity };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, identity, credentials, entity } = await readEntity(args);
  const url = new URL(args.request.url);
  const [view, dialogs] = await Promise.all([
    loadEntityPageView(app, { entity, splat: args.params["*"], search: url.searchParams, credentials, identity, cookie: args.request.headers.get("cookie") }),
    loadEntityDialogs(app, { url, entity, credentials }),
    // The home page's 'Recently visited' widget.
    recordEntityVisitQuietly(app, settingsOwnerOf(identity), stringifyEntityRef(entity)),
  ]);
  if (!view) {
    const t = createTranslator(readPreferences(args.request.headers.get("cookie")).language);
    throw data(t("notFound.detail"), { status: 404, statusText: "Not Found" });
  }
  await Promise.all([preloadEntityCards(view), preloadEntityDialogs(dialogs)]);
  // The Docs tab answers as the docs reader does: a missing page 404, a failed build 500.
  const docs = view.cards.find((card) => card.card === "techdocs")?.reader;
  return data({ entity, view, dialogs }, { status: docs ? readerStatusCode(docs) : 200 });
}

export async function action(args: Route.ActionArgs) {
  const { app, identity, credentials, entity } = await readEntity(args);
  // The page's forms: its dialogs' and the Kubernetes tab's Delete Pod (the star posts to /catalog/star).
  const form = await args.request.formData();
  if (form.get("intent") === DELETE_POD_INTENT) {
    const deletion = parseForm(form, deletePodSchema);
    if (deletion.status !== "success") return refuseSubmission(deletion);
    const url = new URL(args.request.url);
    const tab = args.params["*"];
    const returnTo = `${entityRoute(entity)}${tab ? `/${tab}` : ""}${url.search}`;
    return deletePodAction(app, { request: args.request, submission: deletion, credentials, returnTo });
  }
  const submission = parseForm(form, entityDialogSchema);
  if (submission.status !== "success") return refuseSubmission(submission);
  // After an unregister or delete: the configured redirect, else the catalog index.
  const redirectTo = externalRoutePath(app.config.config.app.routes, "unregisterRedirect");
  return entityDialogAction(app, { request: args.request, submission, entity, credentials, identity }, { redirectTo });
}

export default function EntityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entity, view, dialogs } = loaderData;
  return (
    <main id="main">
      <EntityHeader view={view} />
      <EntityTabs view={view} basePath={entityRoute(entity)} />
      <Content>
        <div className="flex flex-col gap-4">
          {view.overview ? (
            <>
              <OrphanBanner entity={entity} />
              <ProcessingErrors errors={view.processingErrors} presentations={view.presentations} inspectAncestryHref={`${entityRoute(entity)}?inspect=ancestry`} />
              <RelationWarning missing={view.missingRelations} />
            </>
          ) : null}
          <EntityCards view={view} entity={entity} />
        </div>
      </Content>
      <EntityDialogs data={dialogs} entity={entity} lastResult={formReplyOf(actionData)} />
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string }; preferences?: { language?: string } } | undefined;
  const t = createTranslator(root?.preferences?.language);
  const header = loaderData?.view.header;
  const title = header ? (header.namespace ? t("entityPage.titleInNamespace", { title: header.title, namespace: header.namespace }) : header.title) : t("entityPage.notFound");
  return [{ title: documentTitle(title, root?.config?.title) }];
}

export function ErrorBoundary() {
  const t = useTranslation();
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: EntityPageNotFound }}
      // A load error: an error alert with the error's text, in the page.
      unexpectedErrorHandler={(error) => (
        <main id="main">
          <Content>
            <ErrorPanel title={t("entityPage.loadError")} error={error} />
          </Content>
        </main>
      )}
    />
  );
}

/** No such entity (or none the visitor may read): Backstage's 'Entity not found' panel; a missing tab is the 404 page. */
function EntityPageNotFound({ error }: { error: ErrorResponse }) {
  const notFound = error.data as Partial<EntityNotFoundData> | null;
  if (!notFound?.entityNotFound) return <StatusErrorPage error={error} />;
  return (
    <main id="main">
      <Content>
        <EntityNotFound kind={String(notFound.kind)} />
      </Content>
    </main>
  );
}
