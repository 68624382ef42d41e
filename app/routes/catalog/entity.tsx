import { data } from "react-router";
import type { Route } from "./+types/entity";
import { EntityDialogs, OrphanWarning } from "~/components/catalog/entity-dialogs";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content } from "~/components/ui/page";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { pageIdentity } from "~/lib/auth/sign-in.server";
import { entityDialogAction, loadEntityDialogs } from "~/lib/catalog/entity-dialogs.server";
import { getRequestContext } from "~/lib/context.server";

// The entity page: /catalog/:namespace/:kind/:name and its tabs below it.
// (The header, tabs and cards are the entity page's own work; what is here
// is the dialogs' wiring: the loader reads them, the action delegates to them.)

async function loadEntity({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const app = getRequestContext(context);
  const identity = await pageIdentity(app, request, new Headers());
  const credentials = pageCredentials(identity);
  const entity = await app.catalog.entities.entityByName(params.kind, params.namespace, params.name, { credentials }).catch(() => undefined);
  if (!entity) throw data({ kind: params.kind }, { status: 404 });
  return { app, identity, credentials, entity };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, credentials, entity } = await loadEntity(args);
  const dialogs = await loadEntityDialogs(app, { url: new URL(args.request.url), entity, credentials });
  return { entity, dialogs };
}

export async function action(args: Route.ActionArgs) {
  const { app, identity, credentials, entity } = await loadEntity(args);
  const form = await args.request.formData();
  const result = await entityDialogAction(app, { request: args.request, form, entity, credentials, identity });
  if (result instanceof Response) return result;
  if (result) return data({ error: result.error }, { status: result.status });
  return data({ error: "Unknown intent" }, { status: 400 });
}

export default function EntityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entity, dialogs } = loaderData;
  return (
    <main id="main">
      <Content>
        <OrphanWarning entity={entity} />
        <h1>{entity.metadata.title ?? entity.metadata.name}</h1>
        <EntityDialogs data={dialogs} entity={entity} actionError={actionData?.error} />
      </Content>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
