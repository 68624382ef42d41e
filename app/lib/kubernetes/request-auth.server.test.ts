import { describe, expect, it } from "vitest";
import { useMigratedDatabase } from "../../../tests/support/databases";
import { createSessionSecretsStore, SECRETS_COOKIE } from "../auth/session-secrets.server";
import type { RequestContext } from "../context.server";
import { AKS_SCOPE, mergedAuth, sessionAuthOf } from "./request-auth.server";

// The user's cluster tokens that come from their session rather than the
// browser: a Google sign-in's token, a Microsoft one only with AKS's scope,
// for the signed-in user only.

describe("the session's tokens for the clusters", () => {
  const database = useMigratedDatabase("sqlite");

  const appFor = (userEntityRef: string | undefined) =>
    ({
      auth: userEntityRef ? { identity: { userEntityRef, ownershipEntityRefs: [userEntityRef], provider: "google" } } : {},
      authProviders: { secrets: createSessionSecretsStore(database.db) },
    }) as unknown as RequestContext;

  it("gives google and aks tokens the session holds, and nothing to another user or a visitor", async () => {
    const store = createSessionSecretsStore(database.db);
    const key = await store.put(undefined, "user:default/ada", "provider:google", { provider: "google", accessToken: "ya29.google", scopes: ["https://www.googleapis.com/auth/cloud-platform"] });
    await store.put(key, "user:default/ada", "provider:microsoft", { provider: "microsoft", accessToken: "aks-token", scopes: [AKS_SCOPE] });
    const cookie = `${SECRETS_COOKIE}=${key}`;

    expect(await sessionAuthOf(appFor("user:default/ada"), cookie)).toEqual({ google: "ya29.google", aks: "aks-token" });
    expect(await sessionAuthOf(appFor("user:default/eve"), cookie)).toEqual({});
    expect(await sessionAuthOf(appFor(undefined), cookie)).toEqual({});
  });

  it("does not take a Microsoft token without AKS's scope for AKS, and lets the posted map win", async () => {
    const store = createSessionSecretsStore(database.db);
    const key = await store.put(undefined, "user:default/ada", "provider:microsoft", { provider: "microsoft", accessToken: "graph-token", scopes: ["User.Read"] });
    expect(await sessionAuthOf(appFor("user:default/ada"), `${SECRETS_COOKIE}=${key}`)).toEqual({});
    expect(mergedAuth({ google: "from-session" }, { google: "posted", oidc: { okta: "id" } })).toEqual({ google: "posted", oidc: { okta: "id" } });
  });
});
