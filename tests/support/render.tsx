import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { publicConfigOf } from "~/lib/config/runtime";
import { configSchema } from "~/lib/config/schema";
import type { RootData } from "~/lib/root-data";

// Renders components the way the server does: through React Router's static
// handler, with a root route whose data looks like the real root loader's.

export function rootData(overrides: { basePath?: string; supportItems?: RootData["config"]["support"]["items"] } = {}): RootData {
  const config = configSchema.parse({
    app: { baseUrl: `http://localhost:7007${overrides.basePath ?? ""}`, title: "Test Portal", support: { url: "https://support.example", items: overrides.supportItems ?? [] } },
  });
  return {
    config: publicConfigOf(config),
    preferences: { theme: "auto", language: "en", sidebarPinned: true, sidebarIntroDismissed: false },
    alerts: [],
    requestId: "test",
    user: undefined,
    starred: undefined,
  };
}

export async function renderPage(element: ReactNode, options: { url?: string; root?: RootData; errorElement?: ReactNode; throws?: unknown } = {}) {
  const root = options.root ?? rootData();
  const basename = root.config.basePath || "/";
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: () => root,
      children: [
        {
          path: "*",
          loader: () => {
            if (options.throws !== undefined) throw options.throws;
            return null;
          },
          element,
          errorElement: options.errorElement,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(`http://localhost${root.config.basePath}${options.url ?? "/page"}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
