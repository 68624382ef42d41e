import { DEFAULT_NAMESPACE } from "../entity";
import { parseEntityRef, stringifyEntityRef } from "../entity-ref";

// The catalog graph's state, read from and written to the URL with
// Backstage's parameters, so a link copied from Backstage's catalog graph
// page opens the same graph here. Backstage parses its query with `qs`, so
// arrays arrive as `rootEntityRefs[]=a`, `rootEntityRefs[0]=a` or a repeated
// `rootEntityRefs=a`; all are accepted. Its relation and kind filters are
// called `selectedRelations` and `selectedKinds`; the shorter `relations` and
// `kinds` are accepted too. Links we write use Backstage's names.

export const DIRECTIONS = ["TB", "BT", "LR", "RL"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export type GraphQuery = {
  rootEntityRefs: string[];
  /** Relation types to follow; undefined follows every relation. */
  relations?: string[];
  /** Kinds (lower case) to show besides the roots; undefined shows every kind. */
  kinds?: string[];
  /** Levels of relations to walk from the roots; Infinity walks until the node bound. */
  maxDepth: number;
  direction: Direction;
  mergeRelations: boolean;
  unidirectional: boolean;
};

/** Backstage's page defaults: every depth, left to right, merged pairs, one direction. */
export const PAGE_DEFAULTS: Omit<GraphQuery, "rootEntityRefs"> = { maxDepth: Number.POSITIVE_INFINITY, direction: "LR", mergeRelations: true, unidirectional: true };
/** Backstage's EntityCatalogGraphCard: the entity's direct relations. */
export const CARD_DEFAULTS: Omit<GraphQuery, "rootEntityRefs"> = { ...PAGE_DEFAULTS, maxDepth: 1 };

/** More roots than this is not a graph anyone reads; it is a way to make the server work. */
export const MAX_ROOTS = 20;
const MAX_FILTER_VALUES = 100;
const INFINITY_TOKENS = new Set(["∞", "Infinity", "inf"]);

export type GraphQueryProblem =
  | { key: "catalogGraph.errors.rootEntityRef"; values: { ref: string } }
  | { key: "catalogGraph.errors.tooManyRoots"; values: { max: number } }
  | { key: "catalogGraph.errors.maxDepth"; values: { value: string } }
  | { key: "catalogGraph.errors.direction"; values: { value: string } }
  | { key: "catalogGraph.errors.boolean"; values: { name: string; value: string } }
  | { key: "catalogGraph.errors.tooManyValues"; values: { name: string; max: number } };

export type ParsedGraphQuery = { query: GraphQuery; problems: GraphQueryProblem[] };

/** Every value of an array parameter in any of qs's forms: `name`, `name[]`, `name[0]`. */
function arrayParam(params: URLSearchParams, ...names: string[]): string[] | undefined {
  let found = false;
  const values: string[] = [];
  for (const [key, value] of params) {
    const base = key.replace(/\[\d*\]$/, "");
    if (!names.includes(base)) continue;
    found = true;
    values.push(
      ...value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );
  }
  return found ? values : undefined;
}

function lastParam(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  return all.length ? all[all.length - 1] : undefined;
}

/**
 * Reads the graph's state from a URL's query. What does not parse is named in
 * `problems` (the page answers 400 with them) and replaced by the default, so
 * the form can still show the rest.
 */
export function parseGraphQuery(params: URLSearchParams, defaults: Omit<GraphQuery, "rootEntityRefs"> = PAGE_DEFAULTS): ParsedGraphQuery {
  const problems: GraphQueryProblem[] = [];
  const rootEntityRefs: string[] = [];
  for (const ref of arrayParam(params, "rootEntityRefs") ?? []) {
    try {
      const normalised = stringifyEntityRef(parseEntityRef(ref, { defaultNamespace: DEFAULT_NAMESPACE }));
      if (!rootEntityRefs.includes(normalised)) rootEntityRefs.push(normalised);
    } catch {
      problems.push({ key: "catalogGraph.errors.rootEntityRef", values: { ref } });
    }
  }
  if (rootEntityRefs.length > MAX_ROOTS) {
    problems.push({ key: "catalogGraph.errors.tooManyRoots", values: { max: MAX_ROOTS } });
    rootEntityRefs.length = MAX_ROOTS;
  }

  const list = (name: string, values: string[] | undefined, normalise: (value: string) => string) => {
    if (values === undefined || values.length === 0) return undefined;
    if (values.length > MAX_FILTER_VALUES) problems.push({ key: "catalogGraph.errors.tooManyValues", values: { name, max: MAX_FILTER_VALUES } });
    return [...new Set(values.slice(0, MAX_FILTER_VALUES).map(normalise))];
  };
  const relations = list("selectedRelations", arrayParam(params, "selectedRelations", "relations"), (value) => value);
  const kinds = list("selectedKinds", arrayParam(params, "selectedKinds", "kinds"), (value) => value.toLocaleLowerCase("en-US"));

  let maxDepth = defaults.maxDepth;
  const depthText = lastParam(params, "maxDepth");
  if (depthText !== undefined && depthText !== "") {
    if (INFINITY_TOKENS.has(depthText)) maxDepth = Number.POSITIVE_INFINITY;
    else if (/^\d{1,6}$/.test(depthText)) maxDepth = Number(depthText);
    else problems.push({ key: "catalogGraph.errors.maxDepth", values: { value: depthText } });
  }

  let direction = defaults.direction;
  const directionText = lastParam(params, "direction");
  if (directionText !== undefined && directionText !== "") {
    if ((DIRECTIONS as readonly string[]).includes(directionText)) direction = directionText as Direction;
    else problems.push({ key: "catalogGraph.errors.direction", values: { value: directionText } });
  }

  const flag = (name: "mergeRelations" | "unidirectional") => {
    const text = lastParam(params, name);
    if (text === undefined || text === "") return defaults[name];
    if (text === "true" || text === "false") return text === "true";
    problems.push({ key: "catalogGraph.errors.boolean", values: { name, value: text } });
    return defaults[name];
  };

  return {
    query: { rootEntityRefs, relations, kinds, maxDepth, direction, mergeRelations: flag("mergeRelations"), unidirectional: flag("unidirectional") },
    problems,
  };
}

/** The query string of a graph, in Backstage's own form (brackets, '∞' for no depth limit). */
export function graphSearch(query: Partial<GraphQuery> & Pick<GraphQuery, "rootEntityRefs">): string {
  const params = new URLSearchParams();
  query.rootEntityRefs.forEach((ref) => params.append("rootEntityRefs[]", ref));
  if (query.maxDepth !== undefined) params.set("maxDepth", Number.isFinite(query.maxDepth) ? String(query.maxDepth) : "∞");
  query.kinds?.forEach((kind) => params.append("selectedKinds[]", kind));
  query.relations?.forEach((relation) => params.append("selectedRelations[]", relation));
  if (query.unidirectional !== undefined) params.set("unidirectional", String(query.unidirectional));
  if (query.mergeRelations !== undefined) params.set("mergeRelations", String(query.mergeRelations));
  if (query.direction !== undefined) params.set("direction", query.direction);
  return `?${params.toString()}`;
}
