// The entity page at /catalog/:namespace/:kind/:name.
export const entityPage = {
  notFound: "Entity not found",
} as const;
