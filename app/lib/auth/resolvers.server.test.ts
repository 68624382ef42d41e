import { describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../tests/support/catalog";
import { TEST_ENGINES } from "../../../tests/support/databases";
import type { ProviderConfig } from "./provider-config.server";
import { resolveSignIn } from "./resolvers.server";

// Sign-in resolvers against a real catalog on both engines: each maps a
// provider's profile to one User entity, or says which user and why not.

const ORG = [
  { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "platform" }, spec: { type: "team", children: [] } },
  {
    apiVersion: "backstage.io/v1alpha1",
    kind: "User",
    metadata: { name: "ada", annotations: { "github.com/user-login": "ada-gh", "github.com/user-id": "42" } },
    spec: { profile: { email: "Ada@Example.com" }, memberOf: ["platform"] },
  },
  { apiVersion: "backstage.io/v1alpha1", kind: "User", metadata: { name: "twin-a" }, spec: { profile: { email: "twins@example.com" }, memberOf: [] } },
  { apiVersion: "backstage.io/v1alpha1", kind: "User", metadata: { name: "twin-b" }, spec: { profile: { email: "twins@example.com" }, memberOf: [] } },
];

const provider = (id: ProviderConfig["id"], resolvers: ProviderConfig["resolvers"] = []): ProviderConfig => ({
  id,
  environment: "development",
  clientId: "x",
  callbackUrl: "http://localhost/cb",
  scopes: [],
  resolvers,
});

describe.each(TEST_ENGINES)("sign-in resolvers on %s", (engine) => {
  const fixture = useIngestedCatalog(engine, ORG, ["User", "Group"]);

  it("matches the profile email to spec.profile.email, whatever its case, with the user's groups", async () => {
    await expect(resolveSignIn(fixture.catalog, provider("oidc"), { email: "ada@example.com" })).resolves.toEqual({
      userEntityRef: "user:default/ada",
      ownershipEntityRefs: ["user:default/ada", "group:default/platform"],
      provider: "oidc",
    });
  });

  it("matches a source-control login to the entity name or its annotation, and a user id to its annotation", async () => {
    await expect(resolveSignIn(fixture.catalog, provider("github"), { username: "ada" })).resolves.toMatchObject({ userEntityRef: "user:default/ada" });
    await expect(resolveSignIn(fixture.catalog, provider("github", [{ resolver: "usernameMatchingUserEntityAnnotation" }]), { username: "ada-gh" })).resolves.toMatchObject({
      userEntityRef: "user:default/ada",
    });
    await expect(resolveSignIn(fixture.catalog, provider("github", [{ resolver: "userIdMatchingUserEntityAnnotation" }]), { userId: "42" })).resolves.toMatchObject({
      userEntityRef: "user:default/ada",
    });
    await expect(resolveSignIn(fixture.catalog, provider("okta", [{ resolver: "emailLocalPartMatchingUserEntityName" }]), { email: "ada@elsewhere.example" })).resolves.toMatchObject({
      userEntityRef: "user:default/ada",
    });
  });

  it("tries resolvers in order and names the user and every reason when none matches", async () => {
    const config = provider("github", [{ resolver: "usernameMatchingUserEntityName" }, { resolver: "emailMatchingUserEntityProfileEmail" }]);
    await expect(resolveSignIn(fixture.catalog, config, { username: "grace", email: "grace@example.com" })).rejects.toMatchObject({
      name: "AuthenticationError",
      message:
        "Failed to sign in: could not resolve user 'grace' from github to a User entity of the catalog (usernameMatchingUserEntityName: no User entity in the catalog is named 'grace' (the github username); emailMatchingUserEntityProfileEmail: no User entity in the catalog has spec.profile.email 'grace@example.com')",
    });
  });

  it("refuses ambiguous matches, profiles without the handle, and unknown resolvers", async () => {
    await expect(resolveSignIn(fixture.catalog, provider("oidc"), { email: "twins@example.com" })).rejects.toThrow("more than one User entity has spec.profile.email 'twins@example.com'");
    await expect(resolveSignIn(fixture.catalog, provider("oidc"), { displayName: "No Email" })).rejects.toThrow(
      "could not resolve user 'No Email' from oidc to a User entity of the catalog (emailMatchingUserEntityProfileEmail: the profile from the provider has no email)",
    );
    await expect(resolveSignIn(fixture.catalog, provider("oidc", [{ resolver: "magic" }]), { email: "ada@example.com" })).rejects.toThrow("the sign-in resolver 'magic' is unknown");
  });
});
