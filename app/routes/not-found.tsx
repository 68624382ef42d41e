import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { appTitleFromMatches, documentTitle } from "~/components/ui/page";

// The catch-all: any path no other route claims is a 404 with PAGE NOT FOUND.
export function loader() {
  throw data("No page lives at this address.", { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data("No page lives at this address.", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle("Page not found", appTitleFromMatches(matches)) }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
