// The entity inspector and the unregister and delete dialogs.
export const entityDialogs = {
  inspector: { title: "Entity Inspector" },
} as const;
