// What the entity page's dialogs (inspector, unregister and delete) hand from
// the loader to the components.

export type EntityDialogsData = { kind: "none" };
