import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useHref, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import "./lib/forms/zod-in-the-browser";
import { AppShell } from "./components/shell/app-shell";
import { GeneralErrorBoundary } from "./components/ui/general-error-boundary";
import { takeFlashAlerts } from "./lib/alerts/flash.server";
import { identityMiddleware, optionalIdentity } from "./lib/auth/request-identity.server";
import { undecodablePathMiddleware } from "./lib/http/undecodable-path.server";
import { offeredSignInOptions } from "./lib/auth/sign-in.server";
import { sidebarStarred } from "./lib/catalog/starred-sidebar.server";
import { getRequestContext } from "./lib/context.server";
import { useScriptNonce } from "./lib/http/script-nonce";
import type { RootData } from "./lib/root-data";
import { preferencesForPage } from "./lib/settings/user-preferences.server";

// A path that does not decode is answered 400 first; then who the visitor is, settled once per request
// for every route below (app/lib/auth/request-identity.server.ts).
export const middleware: Route.MiddlewareFunction[] = [undecodablePathMiddleware, identityMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const headers = new Headers();
  const identity = optionalIdentity(context);
  const [preferences, starred] = await Promise.all([preferencesForPage(app.userSettings, identity, request.headers.get("cookie"), app.publicConfig.basePath, headers), sidebarStarred(app, identity)]);
  const flash = takeFlashAlerts(request, app.publicConfig.basePath);
  if (flash.setCookie) headers.append("Set-Cookie", flash.setCookie);
  const user = identity && { userEntityRef: identity.userEntityRef, provider: identity.provider, canSignOut: offeredSignInOptions(app).length > 0 };
  return data({ config: app.publicConfig, preferences, alerts: flash.alerts, requestId: app.requestId, user, starred } satisfies RootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.preferences.theme ?? "auto";
  const nonce = useScriptNonce();
  // The icons in public/, below the base path (the router's basename).
  const iconBase = useHref("/");
  return (
    <html lang={root?.preferences.language ?? "en"} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "auto" ? "light dark" : theme} />
        <link rel="icon" href={`${iconBase}favicon.ico`} sizes="32x32" />
        <link rel="icon" href={`${iconBase}favicon.svg`} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell root={loaderData}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  const boundary = <GeneralErrorBoundary />;
  return root ? <AppShell root={root}>{boundary}</AppShell> : boundary;
}
