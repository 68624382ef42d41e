import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGerrit, type FakeGerrit } from "../../../../tests/support/fake-gerrit";
import { createLocationReader, type LocationReader } from "./readers.server";

// The catalog reading a file that lives on Gerrit, linked by its Gitiles URL,
// through a faithful fake of Gerrit's REST API on 127.0.0.1.

let gerrit: FakeGerrit;
let reader: LocationReader;
const gitiles = () => `${gerrit.url}/plugins/gitiles`;
const read = (target: string) => reader.read({ type: "url", target });

beforeAll(async () => {
  gerrit = await startFakeGerrit();
  gerrit.setFile("platform/listings", "main", "catalog-info.yaml", "kind: Component\nmetadata:\n  name: listings\n");
  gerrit.setFile("platform/listings", "release", "docs/catalog.yaml", "kind: System\n");
  reader = createLocationReader({
    integrations: { gerrit: [{ host: gerrit.host, baseUrl: gerrit.url, gitilesBaseUrl: gitiles(), username: gerrit.username, password: gerrit.password }] },
  });
});
afterAll(async () => {
  await gerrit?.close();
});

describe("reading from Gerrit", () => {
  it("reads a file on a branch through the REST API, authenticated under /a/, decoding its base64", async () => {
    expect(await read(`${gitiles()}/platform/listings/+/refs/heads/main/catalog-info.yaml`)).toBe("kind: Component\nmetadata:\n  name: listings\n");
    expect(gerrit.requests.at(-1)).toBe("/a/projects/platform%2Flistings/branches/main/files/catalog-info.yaml/content");
    expect(await read(`${gitiles()}/platform/listings/+/refs/heads/release/docs/catalog.yaml`)).toBe("kind: System\n");
    expect(reader.integrationTypeOf(`${gitiles()}/platform/listings/+/refs/heads/main/catalog-info.yaml`)).toBe("gerrit");
  });

  it("reads at HEAD through the project's default branch", async () => {
    expect(await read(`${gitiles()}/platform/listings/+/HEAD/catalog-info.yaml`)).toContain("name: listings");
  });

  it("refuses what Gerrit would not answer so, and a URL that is no Gitiles URL", async () => {
    gerrit.breakHead(")]}'\n{not json");
    try {
      await expect(read(`${gitiles()}/platform/listings/+/HEAD/catalog-info.yaml`)).rejects.toThrow(/^Invalid response from Gerrit: \)\]\}'\n\{not {2}- SyntaxError/);
      gerrit.breakHead("<html>proxy error</html>");
      await expect(read(`${gitiles()}/platform/listings/+/HEAD/catalog-info.yaml`)).rejects.toThrow("Gerrit JSON body prefix missing. Found: <html>prox");
    } finally {
      gerrit.breakHead(undefined);
    }
    await expect(read(`${gitiles()}/platform/listings/catalog-info.yaml`)).rejects.toThrow("Unable to parse gitiles url");
    await expect(read(`${gitiles()}/platform/listings/+/refs/heads/main/missing.yaml`)).rejects.toThrow("not found");
  });
});
