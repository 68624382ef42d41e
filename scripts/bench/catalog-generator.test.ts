import * as backstage from "@backstage/catalog-model";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Entity } from "../../app/lib/catalog/entity";
import { entityRefKey, stringifyEntityRef } from "../../app/lib/catalog/entity-ref";
import { validateKind } from "../../app/lib/catalog/kinds";
import { parseCatalogYaml } from "../../app/lib/catalog/processing/parse";
import { relationsOf } from "../../app/lib/catalog/relations";
import { validateEntity } from "../../app/lib/catalog/validation";
import { generateCatalog, writeCatalog } from "./catalog-generator.js";

// The benchmarks' catalog: valid for our catalog and for Backstage's, with no
// relation pointing nowhere, the same for the same arguments, and split over
// part files behind one Location as the benchmarks register it.

const BACKSTAGE_VALIDATORS: Record<string, { check(data: Entity): Promise<boolean> }> = {
  Component: backstage.componentEntityV1alpha1Validator,
  API: backstage.apiEntityV1alpha1Validator,
  System: backstage.systemEntityV1alpha1Validator,
  Domain: backstage.domainEntityV1alpha1Validator,
  Resource: backstage.resourceEntityV1alpha1Validator,
  Group: backstage.groupEntityV1alpha1Validator,
  User: backstage.userEntityV1alpha1Validator,
  Location: backstage.locationEntityV1alpha1Validator,
};

const out = mkdtempSync(path.join(tmpdir(), "atrium-catalog-generator-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every entity the written files hold, read as the catalog reads a file. */
function readEntities(dir: string): Entity[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".yaml"))
    .flatMap((name) => parseCatalogYaml(readFileSync(path.join(dir, name), "utf8"), name))
    .map((document) => {
      if ("error" in document) throw new Error(document.error);
      return document.value as Entity;
    });
}

describe("the benchmarks' catalog generator", () => {
  it("writes N entities over part files behind one Location, each valid for Atrium and for Backstage, with every relation resolved", async () => {
    const manifest = writeCatalog({ n: 1200, seed: 42, files: 3, out });
    expect(readdirSync(out).sort()).toEqual(["catalog-part-00.yaml", "catalog-part-01.yaml", "catalog-part-02.yaml", "catalog.yaml", "manifest.json"]);
    const entities = readEntities(out).map((value) => validateEntity(value));
    const location = entities.find((entity) => entity.kind === "Location");
    expect(location?.spec).toEqual({ targets: ["./catalog-part-00.yaml", "./catalog-part-01.yaml", "./catalog-part-02.yaml"] });
    expect(entities).toHaveLength(manifest.expectedFromFiles);
    expect(manifest.expectedFromFiles).toBe(1201);

    const kinds: Record<string, number> = {};
    for (const entity of entities) {
      expect(() => validateKind(entity)).not.toThrow();
      await expect(BACKSTAGE_VALIDATORS[entity.kind].check(entity), stringifyEntityRef(entity)).resolves.toBe(true);
      if (entity.kind !== "Location") kinds[entity.kind] = (kinds[entity.kind] ?? 0) + 1;
    }
    expect(kinds).toEqual(manifest.kinds);

    const refs = new Set(entities.map((entity) => entityRefKey(entity)));
    const dangling = entities.flatMap((entity) => relationsOf(entity).filter((relation) => !refs.has(entityRefKey(relation.target))));
    expect(dangling).toEqual([]);
    expect(entities.filter((entity) => entity.kind === "Component" && entity.spec?.type === "service")).toHaveLength(manifest.componentServiceCount);
    for (const name of manifest.sampleComponents) expect(refs.has(`component:default/${name}`)).toBe(true);
    for (const ref of manifest.sampleRefs) expect(refs.has(ref)).toBe(true);
  });

  it("gives the same catalog for the same size and seed, and another for another seed", () => {
    const first = generateCatalog({ n: 500, seed: 7 });
    expect(generateCatalog({ n: 500, seed: 7 })).toEqual(first);
    expect(first.entities).toHaveLength(500);
    expect(generateCatalog({ n: 500, seed: 8 }).entities).not.toEqual(first.entities);
  });
});
