import { describe, expect, it } from "vitest";
import { useMigratedDatabase } from "../../../../tests/support/databases";
import { createAuthProviders } from "../../auth/auth-providers.server";
import type { Identity } from "../../auth/identity";
import { SECRETS_COOKIE } from "../../auth/session-secrets.server";
import { configSchema } from "../../config/schema";
import type { RequestContext } from "../../context.server";
import { repoUrlCredentials, scmIntegrations } from "./repo-url.server";

// The source-control credentials a RepoUrlPicker with requestUserCredentials
// hands the task: the user's session token (stored by the sign-in flow in the
// session's secrets), else the integration's token, else a login request for
// the provider that serves the host, else Backstage's refusal.

const ada: Identity = { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada"], provider: "github" };

const config = configSchema.parse({
  app: { baseUrl: "http://localhost:7007" },
  auth: { environment: "development", providers: { github: { development: { clientId: "id", clientSecret: "secret" } } } },
  integrations: {
    github: [{ host: "github.com" }, { host: "ghe.example.com", token: "integration-token" }],
    gitlab: [{ host: "gitlab.example.com" }],
  },
});

const uiSchema = { "ui:field": "RepoUrlPicker", "ui:options": { requestUserCredentials: { secretsKey: "USER_OAUTH_TOKEN", additionalScopes: { github: ["workflow"] } } } };

describe("RepoUrlPicker's user credentials", () => {
  const database = useMigratedDatabase("sqlite");

  function app(identity: Identity | undefined = ada) {
    const authProviders = createAuthProviders({ config, backendBaseUrl: "http://localhost:7007/api", db: database.db });
    return { config: { config }, authProviders, auth: { identity } } as unknown as RequestContext;
  }
  const request = (cookie?: string) => new Request("http://localhost:7007/create", { headers: cookie ? { cookie: `${SECRETS_COOKIE}=${cookie}` } : {} });

  it("lists Backstage's default hosts besides the configured ones", () => {
    expect(scmIntegrations(config).map(({ host, type, token }) => ({ host, type, token }))).toEqual([
      { host: "dev.azure.com", type: "azure", token: undefined },
      { host: "bitbucket.org", type: "bitbucket", token: undefined },
      { host: "github.com", type: "github", token: undefined },
      { host: "ghe.example.com", type: "github", token: "integration-token" },
      { host: "gitlab.example.com", type: "gitlab", token: undefined },
      { host: "gitlab.com", type: "gitlab", token: undefined },
    ]);
  });

  it("asks for nothing when the field does not request credentials", async () => {
    expect(await repoUrlCredentials(app(), request(), { uiSchema: { "ui:field": "RepoUrlPicker" }, value: "github.com?owner=a&repo=b" })).toBeUndefined();
  });

  it("uses the session's token for the host when it has the repo-write and custom scopes", async () => {
    const context = app();
    const cookie = await context.authProviders.secrets.put(undefined, ada.userEntityRef, "provider:github", {
      provider: "github",
      host: "github.com",
      accessToken: "gho_user",
      scopes: ["gist", "read:org", "read:user", "repo", "workflow"],
    });
    expect(await repoUrlCredentials(context, request(cookie), { uiSchema, value: "github.com?owner=a&repo=b" })).toEqual({ secretsKey: "USER_OAUTH_TOKEN", token: "gho_user" });
    // Another user holding the cookie gets nothing of it.
    const eve = { ...ada, userEntityRef: "user:default/eve" };
    expect(await repoUrlCredentials(app(eve), request(cookie), { uiSchema, value: "github.com?owner=a&repo=b" })).toEqual({
      secretsKey: "USER_OAUTH_TOKEN",
      loginRequest: { provider: "github", scopes: ["gist", "read:org", "read:user", "repo", "workflow"] },
    });
  });

  it("asks the user to sign in again when the session's token lacks a scope", async () => {
    const context = app();
    const cookie = await context.authProviders.secrets.put(undefined, ada.userEntityRef, "provider:github", { provider: "github", host: "github.com", accessToken: "gho_user", scopes: ["read:user"] });
    expect(await repoUrlCredentials(context, request(cookie), { uiSchema, value: "github.com?owner=a&repo=b" })).toEqual({
      secretsKey: "USER_OAUTH_TOKEN",
      loginRequest: { provider: "github", scopes: ["gist", "read:org", "read:user", "repo", "workflow"] },
    });
  });

  it("falls back to the integration's token", async () => {
    expect(await repoUrlCredentials(app(), request(), { uiSchema, value: "ghe.example.com?owner=a&repo=b" })).toEqual({ secretsKey: "USER_OAUTH_TOKEN", token: "integration-token" });
  });

  it("takes a branch picker's host from the form's repoUrl", async () => {
    expect(await repoUrlCredentials(app(), request(), { uiSchema, value: "main", formData: { repoUrl: "ghe.example.com?owner=a&repo=b" } })).toEqual({
      secretsKey: "USER_OAUTH_TOKEN",
      token: "integration-token",
    });
  });

  it("says 'No auth provider available for URL' when nothing can serve the host", async () => {
    await expect(repoUrlCredentials(app(), request(), { uiSchema, value: "gitlab.example.com?owner=a&repo=b" })).rejects.toThrow(/^No auth provider available for URL$/);
    await expect(repoUrlCredentials(app(), request(), { uiSchema, value: "unknown.example.com?owner=a&repo=b" })).rejects.toThrow(/^No auth provider available for URL$/);
    await expect(repoUrlCredentials(app(), request(), { uiSchema, value: undefined })).rejects.toThrow(/^No auth provider available for URL$/);
  });
});
