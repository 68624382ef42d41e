import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config/errors";
import { loadConfig } from "../../config/load.server";

// catalog.entityPage and app.routes.bindings as the config loader reads them:
// mistakes name their key path, the way every other config problem does.

function load(yaml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-entity-page-"));
  writeFileSync(path.join(dir, "app-config.yaml"), "app:\n  baseUrl: http://localhost:7007\n");
  writeFileSync(path.join(dir, "app-config.local.yaml"), yaml || "{}\n");
  return loadConfig({ rootDir: dir, argv: [], env: {} });
}

function problemsOf(yaml: string): string[] {
  try {
    load(yaml);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("entity page config", () => {
  it("has the defaults when nothing is configured", () => {
    const { config, unusedKeys } = load("");
    expect(config.catalog.entityPage).toEqual({ layouts: [], breadcrumbRelations: ["partOf", "childOf"], menu: { unregister: "enabled", items: [] } });
    expect(config.app.routes).toEqual({
      createComponent: "/create",
      viewTechDoc: "/docs/:namespace/:kind/:name",
      createFromTemplate: "/create/templates/:namespace/:templateName",
      unregisterRedirect: false,
    });
    expect(unusedKeys).toEqual([]);
  });

  it("stops naming the path of a tab that breaks the sub-route rules", () => {
    const yaml = "catalog:\n  entityPage:\n    layouts:\n      - tabs:\n          - { path: /, title: Overview, cards: [about] }\n          - { path: /api/, title: API, cards: [providedApis] }\n";
    expect(problemsOf(yaml)).toEqual(["Invalid config value at 'catalog.entityPage.layouts[0].tabs[1].path': Sub-route path '/api/' must not end with '/'"]);
  });

  it("stops when a parameter overlaps the entity route's", () => {
    const yaml = "catalog:\n  entityPage:\n    layouts:\n      - tabs:\n          - { path: /, title: Overview, cards: [about] }\n          - { path: '/runs/:kind', title: Runs, cards: [links] }\n";
    expect(problemsOf(yaml)[0]).toContain("'catalog.entityPage.layouts[0].tabs[1].path': Sub-route path '/runs/:kind' has the parameter ':kind'");
  });

  it("stops when a required external route is left unbound", () => {
    const problems = problemsOf("app:\n  routes:\n    bindings:\n      catalog:\n        viewTechDoc: false\n");
    expect(problems).toEqual([
      "Invalid config value at 'app.routes.bindings.catalog.viewTechDoc': The required external route catalog.viewTechDoc is not bound, but the built-in entity page layouts have a Docs tab that links to it: bind it to a path such as /docs/:namespace/:kind/:name",
    ]);
  });

  it("accepts optional routes left unbound and a menu configuration", () => {
    const { config } = load(
      "app:\n  routes:\n    bindings:\n      catalog:\n        createComponent: false\n        unregisterRedirect: /home\ncatalog:\n  entityPage:\n    menu:\n      unregister: hidden\n      items:\n        - { title: Runbook, href: 'https://runbooks.example/' }\n",
    );
    expect(config.app.routes.createComponent).toBe(false);
    expect(config.app.routes.unregisterRedirect).toBe("/home");
    expect(config.catalog.entityPage.menu).toEqual({ unregister: "hidden", items: [{ title: "Runbook", href: "https://runbooks.example/" }] });
  });
});
