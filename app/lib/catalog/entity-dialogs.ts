import type { Presentations } from "./presentation";

// What the entity page's dialogs (inspector, unregister and delete) hand from
// the loader to the components. Every dialog is opened by a query parameter,
// so a pasted link opens it on the server, with or without JavaScript:
//   ?inspect[=overview|ancestry|colocated|json|yaml]  the entity inspector
//   ?unregister                                        unregister or delete
//   ?delete                                            delete an orphaned entity

export const INSPECT_PARAM = "inspect";
export const UNREGISTER_PARAM = "unregister";
export const DELETE_PARAM = "delete";

export const INSPECTOR_TABS = ["overview", "ancestry", "colocated", "json", "yaml"] as const;
export type InspectorTab = (typeof INSPECTOR_TABS)[number];

/** The form intents the dialogs post; the entity page's action hands them to entityDialogAction. */
export const UNREGISTER_LOCATION_INTENT = "unregister-location";
export const DELETE_ENTITY_INTENT = "delete-entity";
/** The About card's "Schedule entity refresh", posted to the same action. */
export const REFRESH_ENTITY_INTENT = "refresh-entity";

/** The id of the form posting an intent; its errors (conform's `${id}-error`) show in the dialog. */
export function entityDialogFormId(intent: string): string {
  return `entity-dialog-${intent}`;
}

/** Backstage's marker for an entity from a protected configuration: it can be deleted, never unregistered. */
export const BOOTSTRAP_LOCATION_REF = "bootstrap:bootstrap";

/** An empty or unknown value opens the first tab, as Backstage's inspector does. */
export function parseInspectTab(value: string | null): InspectorTab {
  return (INSPECTOR_TABS as readonly string[]).includes(value ?? "") ? (value as InspectorTab) : INSPECTOR_TABS[0];
}

/**
 * The same page's URL with some query parameters set (a string) or removed
 * (null): every other parameter, and the path, are kept.
 */
export function withSearchParams(location: { pathname: string; search: string }, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export type AncestryNode = {
  entityRef: string;
  parentEntityRefs: string[];
};

export type InspectorTabData =
  | { tab: "overview"; presentations: Presentations }
  | { tab: "ancestry"; rootEntityRef: string; nodes: AncestryNode[]; presentations: Presentations }
  | {
      tab: "colocated";
      location?: string;
      origin?: string;
      /** Refs of the other entities with the same managed-by-location annotation. */
      atLocation: string[];
      /** Refs of the other entities with the same origin, not already listed at the location. */
      atOrigin: string[];
      presentations: Presentations;
    }
  | { tab: "json"; text: string }
  | { tab: "yaml"; text: string };

/** Backstage's useUnregisterEntityDialogState, decided on the server ("loading" is the browser's navigation). */
export type UnregisterState =
  | { type: "error"; message: string }
  | { type: "bootstrap"; location: string }
  | { type: "only-delete" }
  | { type: "unregister"; location: string; colocatedEntityRefs: string[]; presentations: Presentations };

export type EntityDialogsData = { kind: "none" } | { kind: "inspector"; data: InspectorTabData } | { kind: "unregister"; state: UnregisterState } | { kind: "delete-orphan" };
