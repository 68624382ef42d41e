import { useEffect } from "react";
import { useNavigation } from "react-router";
import type { Entity } from "~/lib/catalog/entity";
import { DELETE_PARAM, INSPECT_PARAM, UNREGISTER_PARAM, type EntityDialogsData } from "~/lib/catalog/entity-dialogs";
import type { FormReply } from "~/lib/forms/reply";
import { lazyView } from "~/components/ui/lazy-view";
import { DialogFormErrors } from "./dialog-form-errors";

// Each dialog is a chunk of its own (app/components/ui/lazy-view.ts), fetched
// by a page that opens it, not with every entity page; the entity page's
// loader preloads the one its URL opens (preloadEntityDialogs), so the server
// renders it in the first HTML. Pointing at or focusing the 'more' menu
// starts fetching the chunks of the dialogs it opens (prefetchEntityDialogs);
// a navigation that opens one otherwise fetches its chunk while the loader runs.
const inspector = lazyView(() => import("./inspector/inspector-dialog"));
const InspectorDialog = inspector.component((module) => module.InspectorDialog);
const unregister = lazyView(() => import("./unregister/unregister-dialog"));
const UnregisterDialog = unregister.component((module) => module.UnregisterDialog);
const orphan = lazyView(() => import("./unregister/orphan"));
const DeleteOrphanDialog = orphan.component((module) => module.DeleteOrphanDialog);

/** Loads the chunk of the dialog the URL opens, before the server renders it (the entity page's loader). */
export async function preloadEntityDialogs(data: EntityDialogsData): Promise<void> {
  if (data.kind === "inspector") await inspector.preload();
  else if (data.kind === "unregister") await unregister.preload();
  else if (data.kind === "delete-orphan") await orphan.preload();
}

/** Starts fetching the chunks of the dialogs the 'more' menu opens, as the user reaches for the menu, so a dialog waits only for its data. */
export function prefetchEntityDialogs(): void {
  inspector.prefetch();
  unregister.prefetch();
}

/** The dialog the URL opened (inspector, unregister), rendered on the server, with the reply to a refused post. */
export function EntityDialogs({ data, entity, lastResult }: { data: EntityDialogsData; entity: Entity; lastResult?: FormReply }) {
  const navigation = useNavigation();
  const opening = navigation.state === "loading" ? new URLSearchParams(navigation.location.search) : undefined;
  const opensInspector = Boolean(opening?.has(INSPECT_PARAM));
  const opensUnregister = Boolean(opening?.has(UNREGISTER_PARAM));
  const opensDelete = Boolean(opening?.has(DELETE_PARAM));
  useEffect(() => {
    if (opensInspector) inspector.prefetch();
    if (opensUnregister) unregister.prefetch();
    if (opensDelete) orphan.prefetch();
  }, [opensInspector, opensUnregister, opensDelete]);
  switch (data.kind) {
    case "inspector":
      return <InspectorDialog data={data.data} entity={entity} />;
    case "unregister":
      return <UnregisterDialog state={data.state} lastResult={lastResult} />;
    case "delete-orphan":
      return <DeleteOrphanDialog lastResult={lastResult} />;
    case "none":
      // With JavaScript the dialog opens at once, showing progress until the server's answer arrives.
      if (opensUnregister) {
        return <UnregisterDialog state={{ type: "loading" }} />;
      }
      // A hand-made post without its dialog open: the refusal still shows.
      return <DialogFormErrors lastResult={lastResult} />;
  }
}
