import { describe, expect, it } from "vitest";
import { configArgs, runServer } from "../tests/support/server";

// A broken entity page layout or an unbound required route stops start-up,
// naming the key path, like every other config problem.

async function exitOf(configYaml: string) {
  const { exited, output } = runServer(configArgs(configYaml));
  return { code: await exited, output: output() };
}

describe("start-up with the entity page config", () => {
  it("stops naming a tab path that breaks the sub-route rules", async () => {
    const { code, output } = await exitOf(
      "catalog:\n  entityPage:\n    layouts:\n      - tabs:\n          - { path: /, title: Overview, cards: [about] }\n          - { path: '/runs/:id/:id', title: Runs, cards: [links] }\n",
    );
    expect(code).toBe(1);
    expect(output).toContain("Invalid config value at 'catalog.entityPage.layouts[0].tabs[1].path': Sub-route path '/runs/:id/:id' repeats the parameter ':id'");
  });

  it("stops when the docs route the layouts need is unbound", async () => {
    const { code, output } = await exitOf("app:\n  routes:\n    bindings:\n      catalog:\n        viewTechDoc: false\n");
    expect(code).toBe(1);
    expect(output).toContain("Invalid config value at 'app.routes.bindings.catalog.viewTechDoc': The required external route catalog.viewTechDoc is not bound");
  });
});
