import { data } from "react-router";
import type { Route } from "./+types/entity";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";

// The entity page: /catalog/:namespace/:kind/:name and its tabs below it.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const entity = await app.catalog.entities
    .entityByName(params.kind, params.namespace, params.name, { credentials: pageCredentials(identity) })
    .catch(() => undefined);
  if (!entity) throw data({ kind: params.kind }, { status: 404 });
  return { entity };
}

export default function EntityPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <Content>
        <h1>{loaderData.entity.metadata.title ?? loaderData.entity.metadata.name}</h1>
      </Content>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
