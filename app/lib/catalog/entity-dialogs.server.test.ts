import pino from "pino";
import { describe, expect, it } from "vitest";
import { useIngestedCatalog } from "../../../tests/support/catalog";
import { userCredentials } from "../auth/credentials";
import { GUEST_IDENTITY } from "../auth/identity";
import { configSchema } from "../config/schema";
import type { RequestContext } from "../context.server";
import { createCatalog, type Catalog } from "./catalog.server";
import { createScheduler } from "../scheduler/scheduler.server";
import { ANNOTATION_ORIGIN_LOCATION, ANNOTATION_ORPHAN, type Entity } from "./entity";
import { parseForm, refuseSubmission } from "../forms/submission";
import { entityDialogSchema } from "./entity-dialogs-schema";
import { entityDialogAction, loadEntityDialogs } from "./entity-dialogs.server";
import { addLocation, listLocations } from "./store/roots.server";

// The dialogs' loader and action on a real ingested catalog: each variant
// the URL and the entity call for, and the posts with and without permission.

const team = { apiVersion: "backstage.io/v1alpha1", kind: "Group", metadata: { name: "team-a", title: "Team A" }, spec: { type: "team", children: [] } };
const component = (name: string, title?: string) => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name, ...(title ? { title } : {}) },
  spec: { type: "service", owner: "group:default/team-a", lifecycle: "production" },
});

const guest = userCredentials(GUEST_IDENTITY);
const silent = pino({ level: "silent" });
const contextOf = (catalog: Catalog) => ({ catalog, logger: silent, requestId: "test-request", publicConfig: { basePath: "" } }) as unknown as RequestContext;

describe("the entity page's dialogs", () => {
  const fixture = useIngestedCatalog("sqlite", [team, component("ledger", "Rent ledger"), component("billing")], ["Component", "Group"]);
  const app = () => contextOf(fixture.catalog);
  /** The same catalog under a policy that lets everyone read, and nothing else. */
  const readOnly = () =>
    contextOf(
      createCatalog({
        db: fixture.db,
        config: configSchema.parse({
          app: { baseUrl: "http://localhost:7007" },
          catalog: { processingInterval: false },
          permission: {
            enabled: true,
            policy: { roles: [{ name: "readers", members: ["*"], permissions: [{ permission: "catalog.entity.read" }, { permission: "catalog.location.read" }] }] },
          },
        }),
        rootDir: "/",
        logger: silent,
        scheduler: createScheduler({ db: fixture.db, logger: silent }).forPlugin("catalog"),
      }),
    );
  const entity = (ref: string) => fixture.catalog.entities.entityByRef(ref, { credentials: guest }) as Promise<Entity>;
  const load = async (search: string, subject: Entity) => loadEntityDialogs(app(), { url: new URL(`http://localhost/catalog/default/component/x${search}`), entity: subject, credentials: guest });
  const post = (context: RequestContext, subject: Entity, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const request = new Request("http://localhost/catalog/default/component/x?unregister", { method: "POST", body: form });
    const submission = parseForm(form, entityDialogSchema);
    if (submission.status !== "success") throw new Error("the entity page's action refuses this post before the dialogs see it");
    return entityDialogAction(context, { request, submission, entity: subject, credentials: guest, identity: GUEST_IDENTITY });
  };
  /** A refusal as the page receives it: conform's reply with the service's message as the form's error. */
  const refusal = (status: number, message: string) =>
    expect.objectContaining({ init: { status }, data: expect.objectContaining({ error: { "": [expect.stringContaining(message)] }, initialValue: expect.any(Object) }) });

  it("opens nothing without a dialog parameter", async () => {
    expect(await load("", await entity("component:default/ledger"))).toEqual({ kind: "none" });
    // ?delete opens the confirmation for orphans only.
    expect(await load("?delete", await entity("component:default/ledger"))).toEqual({ kind: "none" });
  });

  it("opens the inspector's first tab for an empty or unknown value, with the relations' targets presented", async () => {
    const ledger = await entity("component:default/ledger");
    for (const search of ["?inspect", "?inspect=", "?inspect=Overview", "?inspect=<script>"]) {
      const dialogs = await load(search, ledger);
      expect(dialogs).toMatchObject({ kind: "inspector", data: { tab: "overview" } });
    }
    const dialogs = await load("?inspect=overview", ledger);
    if (dialogs.kind !== "inspector" || dialogs.data.tab !== "overview") throw new Error("expected the overview");
    expect(dialogs.data.presentations["group:default/team-a"]?.primaryTitle).toBe("Team A");
  });

  it("prints the raw tabs with sorted keys", async () => {
    const ledger = await entity("component:default/ledger");
    const json = await load("?inspect=json", ledger);
    if (json.kind !== "inspector" || json.data.tab !== "json") throw new Error("expected the JSON tab");
    expect(JSON.parse(json.data.text)).toEqual(ledger);
    expect(Object.keys(JSON.parse(json.data.text))).toEqual(Object.keys(ledger).sort());
    const yaml = await load("?inspect=yaml", ledger);
    if (yaml.kind !== "inspector" || yaml.data.tab !== "yaml") throw new Error("expected the YAML tab");
    expect(yaml.data.text).toMatch(/^apiVersion: backstage.io\/v1alpha1\nkind: Component\nmetadata:\n {2}annotations:/);
  });

  it("reads the ancestry from the entity up to its root location", async () => {
    const dialogs = await load("?inspect=ancestry", await entity("component:default/ledger"));
    if (dialogs.kind !== "inspector" || dialogs.data.tab !== "ancestry") throw new Error("expected the ancestry");
    expect(dialogs.data.rootEntityRef).toBe("component:default/ledger");
    expect(dialogs.data.nodes[0]).toEqual({ entityRef: "component:default/ledger", parentEntityRefs: [expect.stringMatching(/^location:default\/generated-/)] });
    expect(dialogs.data.nodes.at(-1)?.parentEntityRefs).toEqual([]);
    expect(dialogs.data.presentations["component:default/ledger"]?.primaryTitle).toBe("Rent ledger");
  });

  it("lists the other entities of the same location, and says when there is no location", async () => {
    const dialogs = await load("?inspect=colocated", await entity("component:default/ledger"));
    if (dialogs.kind !== "inspector" || dialogs.data.tab !== "colocated") throw new Error("expected the colocated tab");
    expect(dialogs.data.location).toMatch(/^file:.*all\.yaml$/);
    // The file's root Location entity is managed by the same location, as in Backstage.
    expect(dialogs.data.atLocation.sort()).toEqual(["component:default/billing", "group:default/team-a", expect.stringMatching(/^location:default\/generated-/)]);
    expect(dialogs.data.atOrigin).toEqual([]);

    const unplaced = { ...(await entity("component:default/ledger")), metadata: { name: "ledger" } };
    expect(await load("?inspect=colocated", unplaced)).toMatchObject({ kind: "inspector", data: { tab: "colocated", atLocation: [], atOrigin: [] } });
  });

  it("offers only deletion for an entity from a configured location", async () => {
    expect(await load("?unregister", await entity("component:default/ledger"))).toEqual({ kind: "unregister", state: { type: "only-delete" } });
  });

  it("keeps Backstage's bootstrap variant for an entity of the protected bootstrap location", async () => {
    const ledger = await entity("component:default/ledger");
    const bootstrapped = { ...ledger, metadata: { ...ledger.metadata, annotations: { ...ledger.metadata.annotations, [ANNOTATION_ORIGIN_LOCATION]: "bootstrap:bootstrap" } } };
    expect(await load("?unregister", bootstrapped)).toEqual({ kind: "unregister", state: { type: "bootstrap", location: "bootstrap:bootstrap" } });
  });

  it("opens the delete confirmation for an orphan", async () => {
    const ledger = await entity("component:default/ledger");
    const orphan = { ...ledger, metadata: { ...ledger.metadata, annotations: { ...ledger.metadata.annotations, [ANNOTATION_ORPHAN]: "true" } } };
    expect(await load("?delete", orphan)).toEqual({ kind: "delete-orphan" });
  });

  it("refuses a post whose intent is not the dialogs' beside the intent, with the value kept", async () => {
    for (const fields of [{ intent: "star" }, {}] as Array<Record<string, string>>) {
      const submission = parseForm(new URLSearchParams(fields), entityDialogSchema);
      expect(submission.status).toBe("error");
      const refused = refuseSubmission(submission);
      expect(refused.init?.status).toBe(400);
      expect(refused.data).toMatchObject({ initialValue: fields, error: { intent: ["entityDialogs.unregister.intentInvalid"] } });
    }
  });

  it("refuses to delete without catalog.entity.delete, with 403 and nothing changed", async () => {
    const ledger = await entity("component:default/ledger");
    expect(await post(readOnly(), ledger, { intent: "delete-entity" })).toEqual(refusal(403, "catalog.entity.delete"));
    expect(await entity("component:default/ledger")).toBeDefined();
  });

  describe("a location registered through the API", () => {
    const target = "https://example.com/catalog-info.yaml";

    it("offers to unregister it, listing the entities of the same origin", async () => {
      const location = await addLocation(fixture.db, { type: "url", target }, Date.now());
      const dialogs = await load("?unregister", await entity(location.entityRef));
      expect(dialogs).toMatchObject({ kind: "unregister", state: { type: "unregister", location: `url:${target}`, colocatedEntityRefs: [location.entityRef] } });
    });

    it("refuses to unregister it without catalog.location.delete, with 403 and nothing changed", async () => {
      const [location] = (await listLocations(fixture.db)).filter((item) => item.target === target);
      const result = await post(readOnly(), await entity(location.entityRef), { intent: "unregister-location" });
      expect(result).toEqual(refusal(403, "catalog.location.delete"));
      expect((await listLocations(fixture.db)).map((item) => item.target)).toContain(target);
      expect(await entity(location.entityRef)).toBeDefined();
    });

    it("unregisters it and its entities, then sends the user to the catalog", async () => {
      const [location] = (await listLocations(fixture.db)).filter((item) => item.target === target);
      const result = await post(app(), await entity(location.entityRef), { intent: "unregister-location" });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get("location")).toBe("/catalog");
      expect((await listLocations(fixture.db)).map((item) => item.target)).not.toContain(target);
      expect(await entity(location.entityRef)).toBeUndefined();
    });
  });

  it("deletes an entity by uid and flashes 'Removed entity {entityName}'", async () => {
    const result = await post(app(), await entity("component:default/ledger"), { intent: "delete-entity" });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.headers.get("location")).toBe("/catalog");
    const flash = /atrium-flash=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(JSON.parse(Buffer.from(flash, "base64url").toString("utf8"))).toEqual([{ message: "Removed entity Rent ledger", severity: "success", display: "transient" }]);
    expect(await entity("component:default/ledger")).toBeUndefined();
    expect(await entity("component:default/billing")).toBeDefined();
  });
});
