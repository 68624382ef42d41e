import { data } from "react-router";
import type { Route } from "./+types/reader";
import { DocsReaderPage } from "~/components/techdocs/docs-reader";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { documentTitle } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { NotFoundError } from "~/lib/errors";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";
import { docsRoute, pagePathOf } from "~/lib/techdocs/reader-links";
import { readerStatusCode } from "~/lib/techdocs/reader-page";
import { loadReaderPage } from "~/lib/techdocs/reader-page.server";

// The docs reader: /docs/:namespace/:kind/:name/* (Backstage's
// techdocs.docRoot), one page of an entity's published documentation. A page
// not there answers 404, a failed build 500, a first build still running 200
// with a page that looks again.

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = requireIdentity(context);
  const credentials = pageCredentials(identity);
  const entity = await app.catalog.entities.entityByName(params.kind, params.namespace, params.name, { credentials }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!entity) {
    const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
    throw data(t("techdocs.reader.notFound"), { status: 404, statusText: "Not Found" });
  }
  const readerBase = docsRoute({ namespace: params.namespace, kind: params.kind, name: params.name });
  const reader = await loadReaderPage(app, { entity, pagePath: pagePathOf(params["*"]), readerBase, credentials, identity });
  return data({ reader, readerBase }, { status: readerStatusCode(reader) });
}

export default function DocsReaderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <DocsReaderPage data={loaderData.reader} readerBase={loaderData.readerBase} />
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string }; preferences?: { language?: string } } | undefined;
  const t = createTranslator(root?.preferences?.language);
  const reader = loaderData?.reader;
  const title =
    reader?.status === "ready"
      ? [reader.view.page.path === "" ? undefined : reader.view.page.title, reader.view.site.siteName || reader.header.title].filter(Boolean).join(" | ")
      : reader?.status === "notFound"
        ? t("techdocs.reader.notFound")
        : (reader?.header.title ?? t("techdocs.reader.notFound"));
  return [{ title: documentTitle(title, root?.config?.title) }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
