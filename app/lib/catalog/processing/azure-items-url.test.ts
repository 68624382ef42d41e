import { describe, expect, it } from "vitest";
import { azureItemsUrl } from "./readers.server";

// How the catalog reads a file on Azure DevOps: the link a person copies
// from the web UI becomes a call of the items API (api-version 6.0).

describe("azureItemsUrl", () => {
  it("turns a file's web URL into the items API, the branch version kept", () => {
    const items = azureItemsUrl(new URL("https://dev.azure.com/keystone/iot/_git/sensor-gateway?path=/catalog-info.yaml&version=GBrelease/2026"));
    expect(items.href).toBe("https://dev.azure.com/keystone/iot/_apis/git/repositories/sensor-gateway/items?path=%2Fcatalog-info.yaml&version=release%2F2026&api-version=6.0");
    expect(azureItemsUrl(new URL("https://dev.azure.com/keystone/iot/_git/sensor-gateway?path=/docs/catalog.yaml")).searchParams.get("version")).toBeNull();
  });

  it("reads a URL of the API itself as it is", () => {
    const api = new URL("https://dev.azure.com/keystone/iot/_apis/git/repositories/sensor-gateway/items?path=/catalog-info.yaml");
    expect(azureItemsUrl(api)).toBe(api);
  });

  it("refuses a URL that names no git repository, no file, or a version that is not a branch", () => {
    expect(() => azureItemsUrl(new URL("https://dev.azure.com/keystone/iot?path=/catalog-info.yaml"))).toThrow("Azure URL must point to a git repository");
    expect(() => azureItemsUrl(new URL("https://dev.azure.com/keystone/iot/_git/sensor-gateway"))).toThrow("Azure URL must point to a file with a path query");
    expect(() => azureItemsUrl(new URL("https://dev.azure.com/keystone/iot/_git/sensor-gateway?path=/x.yaml&version=GTv1.0"))).toThrow("Azure URL version must point to a git branch");
  });
});
