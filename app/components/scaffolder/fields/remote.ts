import { useEffect, useRef, useState } from "react";
import { humanizeEntityRef, stringifyEntityRef } from "~/lib/catalog/entity-ref";
import type { Entity } from "~/lib/catalog/entity";
import { CHOICE_LIMIT, type Choice } from "~/lib/scaffolder/fields/data";

// What the pickers ask the portal once scripts run: the catalog (the same
// GET /api/catalog/entities/by-query the catalog's own pages use) and the
// scaffolder's autocomplete (POST /api/scaffolder/v2/autocomplete/{provider}/{resource}),
// each after the user stopped typing for AUTOCOMPLETE_DEBOUNCE_MS, as
// Backstage's pickers do. The session cookie and the base path apply, as
// they do to every request of the page.

/** Backstage's debounce for autocomplete and branch fetches. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;

/**
 * Runs `load` once `key` has stayed the same for the debounce delay; a newer
 * key cancels the older request. Undefined key: nothing to load. Failures
 * leave the previous answer, as Backstage's pickers fall back to free text.
 */
export function useDebouncedLoad<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>, delay = AUTOCOMPLETE_DEBOUNCE_MS): T | undefined {
  const [result, setResult] = useState<T>();
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latest.current(controller.signal).then(
        (value) => {
          if (!controller.signal.aborted) setResult(value);
        },
        () => undefined,
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delay]);
  return result;
}

export async function searchCatalog(
  basePath: string,
  request: { filterParams: string[]; term: string; defaultKind?: string; defaultNamespace?: string; allowArbitraryValues: boolean },
  signal: AbortSignal,
): Promise<Choice[]> {
  const params = new URLSearchParams({ limit: String(CHOICE_LIMIT), orderField: "metadata.name,asc" });
  for (const filter of request.filterParams) params.append("filter", filter);
  for (const field of ["kind", "metadata.name", "metadata.namespace", "metadata.title"]) params.append("fields", field);
  if (request.term.trim()) {
    params.set("fullTextFilterTerm", request.term.trim());
    params.append("fullTextFilterFields", "metadata.name");
    params.append("fullTextFilterFields", "metadata.title");
  }
  const response = await fetch(`${basePath}/api/catalog/entities/by-query?${params}`, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`catalog search failed with ${response.status}`);
  const body = (await response.json()) as { items: Entity[] };
  return body.items.map((entity) => {
    const ref = humanizeEntityRef(entity, { defaultKind: request.defaultKind, defaultNamespace: request.defaultNamespace });
    return { value: stringifyEntityRef(entity), label: request.allowArbitraryValues ? ref : (entity.metadata.title ?? ref) };
  });
}

export type AutocompleteResult = { id?: string; title?: string };

/** Results of the scaffolder's autocomplete; the server uses the user's own source-control token. */
export async function autocomplete(basePath: string, provider: string, resource: string, context: Record<string, string>, signal: AbortSignal): Promise<AutocompleteResult[]> {
  const response = await fetch(`${basePath}/api/scaffolder/v2/autocomplete/${encodeURIComponent(provider)}/${encodeURIComponent(resource)}`, {
    method: "POST",
    signal,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ context }),
  });
  if (!response.ok) throw new Error(`autocomplete failed with ${response.status}`);
  const body = (await response.json()) as { results?: AutocompleteResult[] };
  return body.results ?? [];
}
