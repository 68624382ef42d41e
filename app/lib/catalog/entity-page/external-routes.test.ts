import { describe, expect, it } from "vitest";
import { appRoutesSchema, externalRoutePath } from "./external-routes";

describe("external routes", () => {
  it("has Backstage's defaults: scaffolder root, docs reader, the selected template; no unregister redirect", () => {
    const bindings = appRoutesSchema.parse(undefined);
    expect(externalRoutePath(bindings, "createComponent")).toBe("/create");
    expect(externalRoutePath(bindings, "viewTechDoc", { namespace: "default", kind: "component", name: "rent-ledger" })).toBe("/docs/default/component/rent-ledger");
    expect(externalRoutePath(bindings, "createFromTemplate", { namespace: "default", templateName: "go service" })).toBe("/create/templates/default/go%20service");
    expect(externalRoutePath(bindings, "unregisterRedirect")).toBeUndefined();
  });

  it("binds paths and Backstage's route names, and unbinds with false or null", () => {
    const bindings = appRoutesSchema.parse({
      bindings: { catalog: { createComponent: "catalog-import.importPage", unregisterRedirect: "/home", createFromTemplate: false, viewTechDoc: null } },
    });
    expect(externalRoutePath(bindings, "createComponent")).toBe("/catalog-import");
    expect(externalRoutePath(bindings, "unregisterRedirect")).toBe("/home");
    expect(externalRoutePath(bindings, "createFromTemplate", { namespace: "default", templateName: "t" })).toBeUndefined();
    expect(externalRoutePath(bindings, "viewTechDoc")).toBeUndefined();
  });

  it("refuses targets that are not paths or that use parameters the route does not provide", () => {
    const messages = (catalog: Record<string, unknown>) => appRoutesSchema.safeParse({ bindings: { catalog } }).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages({ createComponent: "scaffolder.nowhere" })?.[0][0]).toBe("bindings.catalog.createComponent");
    expect(messages({ createComponent: "/create/:name" })).toEqual([
      ["bindings.catalog.createComponent", "the target '/create/:name' uses ':name', but catalog.createComponent only provides no parameters"],
    ]);
  });
});
