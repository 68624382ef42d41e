import { data } from "react-router";
import type { Route } from "./+types/ui-kit";
import { useTranslation } from "~/components/ui/root-data";
import { KitGallery } from "~/components/ui/gallery/kit-gallery";
import { GALLERY_CODE, GALLERY_MARKDOWN } from "~/components/ui/gallery/gallery-samples";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Header, pageMeta } from "~/components/ui/page";
import { settingsOwnerOf } from "~/lib/auth/identity";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import { getRequestContext } from "~/lib/context.server";
import { highlightCode } from "~/lib/highlight/highlight-code.server";
import { renderMarkdown } from "~/lib/markdown/render-markdown.server";
import { dismissedBanners } from "~/lib/settings/notifications.server";

// GET /dev/ui-kit: every component of the shared UI kit on one page, for
// people building pages and for the end-to-end screenshots. Served only in
// the development auth environment (auth.environment, 'development' unless a
// deployment says otherwise), like the development identity provider:
// elsewhere it is the 404 page (decision 018).

export async function loader({ context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  if (app.config.config.auth.environment !== "development") throw data("Not Found", { status: 404 });
  const identity = requireIdentity(context);
  // Signed out, nobody can dismiss anything: the banner shows, its dismissal answers 401.
  const dismissed = await dismissedBanners(app.userSettings, settingsOwnerOf(identity));
  // Markdown and code are rendered here, on the server, as every page that shows them does.
  const samples = { markdownHtml: renderMarkdown(GALLERY_MARKDOWN), codeHtml: (await highlightCode(GALLERY_CODE, "yaml")).html };
  return { dismissed, samples };
}

export default function UiKit({ loaderData }: Route.ComponentProps) {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="tool" title={t("uiKit.gallery.title")} subtitle={t("uiKit.gallery.subtitle")} />
      <KitGallery dismissed={loaderData.dismissed} samples={loaderData.samples} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "uiKit.gallery.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
