// The scaffolder's templater with Backstage's built-in filters: what the
// workflow runner (step inputs, `if`, output) and fetch:template (file names
// and contents) create once per task or action run.

import { createDefaultFilters, integrationLookupFromConfig } from "./filters";
import type { IntegrationType, TemplateFilter } from "./filters";
import { createTemplater } from "./secure-templater.server";
import type { TemplateGlobal, Templater, TemplaterOptions } from "./secure-templater.server";

export { createTemplater, isSingleExpression, TemplateLimitError, TemplateRenderError } from "./secure-templater.server";
export type { Templater, TemplaterOptions, TemplateGlobal } from "./secure-templater.server";
export { createDefaultFilters, integrationLookupFromConfig, parseRepoUrl } from "./filters";
export type { IntegrationLookup, IntegrationType, RepoSpec, TemplateFilter } from "./filters";

export type ScaffolderTemplaterOptions = Omit<TemplaterOptions, "filters" | "globals"> & {
  /** The loaded `integrations` config; parseRepoUrl and projectSlug accept only its hosts (and Backstage's default public ones). */
  integrations?: Record<string, unknown>;
  /** Hosts outside the config that repository URLs may name, such as the embedded git host. */
  extraHosts?: Record<string, IntegrationType>;
  /** Filters added to (or replacing) the built-in ones, as Backstage's additionalTemplateFilters. */
  additionalFilters?: Record<string, TemplateFilter>;
  /** Global functions and values, as Backstage's additionalTemplateGlobals. */
  globals?: Record<string, TemplateGlobal>;
};

export function createScaffolderTemplater(options: ScaffolderTemplaterOptions = {}): Templater {
  const { integrations, extraHosts, additionalFilters, globals, ...rest } = options;
  const filters = { ...createDefaultFilters(integrationLookupFromConfig(integrations, extraHosts)), ...(additionalFilters ?? {}) };
  return createTemplater({ ...rest, filters, globals });
}

/**
 * The values a fetch:template skeleton sees: `values` as given, or
 * `cookiecutter` in cookiecutter compatibility (Backstage's fetch:template).
 */
export function skeletonContext(values: Record<string, unknown>, cookiecutterCompat: boolean): Record<string, unknown> {
  return cookiecutterCompat ? { cookiecutter: values } : { values };
}
