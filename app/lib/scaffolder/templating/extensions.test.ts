import { describe, expect, it } from "vitest";
import { createTemplatingExtensions, templatingExtensions } from "./extensions";
import { createDefaultFilters, integrationLookupFromConfig } from "./filters";
import { createScaffolderTemplater, skeletonContext } from "./index.server";

describe("templating extensions", () => {
  it("lists exactly the filters the templater has, and no globals, as Backstage's defaults", () => {
    expect(Object.keys(templatingExtensions.filters).sort()).toEqual(Object.keys(createDefaultFilters(integrationLookupFromConfig({}))).sort());
    expect(templatingExtensions.globals).toEqual({ functions: {}, values: {} });
    for (const [id, filter] of Object.entries(templatingExtensions.filters)) {
      expect(filter.description, id).toBeTruthy();
      expect(filter.examples?.length, id).toBeGreaterThan(0);
      expect(filter.schema?.input, id).toBeDefined();
    }
  });

  it("adds an installation's filters and globals", () => {
    const extensions = createTemplatingExtensions({ filters: { shout: {} }, functions: { now: { description: "The time" } }, values: { org: { value: "acme" } } });
    expect(extensions.filters.shout).toEqual({});
    expect(extensions.globals).toEqual({ functions: { now: { description: "The time" } }, values: { org: { value: "acme" } } });
  });

  it("gives the outputs its examples promise", () => {
    const templater = createScaffolderTemplater();
    const outputOf = (expression: string, parameters: Record<string, unknown>) => templater.renderValue(`\${{ ${expression} }}`, { parameters });
    expect(outputOf("parameters.repoUrl | parseRepoUrl", { repoUrl: "github.com?repo=backstage&owner=backstage" })).toEqual({ host: "github.com", owner: "backstage", repo: "backstage" });
    expect(outputOf("parameters.repoUrl | projectSlug", { repoUrl: "github.com?repo=backstage&owner=backstage" })).toBe("backstage/backstage");
    expect(outputOf("parameters.owner | parseEntityRef", { owner: "group:techdocs" })).toEqual({ kind: "group", namespace: "default", name: "techdocs" });
    expect(outputOf("parameters.owner | parseEntityRef | pick('name')", { owner: "group:techdocs" })).toBe("techdocs");
    for (const filter of Object.values(templatingExtensions.filters)) {
      for (const example of filter.examples ?? []) expect(example.example).toContain("${{ parameters.");
    }
  });

  it("accepts the configured integration hosts and extra hosts", () => {
    const templater = createScaffolderTemplater({ integrations: { github: [{ host: "ghe.example.com" }] }, extraHosts: { "git.atrium.local": "gitea" } });
    expect(templater.renderString("${{ 'ghe.example.com?owner=o&repo=r' | projectSlug }}", {})).toBe("o/r");
    expect(templater.renderValue("${{ 'git.atrium.local?repo=r' | parseRepoUrl }}", {})).toEqual({ host: "git.atrium.local", repo: "r" });
  });

  it("names skeleton values as fetch:template does", () => {
    expect(skeletonContext({ a: 1 }, false)).toEqual({ values: { a: 1 } });
    expect(skeletonContext({ a: 1 }, true)).toEqual({ cookiecutter: { a: 1 } });
  });
});
