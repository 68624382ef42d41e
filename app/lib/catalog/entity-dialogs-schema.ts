import { z } from "zod";
import { DELETE_ENTITY_INTENT, REFRESH_ENTITY_INTENT, UNREGISTER_LOCATION_INTENT } from "./entity-dialogs";

// Apart from the dialogs' constants (entity-dialogs.ts), which the page's
// components read, so that the entity page does not ship zod: only the
// action parses these posts.

/** The dialogs' forms, and the About card's refresh: a button posting one of the intents (app/lib/forms/submission.ts). */
export const entityDialogSchema = z.object({
  intent: z.enum([UNREGISTER_LOCATION_INTENT, DELETE_ENTITY_INTENT, REFRESH_ENTITY_INTENT], { error: "entityDialogs.unregister.intentInvalid" }),
});
