import { describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../../tests/support/catalog";
import { userCredentials } from "../../auth/credentials";
import type { Identity } from "../../auth/identity";
import { configSchema } from "../../config/schema";
import type { JsonObject, JsonValue } from "../actions/types";
import type { EntityFieldData, RepoUrlFieldData, TagsFieldData } from "./data";
import { fieldExtensionServers, postedField, searchParamName } from "./index.server";
import type { FieldServerArgs } from "./types";

// Each field extension's server side on a real ingested catalog: the
// choices its component gets, what a post becomes, and the messages the
// wizard shows beside the field.

const group = (name: string, title?: string) => ({ apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name, ...(title ? { title } : {}) }, spec: { type: "team", children: [] } });
const user = (name: string, memberOf: string[]) => ({ apiVersion: "backstage.io/v1alpha1", kind: "User", metadata: { name }, spec: { memberOf } });
const component = (name: string, owner: string, tags: string[] = []) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name, tags },
  spec: { type: "service", owner, lifecycle: "production" },
});

const documents = [
  group("team-a", "Team A"),
  group("team-b"),
  group("solo"),
  user("alice", ["team-a"]),
  user("bob", ["team-a", "team-b"]),
  user("carol", ["solo"]),
  component("ledger", "group:default/team-a", ["java", "payments"]),
  component("billing", "group:default/team-b", ["python"]),
  component("search", "user:default/alice", ["java"]),
];

const alice: Identity = { userEntityRef: "user:default/alice", ownershipEntityRefs: ["user:default/alice", "group:default/team-a"], provider: "custom" };
const bob: Identity = { userEntityRef: "user:default/bob", ownershipEntityRefs: ["user:default/bob", "group:default/team-a", "group:default/team-b"], provider: "custom" };
const carol: Identity = { userEntityRef: "user:default/carol", ownershipEntityRefs: ["user:default/carol", "group:default/solo"], provider: "custom" };

const config = configSchema.parse({
  app: { baseUrl: "http://localhost:7007" },
  integrations: {
    github: [{ host: "ghe.example.com", token: "integration-token" }],
    bitbucketCloud: [{ host: "bitbucket.org" }],
    gerrit: [{ host: "gerrit.example.com" }],
  },
});

describe("the field extensions' server side", () => {
  const fixture = useIngestedCatalog("sqlite", documents, ["Component", "Group", "User"]);

  function args(field: string, options: { uiSchema?: JsonObject; value?: JsonValue; identity?: Identity | null; query?: string; required?: boolean; formData?: JsonObject } = {}): FieldServerArgs {
    const identity = options.identity === null ? undefined : (options.identity ?? alice);
    return {
      name: "field",
      schema: { type: "string" },
      uiSchema: { "ui:field": field, ...(options.uiSchema ?? {}) },
      value: options.value,
      required: options.required,
      formData: options.formData ?? {},
      query: new URLSearchParams(options.query ?? ""),
      credentials: userCredentials(identity ?? alice),
      identity,
      services: { catalog: fixture.catalog, config: { config } },
    };
  }
  const server = (field: string) => fieldExtensionServers[field]!;
  const load = async <T>(field: string, options: Parameters<typeof args>[1] = {}) => (await server(field).load!(args(field, options))) as T;
  const toValue = (field: string, posted: Parameters<NonNullable<(typeof fieldExtensionServers)[string]["toValue"]>>[0], options: Parameters<typeof args>[1] = {}) =>
    server(field).toValue!(posted, args(field, options));
  const validate = (field: string, value: JsonValue | undefined, options: Parameters<typeof args>[1] = {}) => server(field).validate!(value, args(field, { ...options, value }));

  it("has a server side for every field extension of the wizard", () => {
    expect(Object.keys(fieldExtensionServers).sort()).toEqual(
      ["EntityNamePicker", "EntityPicker", "EntityTagsPicker", "MultiEntityPicker", "MyGroupsPicker", "OwnedEntityPicker", "OwnerPicker", "RepoBranchPicker", "RepoUrlPicker", "Secret"].sort(),
    );
  });

  describe("EntityPicker", () => {
    it("offers every readable entity by default, humanized, with arbitrary values allowed", async () => {
      const data = await load<EntityFieldData>("EntityPicker");
      expect(data.allowArbitraryValues).toBe(true);
      expect(data.complete).toBe(true);
      expect(data.choices.map((choice) => choice.value)).toEqual(expect.arrayContaining(["component:default/ledger", "group:default/team-a", "user:default/alice"]));
      expect(data.choices.find((choice) => choice.value === "component:default/ledger")?.label).toBe("component:ledger");
    });

    it("limits the choices by the deprecated allowedKinds, and catalogFilter wins over it", async () => {
      const byKinds = await load<EntityFieldData>("EntityPicker", { uiSchema: { "ui:options": { allowedKinds: ["Group"] } } });
      expect(byKinds.choices.map((choice) => choice.value)).toEqual(["group:default/solo", "group:default/team-a", "group:default/team-b"]);
      const byFilter = await load<EntityFieldData>("EntityPicker", { uiSchema: { "ui:options": { allowedKinds: ["Group"], catalogFilter: { kind: "Component", "metadata.tags": "python" } } } });
      expect(byFilter.choices.map((choice) => choice.value)).toEqual(["component:default/billing"]);
      expect(byFilter.filterParams).toEqual(["kind=Component,metadata.tags=python"]);
      const any = await load<EntityFieldData>("EntityPicker", {
        uiSchema: {
          "ui:options": {
            catalogFilter: [
              { kind: "User", "metadata.name": "carol" },
              { kind: "Group", "metadata.name": "solo" },
            ],
          },
        },
      });
      expect(any.choices.map((choice) => choice.value)).toEqual(["user:default/carol", "group:default/solo"].sort((a, b) => a.split("/")[1].localeCompare(b.split("/")[1])));
    });

    it("shows titles and hides the default kind when arbitrary values are not allowed", async () => {
      const data = await load<EntityFieldData>("EntityPicker", { uiSchema: { "ui:options": { catalogFilter: { kind: "Group" }, defaultKind: "Group", allowArbitraryValues: false } } });
      expect(data.choices.find((choice) => choice.value === "group:default/team-a")?.label).toBe("Team A");
      expect(data.choices.find((choice) => choice.value === "group:default/team-b")?.label).toBe("team-b");
    });

    it("auto-selects the single option of a required field only when arbitrary values are not allowed", async () => {
      const uiSchema = (allow: boolean) => ({ "ui:options": { catalogFilter: { kind: "Group", "metadata.name": "solo" }, allowArbitraryValues: allow } });
      expect((await load<EntityFieldData>("EntityPicker", { uiSchema: uiSchema(false), required: true })).value).toBe("group:default/solo");
      expect((await load<EntityFieldData>("EntityPicker", { uiSchema: uiSchema(true), required: true })).value).toBeUndefined();
      expect((await load<EntityFieldData>("EntityPicker", { uiSchema: uiSchema(false), required: false })).value).toBeUndefined();
    });

    it("narrows the choices by the no-JavaScript search in the query and keeps what was typed", async () => {
      const data = await load<EntityFieldData>("EntityPicker", { query: `${searchParamName("field")}=led&field=ledger`, uiSchema: { "ui:options": { defaultKind: "Component" } } });
      expect(data.search).toBe("led");
      expect(data.complete).toBe(false);
      expect(data.choices.map((choice) => choice.value)).toEqual(["component:default/ledger"]);
      expect(data.value).toBe("component:default/ledger");
    });

    it("completes a typed ref with defaultKind and defaultNamespace", () => {
      const uiSchema = { "ui:options": { defaultKind: "Group", defaultNamespace: "platform" } };
      expect(toValue("EntityPicker", " team-x ", { uiSchema })).toBe("group:platform/team-x");
      expect(toValue("EntityPicker", "user:default/alice", { uiSchema })).toBe("user:default/alice");
      expect(toValue("EntityPicker", "", { uiSchema })).toBeUndefined();
      expect(toValue("EntityPicker", "not a ref")).toBe("not a ref");
    });

    it("refuses a value outside the choices when arbitrary values are not allowed", async () => {
      const uiSchema = { "ui:options": { catalogFilter: { kind: "Group" }, allowArbitraryValues: false } };
      expect(await validate("EntityPicker", "group:default/team-a", { uiSchema })).toEqual([]);
      expect(await validate("EntityPicker", "component:default/ledger", { uiSchema })).toEqual(["component:default/ledger is not one of the allowed choices"]);
      expect(await validate("EntityPicker", "anything:at/all")).toEqual([]);
    });
  });

  describe("OwnerPicker", () => {
    it("offers groups and users, with Group as the default kind", async () => {
      const data = await load<EntityFieldData>("OwnerPicker");
      expect(data.defaultKind).toBe("Group");
      expect(data.choices.map((choice) => choice.value).sort()).toEqual([
        "group:default/solo",
        "group:default/team-a",
        "group:default/team-b",
        "user:default/alice",
        "user:default/bob",
        "user:default/carol",
      ]);
      expect(data.choices.find((choice) => choice.value === "group:default/team-a")?.label).toBe("team-a");
      expect(toValue("OwnerPicker", "team-a")).toBe("group:default/team-a");
    });

    it("lets allowedKinds override the default kinds", async () => {
      const data = await load<EntityFieldData>("OwnerPicker", { uiSchema: { "ui:options": { allowedKinds: ["User"] } } });
      expect(data.choices.map((choice) => choice.value)).toEqual(["user:default/alice", "user:default/bob", "user:default/carol"]);
    });
  });

  describe("OwnedEntityPicker", () => {
    it("offers only entities owned by the user's ownership refs", async () => {
      expect((await load<EntityFieldData>("OwnedEntityPicker", { identity: alice })).choices.map((choice) => choice.value)).toEqual(["component:default/ledger", "component:default/search"]);
      expect((await load<EntityFieldData>("OwnedEntityPicker", { identity: bob })).choices.map((choice) => choice.value)).toEqual(["component:default/billing", "component:default/ledger"]);
      expect((await load<EntityFieldData>("OwnedEntityPicker", { identity: null })).choices).toEqual([]);
    });

    it("refuses an entity the user does not own when arbitrary values are not allowed", async () => {
      const uiSchema = { "ui:options": { allowArbitraryValues: false } };
      expect(await validate("OwnedEntityPicker", "component:default/billing", { uiSchema, identity: alice })).toEqual(["component:default/billing is not one of the allowed choices"]);
      expect(await validate("OwnedEntityPicker", "component:default/ledger", { uiSchema, identity: alice })).toEqual([]);
    });
  });

  describe("MyGroupsPicker", () => {
    it("offers the user's groups by title", async () => {
      const data = await load<EntityFieldData>("MyGroupsPicker", { identity: bob });
      expect(data.choices).toEqual([
        { value: "group:default/team-a", label: "Team A" },
        { value: "group:default/team-b", label: "team-b" },
      ]);
      expect(data.locked).toBeUndefined();
    });

    it("selects and locks the only group of a required field", async () => {
      const data = await load<EntityFieldData>("MyGroupsPicker", { identity: carol, required: true });
      expect(data.value).toBe("group:default/solo");
      expect(data.locked).toBe(true);
      expect((await load<EntityFieldData>("MyGroupsPicker", { identity: carol, required: false })).locked).toBeUndefined();
    });

    it("says 'No user entity ref found' without a user", async () => {
      expect((await load<EntityFieldData>("MyGroupsPicker", { identity: null })).error).toBe("No user entity ref found");
      expect(await validate("MyGroupsPicker", "group:default/solo", { identity: null })).toEqual(["No user entity ref found"]);
      expect(await validate("MyGroupsPicker", "group:default/team-b", { identity: alice })).toEqual(["group:default/team-b is not one of the allowed choices"]);
    });
  });

  describe("MultiEntityPicker", () => {
    it("turns repeated and comma-separated entries into full refs, once each", () => {
      const uiSchema = { "ui:options": { defaultKind: "Group" } };
      expect(toValue("MultiEntityPicker", ["team-a", "team-b, team-a", " "], { uiSchema })).toEqual(["group:default/team-a", "group:default/team-b"]);
      expect(toValue("MultiEntityPicker", undefined, { uiSchema })).toBeUndefined();
    });

    it("says '{value} is not a valid entity ref' for each invalid value", async () => {
      expect(await validate("MultiEntityPicker", ["group:default/team-a", "nokind", "a:b/"])).toEqual(["nokind is not a valid entity ref", "a:b/ is not a valid entity ref"]);
      expect(await validate("MultiEntityPicker", ["group:default/team-a", "user:default/nobody"])).toEqual([]);
    });

    it("refuses values outside the choices when arbitrary values are not allowed", async () => {
      const uiSchema = { "ui:options": { catalogFilter: { kind: "User" }, allowArbitraryValues: false } };
      expect(await validate("MultiEntityPicker", ["user:default/bob", "group:default/solo"], { uiSchema })).toEqual(["group:default/solo is not one of the allowed choices"]);
    });

    it("keeps the chosen values among the choices when a search leaves them out", async () => {
      const data = await load<EntityFieldData>("MultiEntityPicker", { value: ["group:default/team-b"], query: `${searchParamName("field")}=ledger&field=group:default/team-b` });
      expect(data.choices.map((choice) => choice.value)).toEqual(["component:default/ledger", "group:default/team-b"]);
      expect(data.value).toEqual(["group:default/team-b"]);
    });
  });

  describe("EntityTagsPicker", () => {
    it("suggests the catalog's tags, of the given kinds", async () => {
      expect((await load<TagsFieldData>("EntityTagsPicker")).suggestions).toEqual(["java", "payments", "python"]);
      expect((await load<TagsFieldData>("EntityTagsPicker", { uiSchema: { "ui:options": { kinds: ["Group"] } } })).suggestions).toEqual([]);
    });

    it("lower-cases and trims entered tags and ignores duplicates", () => {
      expect(toValue("EntityTagsPicker", ["java", " Java ", "Web,  API-v2", ""])).toEqual(["java", "web", "api-v2"]);
      expect(toValue("EntityTagsPicker", undefined)).toEqual([]);
    });

    it("refuses an invalid tag with the tag rule", async () => {
      expect(await validate("EntityTagsPicker", ["java", "a--b", "x".repeat(64), "ok:+#"])).toEqual([
        "'a--b' is not a valid tag: 1 to 63 characters of [a-z0-9:+#], parts separated by single dashes",
        `'${"x".repeat(64)}' is not a valid tag: 1 to 63 characters of [a-z0-9:+#], parts separated by single dashes`,
      ]);
      expect(await validate("EntityTagsPicker", ["java", "c++"])).toEqual([]);
    });
  });

  describe("EntityNamePicker", () => {
    it("checks the entity name rule with Backstage's message", async () => {
      const message = "Must start and end with an alphanumeric character, and contain only alphanumeric characters, hyphens, underscores, and periods. Maximum length is 63 characters.";
      expect(await validate("EntityNamePicker", "my-service_1.0")).toEqual([]);
      expect(await validate("EntityNamePicker", "-leading")).toEqual([message]);
      expect(await validate("EntityNamePicker", "a".repeat(64))).toEqual([message]);
      expect(await validate("EntityNamePicker", "has space")).toEqual([message]);
      expect(toValue("EntityNamePicker", "  trimmed ")).toBe("trimmed");
    });
  });

  describe("RepoUrlPicker", () => {
    it("defaults the host to the first integration, and the parts to the first allowed values", async () => {
      const data = await load<RepoUrlFieldData>("RepoUrlPicker");
      expect(data.integrations.map((integration) => `${integration.type}:${integration.host}`)).toEqual([
        "azure:dev.azure.com",
        "bitbucket:bitbucket.org",
        "gerrit:gerrit.example.com",
        "github:ghe.example.com",
        "github:github.com",
        "gitlab:gitlab.com",
      ]);
      expect(data.parts.host).toBe("dev.azure.com");
      const allowed = await load<RepoUrlFieldData>("RepoUrlPicker", {
        uiSchema: { "ui:options": { allowedHosts: ["github.com", "ghe.example.com"], allowedOwners: ["acme", "other"], allowedRepos: ["web"] } },
      });
      expect(allowed.integrations.map((integration) => integration.host)).toEqual(["github.com", "ghe.example.com"]);
      expect(allowed.parts).toMatchObject({ host: "github.com", owner: "acme", repoName: "web" });
      expect(allowed.type).toBe("github");
    });

    it("defaults the Bitbucket Cloud workspace to the first allowed owner", async () => {
      const data = await load<RepoUrlFieldData>("RepoUrlPicker", { uiSchema: { "ui:options": { allowedHosts: ["bitbucket.org"], allowedOwners: ["ws1"], allowedProjects: ["PRJ"] } } });
      expect(data.parts).toMatchObject({ host: "bitbucket.org", workspace: "ws1", project: "PRJ" });
      expect(data.type).toBe("bitbucket");
    });

    it("keeps the chosen parts over the defaults, from the value or from a host changed without JavaScript", async () => {
      const uiSchema = { "ui:options": { allowedOwners: ["acme", "other"] } };
      expect((await load<RepoUrlFieldData>("RepoUrlPicker", { uiSchema, value: "github.com?owner=other&repo=api" })).parts).toMatchObject({ host: "github.com", owner: "other", repoName: "api" });
      expect((await load<RepoUrlFieldData>("RepoUrlPicker", { uiSchema, value: "github.com?owner=other&repo=api", query: "field.host=bitbucket.org&field.repo=api" })).parts).toMatchObject({
        host: "bitbucket.org",
        owner: "acme",
        repoName: "api",
      });
    });

    it("posts its parts and becomes the host followed by a query", () => {
      const form = new FormData();
      for (const [key, value] of [
        ["field.host", "github.com"],
        ["field.owner", "acme"],
        ["field.repo", "web"],
        ["field.organization", ""],
        ["other", "x"],
      ])
        form.append(key, value);
      expect(toValue("RepoUrlPicker", postedField(form, "field"))).toBe("github.com?owner=acme&repo=web");
      expect(toValue("RepoUrlPicker", { host: "dev.azure.com", organization: "org", project: "p", repo: "r" })).toBe("dev.azure.com?repo=r&organization=org&project=p");
      expect(toValue("RepoUrlPicker", { host: "", owner: "acme" })).toBeUndefined();
    });

    it("gives Backstage's messages for an unparsable or incomplete location", async () => {
      const incomplete = (part: string) => `Incomplete repository location provided, ${part} not provided`;
      expect(await validate("RepoUrlPicker", "github.com?owner=a&repo=b")).toEqual([]);
      expect(await validate("RepoUrlPicker", "")).toEqual(["Unable to parse the Repository URL"]);
      expect(await validate("RepoUrlPicker", "?owner=a&repo=b")).toEqual(["Unable to parse the Repository URL"]);
      expect(await validate("RepoUrlPicker", "github.com?repo=b")).toEqual([incomplete("owner")]);
      expect(await validate("RepoUrlPicker", "github.com?owner=a")).toEqual([incomplete("repo")]);
      expect(await validate("RepoUrlPicker", "gerrit.example.com?repo=b")).toEqual([]);
      expect(await validate("RepoUrlPicker", "bitbucket.org")).toEqual([incomplete("workspace"), incomplete("project"), incomplete("repo")]);
      expect(await validate("RepoUrlPicker", "dev.azure.com?organization=o&repo=r")).toEqual([incomplete("project")]);
    });

    it("refuses a host or owner outside the allowed lists", async () => {
      const uiSchema = { "ui:options": { allowedHosts: ["github.com"], allowedOwners: ["acme"] } };
      expect(await validate("RepoUrlPicker", "gitlab.com?owner=acme&repo=r", { uiSchema })).toEqual(["The host gitlab.com is not one of the allowed hosts"]);
      expect(await validate("RepoUrlPicker", "github.com?owner=evil&repo=r", { uiSchema })).toEqual(["evil is not one of the allowed choices"]);
    });
  });

  describe("RepoBranchPicker and Secret", () => {
    it("reads the repository of the form's repoUrl", async () => {
      const data = (await server("RepoBranchPicker").load!(args("RepoBranchPicker", { formData: { repoUrl: "github.com?owner=acme&repo=web" }, value: "main" }))) as { repo: unknown; value: unknown };
      expect(data.repo).toMatchObject({ host: "github.com", type: "github", owner: "acme", repoName: "web" });
      expect(data.value).toBe("main");
      expect(toValue("RepoBranchPicker", " develop ")).toBe("develop");
    });

    it("keeps a secret exactly as typed", () => {
      expect(toValue("Secret", " s3cret ")).toBe(" s3cret ");
      expect(toValue("Secret", "")).toBeUndefined();
    });
  });
});
