import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { pageMeta } from "~/components/ui/page";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";

// The catch-all: any path no other route claims is a 404 with PAGE NOT FOUND.
function notFound({ request }: { request: Request }): never {
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  throw data(t("notFound.detail"), { status: 404, statusText: "Not Found" });
}

export const loader = notFound;
export const action = notFound;

export default function NotFound() {
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "notFound.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
