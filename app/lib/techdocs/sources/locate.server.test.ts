import { describe, expect, it } from "vitest";
import type { Entity } from "../../catalog/entity";
import { docsEntityPathOf, docsEntityRefOf, docsSourceOf } from "./locate.server";

const entity = (annotations: Record<string, string>): Entity => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: "payments", namespace: "default", annotations },
  spec: {},
});

describe("where an entity's docs come from", () => {
  it("resolves dir: against a URL location's folder, inside its repository", () => {
    const location = "url:https://github.com/acme/mono/blob/main/services/payments/catalog-info.yaml";
    expect(docsSourceOf(entity({ "backstage.io/managed-by-location": location, "backstage.io/techdocs-ref": "dir:." }))).toEqual({
      type: "url",
      url: "https://github.com/acme/mono/blob/main/services/payments/",
    });
    expect(docsSourceOf(entity({ "backstage.io/managed-by-location": location, "backstage.io/techdocs-ref": "dir:../../docs" }))).toEqual({
      type: "url",
      url: "https://github.com/acme/mono/blob/main/docs/",
    });
    expect(() => docsSourceOf(entity({ "backstage.io/managed-by-location": location, "backstage.io/techdocs-ref": "dir:../../../../other" }))).toThrow(
      "The techdocs-ref folder '../../../../other' is outside the repository of https://github.com/acme/mono/blob/main/services/payments/catalog-info.yaml",
    );
  });

  it("resolves dir: against a GitLab location inside the project and ref", () => {
    const location = "url:https://gitlab.com/platform/tools/deployer/-/blob/main/catalog-info.yaml";
    expect(docsSourceOf(entity({ "backstage.io/managed-by-location": location, "backstage.io/techdocs-ref": "dir:./docs" }))).toEqual({
      type: "url",
      url: "https://gitlab.com/platform/tools/deployer/-/blob/main/docs/",
    });
    expect(() => docsSourceOf(entity({ "backstage.io/managed-by-location": location, "backstage.io/techdocs-ref": "dir:.." }))).toThrow("is outside the repository");
  });

  it("resolves dir: against a file location's folder, which it may not leave", () => {
    expect(docsSourceOf(entity({ "backstage.io/managed-by-location": "file:/srv/catalog/payments/catalog-info.yaml", "backstage.io/techdocs-ref": "dir:docs/.." }))).toEqual({
      type: "file",
      dir: "/srv/catalog/payments",
      bound: "/srv/catalog/payments",
    });
    expect(() => docsSourceOf(entity({ "backstage.io/managed-by-location": "file:/srv/catalog/payments/catalog-info.yaml", "backstage.io/techdocs-ref": "dir:../orders" }))).toThrow(
      "The techdocs-ref folder '../orders' is outside the folder of the entity's location",
    );
  });

  it("lets dir: climb to the folder of the origin location that included the entity's file, and no further", () => {
    const annotations = { "backstage.io/managed-by-location": "file:/srv/examples/catalog/systems.yaml", "backstage.io/managed-by-origin-location": "file:/srv/examples/catalog-info.yaml" };
    expect(docsSourceOf(entity({ ...annotations, "backstage.io/techdocs-ref": "dir:../docs/platform-core" }))).toEqual({
      type: "file",
      dir: "/srv/examples/docs/platform-core",
      bound: "/srv/examples",
    });
    expect(() => docsSourceOf(entity({ ...annotations, "backstage.io/techdocs-ref": "dir:../../etc" }))).toThrow("is outside the folder of the entity's location");
    // An origin that is not above the entity's file bounds nothing more than that file's folder.
    const elsewhere = { "backstage.io/managed-by-location": "file:/srv/examples/catalog/systems.yaml", "backstage.io/managed-by-origin-location": "file:/srv/other/catalog-info.yaml" };
    expect(() => docsSourceOf(entity({ ...elsewhere, "backstage.io/techdocs-ref": "dir:../docs" }))).toThrow("is outside the folder of the entity's location");
  });

  it("takes url: as it is, and refuses other forms", () => {
    expect(docsSourceOf(entity({ "backstage.io/techdocs-ref": "url:https://github.com/acme/docs/tree/main/handbook" }))).toEqual({
      type: "url",
      url: "https://github.com/acme/docs/tree/main/handbook",
    });
    expect(() => docsSourceOf(entity({ "backstage.io/techdocs-ref": "url:javascript:alert(1)" }))).toThrow("Only http(s) URLs can be read");
    expect(() => docsSourceOf(entity({ "backstage.io/techdocs-ref": "docs" }))).toThrow("expected 'dir:<path>' or 'url:<url>'");
  });

  it("follows techdocs-entity and techdocs-entity-path", () => {
    const pointing = entity({ "backstage.io/techdocs-entity": "system:platform", "backstage.io/techdocs-entity-path": "/services/payments" });
    expect(docsEntityRefOf(pointing)).toBe("system:default/platform");
    expect(docsEntityPathOf(pointing)).toBe("services/payments/");
    expect(docsEntityRefOf(entity({ "backstage.io/techdocs-entity": "platform-docs" }))).toBe("component:default/platform-docs");
    expect(docsEntityPathOf(entity({ "backstage.io/techdocs-entity-path": "../x" }))).toBe("");
  });
});
