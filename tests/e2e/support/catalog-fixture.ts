import { expect, type APIRequestContext } from "@playwright/test";
import { CATALOG_FIXTURE_PORT } from "../../../playwright.config";

// Catalog files on the fixture source host (catalog-fixture-server.js), registered
// as locations through Backstage's API the way a person's import would.

/** For API calls made outside a signed-in page: the static token of app-config.e2e.yaml. */
export const API_HEADERS = { authorization: "Bearer atrium-e2e-api-token" };

export const fixtureUrl = (file: string) => `http://127.0.0.1:${CATALOG_FIXTURE_PORT}/${file}`;

export type FixtureComponent = { name: string; title?: string; annotations?: Record<string, string> };

export function componentsYaml(components: FixtureComponent[]): string {
  return components
    .map(({ name, title, annotations }) =>
      JSON.stringify({
        apiVersion: "backstage.io/v1alpha1",
        kind: "Component",
        metadata: { name, ...(title ? { title } : {}), ...(annotations ? { annotations } : {}) },
        spec: { type: "service", owner: "group:default/platform-team", lifecycle: "experimental" },
      }),
    )
    .join("\n---\n");
}

export async function serveCatalogFile(request: APIRequestContext, file: string, components: FixtureComponent[]) {
  const response = await request.put(fixtureUrl(file), { data: componentsYaml(components) });
  expect(response.status()).toBe(204);
}

export async function registerLocation(request: APIRequestContext, file: string) {
  const response = await request.post("/api/catalog/locations", { data: { type: "url", target: fixtureUrl(file) } });
  expect(response.status(), await response.text()).toBe(201);
}

export async function entityByName(request: APIRequestContext, name: string) {
  const response = await request.get(`/api/catalog/entities/by-name/component/default/${name}`);
  return response.status() === 200 ? ((await response.json()) as { metadata: { annotations?: Record<string, string> } }) : undefined;
}

export async function waitForEntity(request: APIRequestContext, name: string) {
  await expect.poll(async () => Boolean(await entityByName(request, name)), { timeout: 15_000 }).toBe(true);
}
