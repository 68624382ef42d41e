// Bounds that keep a hostile definition from holding a request or a page.

/** A definition larger than this is cut (with a visible note) before it is parsed or shown. */
export const MAX_DEFINITION_CHARS = 2 * 1024 * 1024;
/** Schemas deeper than this are shown cut ("…"), $ref chains included. */
export const MAX_SCHEMA_DEPTH = 12;
/** Schema nodes one definition may expand in all: refs reused everywhere can grow exponentially without a cycle. */
export const MAX_SCHEMA_NODES = 20_000;
/** Operations, types, messages and the like listed per definition. */
export const MAX_LISTED_ITEMS = 2_000;
/** YAML alias expansion: the billion-laughs bound. */
export const MAX_YAML_ALIASES = 1_000;
