import { describe, expect, it } from "vitest";
import { TEST_ENGINES, useMigratedDatabase } from "../../../tests/support/databases";
import { createSessionSecretsStore, SECRETS_TTL_SECONDS } from "./session-secrets.server";

const GITHUB = { provider: "github", host: "github.com", accessToken: "gho_secret", scopes: ["repo"] };

describe.each(TEST_ENGINES)("session secrets on %s", (engine) => {
  const database = useMigratedDatabase(engine);

  it("keeps provider tokens under the session's key, for the user they were obtained for only", async () => {
    const store = createSessionSecretsStore(database.db);
    const key = await store.put(undefined, "user:default/ada", "provider:github", GITHUB);
    expect(await store.put(key, "user:default/ada", "provider:gitlab", { ...GITHUB, provider: "gitlab", host: "gitlab.com" })).toBe(key);
    expect(Object.keys(await store.load(key, "user:default/ada"))).toEqual(["provider:github", "provider:gitlab"]);
    expect(await store.load(key, "user:default/eve")).toEqual({});
    expect(await store.load("guessed", "user:default/ada")).toEqual({});
    // Only a hash of the key is stored.
    const rows = await database.db.selectFrom("auth_session_secrets").select("id").execute();
    expect(rows.map((row) => row.id)).not.toContain(key);
    await store.remove(key, "user:default/ada", "provider:github");
    expect(Object.keys(await store.load(key, "user:default/ada"))).toEqual(["provider:gitlab"]);
    await store.drop(key);
    expect(await store.load(key, "user:default/ada")).toEqual({});
  });

  it("forgets expired tokens and whole sessions past their time", async () => {
    let clock = Date.now();
    const store = createSessionSecretsStore(database.db, () => clock);
    const key = await store.put(undefined, "user:default/ada", "provider:github", { ...GITHUB, expiresAt: clock + 1000 });
    clock += 2000;
    expect(await store.load(key, "user:default/ada")).toEqual({});
    const other = await store.put(undefined, "user:default/ada", "provider:github", GITHUB);
    clock += SECRETS_TTL_SECONDS * 1000 + 1;
    expect(await store.load(other, "user:default/ada")).toEqual({});
  });
});
