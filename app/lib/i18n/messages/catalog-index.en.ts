// The catalog index at /catalog.
export const catalogIndex = {
  title: "Catalog",
} as const;
