import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeScm, type FakeScm } from "../../../../tests/support/fake-scm";
import type { LocationSpec } from "../location-ref";
import { rootLocationEntity } from "../store/roots.server";
import { processLocationTargets, type TargetResult } from "./process-location.server";
import { createLocationReader } from "./readers.server";

// $text, $json and $yaml read only below the directory of the entity's own
// file: a catalog file cannot pull a file of the server (/etc/passwd, the
// portal's config) or a URL outside its own directory into an entity.

let root: string;
let scm: FakeScm;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "atrium-placeholders-"));
  mkdirSync(path.join(root, "catalog", "docs"), { recursive: true });
  writeFileSync(path.join(root, "catalog", "docs", "description.txt"), "Read from beside the entity");
  writeFileSync(path.join(root, "secret.txt"), "a secret beside the catalog");
  writeFileSync(path.join(root, "catalog", "docs", "spec.json"), '{"type": "service", "__proto__": {"owner": "group:default/admins"}}');
  symlinkSync(path.join(root, "secret.txt"), path.join(root, "catalog", "docs", "link.txt"));
  scm = await startFakeScm({
    "acme/repo/main/catalog/api.yaml": "openapi: 3.0.0\n",
    "acme/repo/main/private/keys.txt": "not for the catalog",
  });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await scm.close();
});

const reader = () => createLocationReader({ integrations: { github: [{ host: scm.host, rawBaseUrl: scm.url }] } });

async function process(location: LocationSpec, document: string): Promise<TargetResult> {
  if (location.type === "file") writeFileSync(location.target, document);
  else scm.setFile("acme/repo/main/catalog/catalog-info.yaml", document);
  const results: TargetResult[] = [];
  const entity = rootLocationEntity(location);
  for await (const result of processLocationTargets({ entity_ref: "location:default/x", body: JSON.stringify(entity) }, { reader: reader(), allowedKinds: () => undefined })) {
    results.push(result);
  }
  return results[0];
}

const component = (description: string) =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: service\n  description: ${description}\nspec:\n  type: service\n  owner: team\n  lifecycle: production\n`;
const problems = (result: TargetResult) => result.errors.map((item) => item.message);

describe("placeholders in a file location", () => {
  const location = () => ({ type: "file", target: path.join(root, "catalog", "catalog-info.yaml") });
  const dir = () => path.join(root, "catalog");

  it("read a file below the entity's directory", async () => {
    const result = await process(location(), component("{ $text: ./docs/description.txt }"));
    expect(result.errors).toEqual([]);
    expect(result.emitted[0].entity.metadata.description).toBe("Read from beside the entity");
  });

  it.each([
    ["an absolute path", "/etc/passwd"],
    ["a path above the directory", "../secret.txt"],
    ["the portal's config through a long way round", "./docs/../../../../../../etc/hostname"],
  ])("refuse %s, and the entity carries nothing of it", async (_label, target) => {
    const result = await process(location(), component(`{ $text: '${target}' }`));
    expect(result.emitted).toEqual([]);
    expect(problems(result)).toEqual([`NotAllowedError: Placeholder $text could not read location ${target}, it is outside ${dir()}, the directory of the entity's own file`]);
  });

  it("refuse data with a __proto__ key", async () => {
    const result = await process(location(), component("described\n  annotations:\n    x: { $json: ./docs/spec.json }"));
    expect(result.emitted).toEqual([]);
    expect(problems(result)).toEqual([`InputError: Invalid key '__proto__' at '<root>' in file:${path.join(dir(), "docs", "spec.json")}: '__proto__' is not allowed as a key`]);
  });

  it("refuse a symbolic link that leads out of the directory", async () => {
    const result = await process(location(), component("{ $text: ./docs/link.txt }"));
    expect(result.emitted).toEqual([]);
    expect(problems(result)[0]).toMatch(/^NotAllowedError: Placeholder \$text could not read location \.\/docs\/link\.txt, it is outside /);
    expect(JSON.stringify(result)).not.toContain("a secret beside the catalog");
  });
});

describe("placeholders in a URL location", () => {
  const location = () => ({ type: "url", target: scm.blobUrl("acme/repo/main/catalog/catalog-info.yaml") });

  it("read a URL below the entity's directory", async () => {
    const result = await process(location(), component("{ $text: ./api.yaml }"));
    expect(result.errors).toEqual([]);
    expect(result.emitted[0].entity.metadata.description).toBe("openapi: 3.0.0\n");
  });

  it.each([
    ["a path above the directory", "../../main/private/keys.txt"],
    ["another host", "https://github.com/acme/repo/blob/main/catalog/api.yaml"],
  ])("refuse %s without asking for it", async (_label, target) => {
    const before = scm.requestCount("acme/repo/main/private/keys.txt");
    const result = await process(location(), component(`{ $text: '${target}' }`));
    expect(result.emitted).toEqual([]);
    expect(problems(result)).toEqual([
      `NotAllowedError: Placeholder $text could not read location ${target}, it is outside ${scm.url}/acme/repo/blob/main/catalog/, the directory of the entity's own file`,
    ]);
    expect(scm.requestCount("acme/repo/main/private/keys.txt")).toBe(before);
  });
});
