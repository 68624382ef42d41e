// Where the catalog graph page starts without a root in its URL, as its loader hands it over (graph-start.server.ts).

/** A choice of the page's entity picker: the ref it submits and the title it shows. */
export type GraphChoice = { entityRef: string; title: string };

export type GraphStart = {
  /** The roots the graph starts from, at most MAX_ROOTS. */
  roots: string[];
  /** What they are: owned or starred entities, or none to start from. */
  source: "owned" | "starred" | "none";
  /** How many the visitor owns in all (the graph shows the first MAX_ROOTS by name). */
  ownedTotal: number;
  /** The picker's suggestions: the owned and the starred entities, by title. */
  choices: GraphChoice[];
};
