// Catalog strings shared by the index, the entity page and the sidebar.
export const catalogCommon = {
  star: {
    add: "Add {{title}} to favorites",
    remove: "Remove {{title}} from favorites",
    entityRefInvalid: "A valid entity ref is required, such as component:default/payments",
    signInRequired: "You must be signed in to star entities",
    forbidden: "You may not star {{entityRef}}",
  },
  starred: {
    title: "Starred",
    empty: "Click the star beside an entity name to add it to this list!",
  },
} as const;
