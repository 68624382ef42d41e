// Catalog strings shared by the index, the entity page and the sidebar.
export const catalogCommon = {
  star: {
    add: "Add {{title}} to favorites",
    remove: "Remove {{title}} from favorites",
  },
  starred: {
    title: "Starred",
    empty: "Click the star beside an entity name to add it to this list!",
  },
} as const;
