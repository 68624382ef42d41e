import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, guestSessionCookie, startServer, type RunningServer } from "../tests/support/server";

// The template list and the wizard through HTTP, as a browser without
// JavaScript uses them: GET forms for the filters, and posts of the step
// forms whose answers are a 303 to the wizard (the draft moved on), the step
// again with 400 and the message beside the field, or the step again with
// 200 (a list's Add or Remove, Update form, a picker's search). The templates are
// tests/fixtures/wizard-templates/.

const config = `
auth:
  signInPage: [guest]
catalog:
  locations:
    - type: file
      target: ./tests/fixtures/wizard-templates.yaml
`;

const SERVICE = "/create/templates/default/wizard-test-service";

let server: RunningServer;

const signInAsGuest = () => guestSessionCookie(server);

beforeAll(async () => {
  server = await startServer(config);
  await eventually(async () => (await fetch(`${server.url}/api/catalog/entities/by-name/template/default/wizard-test-docs`, { headers: API_AUTHORIZATION })).ok, "the test templates", 30_000);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function browser(cookie: string) {
  return {
    async get(path: string) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
      return { status: response.status, body: await response.text() };
    },
    async post(path: string, fields: Array<[string, string]>) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, location: response.headers.get("location"), body: await response.text() };
    },
  };
}

/** The opening tag of the element with this id (there must be one). */
const tagWithId = (html: string, id: string) => {
  const escaped = id.replace(/[.[\]]/g, "\\$&");
  const tag = new RegExp(`<[a-z]+ [^>]*id="${escaped}"[^>]*>`).exec(html)?.[0];
  expect(tag, `an element with id ${id}`).toBeDefined();
  return tag!;
};
/** The text of the element with this id (an error beside a field). */
const textOf = (html: string, id: string) =>
  new RegExp(`id="${id.replace(/[.[\]]/g, "\\$&")}"[^>]*>(.*?)</div>`)
    .exec(html)?.[1]
    ?.replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
const stepTitle = (html: string) => /id="wizard-step-title"[^>]*>([^<]*)</.exec(html)?.[1];
const reviewRows = (html: string) => Object.fromEntries([...html.matchAll(/<tr data-review-field="([^"]*)"[^>]*><th[^>]*>.*?<\/th><td[^>]*>(.*?)<\/td>/g)].map((match) => [match[1], match[2]]));

const basics = (overrides: Record<string, string> = {}): Array<[string, string]> =>
  Object.entries({ __step: "0", name: "orders-api", kind: "library", replicas: "2", description: "Takes orders", ...overrides });

describe("/create", () => {
  it("lists the templates grouped by type, each card with its tags, owner and a Choose link into the wizard", async () => {
    const { status, body } = await browser(await signInAsGuest()).get("/create");
    expect(status).toBe(200);
    expect(body).toContain("<h1");
    expect(body).toMatch(/<h1[^>]*>Create a new component<\/h1>/);
    expect(body).toMatch(/<h2 id="template-group-documentation"[^>]*>documentation<\/h2>/);
    expect(body).toMatch(/<h2 id="template-group-service"[^>]*>service<\/h2>/);
    expect(body.indexOf("template-group-documentation")).toBeLessThan(body.indexOf("template-group-service"));
    expect(body).toMatch(/<a aria-label="Choose Wizard Test Service"[^>]*href="\/create\/templates\/default\/wizard-test-service"[^>]*>Choose<\/a>/);
    expect(body).toContain("A service template the wizard&#x27;s tests fill in.");
    expect(body).toMatch(/href="\/catalog\/default\/group\/platform-team"[^>]*>platform-team<\/a>/);
    expect(body).toMatch(/<li[^>]*>node<\/li>/);
  });

  it("filters by tag and by owner with a GET form, the chosen boxes ticked", async () => {
    const client = browser(await signInAsGuest());
    const byTag = await client.get("/create?tags=docs");
    expect(byTag.body).toContain("Wizard Test Docs");
    expect(byTag.body).not.toContain("Choose Wizard Test Service");
    expect(/<input type="checkbox"[^>]*name="tags"[^>]*value="docs"[^>]*>/.exec(byTag.body)?.[0]).toContain('checked=""');
    expect(/<input type="checkbox"[^>]*name="tags"[^>]*value="node"[^>]*>/.exec(byTag.body)?.[0]).not.toContain("checked");
    const byOwner = await client.get(`/create?owners=${encodeURIComponent("group:default/platform-team")}`);
    expect(byOwner.body).toContain("Choose Wizard Test Service");
    expect(byOwner.body).not.toContain("Choose Wizard Test Docs");
    const none = await client.get("/create?tags=docs&owners=group%3Adefault%2Fplatform-team");
    expect(none.body).toContain("No templates match these filters.");
  });
});

describe("the wizard", () => {
  it("renders the first step with each field's label, help, default and control", async () => {
    const { status, body } = await browser(await signInAsGuest()).get(SERVICE);
    expect(status).toBe(200);
    expect(stepTitle(body)).toBe("Basics");
    expect(tagWithId(body, "wizard-name")).toContain('aria-describedby="wizard-name-description"');
    expect(textOf(body, "wizard-name-description")).toBe("Unique name of the componentLowercase letters, digits and dashes");
    expect(tagWithId(body, "wizard-description")).toMatch(/^<textarea/);
    expect(tagWithId(body, "wizard-kind")).toMatch(/^<select/);
    expect(body).toMatch(/<option value="library" selected="">Library<\/option>/);
    expect(tagWithId(body, "wizard-replicas")).toContain('value="2"');
    expect(tagWithId(body, "wizard-public")).toContain('type="checkbox"');
    // The second step and the review are listed; the port only shows for a service.
    expect(body).toMatch(/aria-current="step"[^>]*>.*?Basics/);
    expect(body).toContain("Settings</li>");
    expect(body).not.toContain('name="port"');
  });

  it("refuses a wrong value with 400, the message beside the field and the values as posted, and stays on the step", async () => {
    const client = browser(await signInAsGuest());
    const refused = await client.post(SERVICE, [...basics({ name: "Orders API" }), ["__wizard", "next"]]);
    expect(refused.status).toBe(400);
    expect(textOf(refused.body, "wizard-name-error")).toBe('must match pattern "^[a-z0-9-]+$"');
    const input = tagWithId(refused.body, "wizard-name");
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="wizard-name-error wizard-name-description"');
    expect(input).toContain('value="Orders API"');
    expect(refused.body).toContain(">Takes orders</textarea>");
    expect(refused.body).toMatch(/id="wizard-error" role="alert"/);
    // Never moved on: the step is still Basics.
    expect(stepTitle((await client.get(SERVICE)).body)).toBe("Basics");
  });

  it("says a required field is missing beside it", async () => {
    const refused = await browser(await signInAsGuest()).post(SERVICE, [...basics({ name: "" }), ["__wizard", "next"]]);
    expect(refused.status).toBe(400);
    expect(textOf(refused.body, "wizard-name-error")).toBe("must have required property 'Name'");
  });

  it("evaluates conditions on the server: a service brings in a required port", async () => {
    const client = browser(await signInAsGuest());
    const refused = await client.post(SERVICE, [...basics({ kind: "service" }), ["__wizard", "next"]]);
    expect(refused.status).toBe(400);
    expect(textOf(refused.body, "wizard-port-error")).toBe("must have required property 'Port'");
    // Update form shows the port with its default, without refusing anything.
    const updated = await client.post(SERVICE, [...basics({ kind: "service" }), ["__wizard", "refresh"]]);
    expect(updated.status).toBe(200);
    expect(tagWithId(updated.body, "wizard-port")).toContain('value=""');
    const fresh = await client.get(SERVICE);
    expect(tagWithId(fresh.body, "wizard-port")).toContain('value="8080"');
    // A library has no port.
    const library = await client.post(SERVICE, [...basics({ kind: "library" }), ["__wizard", "refresh"]]);
    expect(library.body).not.toContain('name="port"');
  });

  it("adds and removes list entries with submit buttons, without moving on", async () => {
    const client = browser(await signInAsGuest());
    const added = await client.post(SERVICE, [...basics(), ["maintainers[0]", "ann"], ["__intent__", JSON.stringify({ type: "insert", payload: { name: "maintainers", defaultValue: "" } })]]);
    expect(added.status).toBe(200);
    expect(tagWithId(added.body, "wizard-maintainers[0]")).toContain('value="ann"');
    expect(tagWithId(added.body, "wizard-maintainers[1]")).toContain('value=""');
    const removed = await client.post(SERVICE, [
      ...basics(),
      ["maintainers[0]", "ann"],
      ["maintainers[1]", "bob"],
      ["__intent__", JSON.stringify({ type: "remove", payload: { name: "maintainers", index: 0 } })],
    ]);
    expect(tagWithId(removed.body, "wizard-maintainers[0]")).toContain('value="bob"');
    expect(removed.body).not.toContain('id="wizard-maintainers[1]"');
  });

  it("keeps the values through Next and Back, and shows every value on the review with the secret masked", async () => {
    const client = browser(await signInAsGuest());
    const next = await client.post(SERVICE, [...basics({ kind: "service", port: "9000", public: "on" }), ["maintainers[0]", "ann"], ["__wizard", "next"]]);
    expect(next.status).toBe(303);
    expect(next.location).toBe(SERVICE);
    const settings = await client.get(SERVICE);
    expect(stepTitle(settings.body)).toBe("Settings");
    // A read-only field shows its default and ignores what is posted for it; a hidden one travels as a hidden input.
    expect(tagWithId(settings.body, "wizard-region")).toContain("readOnly");
    expect(settings.body).toContain('<input type="hidden" name="trackingId" value="wizard-e2e"/>');
    // A field extension renders through its component (the owner picker's choices); an unknown ui:field is the plain field of its type.
    expect(tagWithId(settings.body, "wizard-owner")).toContain('list="wizard-owner-choices"');
    expect(tagWithId(settings.body, "wizard-nickname")).toContain('type="text"');

    const settingsPost: Array<[string, string]> = [
      ["__step", "1"],
      ["environments", "dev"],
      ["environments", "prod"],
      ["repo.owner", "orders-team"],
      ["repo.visibility", "private"],
      ["owner", "group:default/platform-team"],
      ["apiKey", "k3y-value"],
      ["nickname", "ordy"],
      ["token", "s3cr3t-token"],
      ["region", "mars-1"],
      ["trackingId", "wizard-e2e"],
    ];
    expect((await client.post(SERVICE, [...settingsPost, ["__wizard", "back"]])).status).toBe(303);
    const back = await client.get(SERVICE);
    expect(stepTitle(back.body)).toBe("Basics");
    expect(tagWithId(back.body, "wizard-name")).toContain('value="orders-api"');
    expect(tagWithId(back.body, "wizard-port")).toContain('value="9000"');
    expect(tagWithId(back.body, "wizard-public")).toContain('checked=""');
    expect(tagWithId(back.body, "wizard-maintainers[0]")).toContain('value="ann"');

    await client.post(SERVICE, [...basics({ kind: "service", port: "9000", public: "on" }), ["maintainers[0]", "ann"], ["__wizard", "next"]]);
    const again = await client.get(SERVICE);
    expect(tagWithId(again.body, "wizard-environments-0")).toContain('checked=""');
    expect(tagWithId(again.body, "wizard-environments-1")).not.toContain("checked");
    expect(tagWithId(again.body, "wizard-repo.owner")).toContain('value="orders-team"');
    expect(tagWithId(again.body, "wizard-repo.visibility-1")).toContain('checked=""');
    // The secret is kept on the server but never written back into the page.
    expect(again.body).not.toContain("s3cr3t-token");
    expect(again.body).not.toContain("k3y-value");
    expect(again.body).toContain("A value is kept; leave this empty to keep it.");

    expect((await client.post(SERVICE, [...settingsPost.filter(([key]) => key !== "token"), ["token", ""], ["__wizard", "review"]])).status).toBe(303);
    const review = await client.get(SERVICE);
    expect(stepTitle(review.body)).toBe("Review");
    expect(review.body).not.toContain("s3cr3t-token");
    expect(review.body).not.toContain("k3y-value");
    expect(reviewRows(review.body)).toEqual({
      name: "orders-api",
      description: "Takes orders",
      kind: "service",
      replicas: "2",
      public: "true",
      maintainers: "ann",
      port: "9000",
      environments: "dev, prod",
      "repo.owner": "orders-team",
      "repo.visibility": "private",
      owner: "group:default/platform-team",
      apiKey: "******",
      nickname: "ordy",
      token: "******",
      region: "eu-west-1",
      trackingId: "wizard-e2e",
    });
    expect(review.body).toMatch(/<th scope="row"[^>]*>Repository &gt; Owner<\/th>/);

    // Back from the review lands on the last step; Start Over forgets the draft.
    await client.post(SERVICE, [
      ["__step", "2"],
      ["__wizard", "back"],
    ]);
    expect(stepTitle((await client.get(SERVICE)).body)).toBe("Settings");
    expect((await client.post(SERVICE, [["__wizard", "restart"]])).status).toBe(303);
    const restarted = await client.get(SERVICE);
    expect(stepTitle(restarted.body)).toBe("Basics");
    expect(tagWithId(restarted.body, "wizard-name")).toContain('value=""');
  });

  it("runs a picker's no-JavaScript search as a post: the step again with the values kept, and nothing of them, the secret least of all, in a URL", async () => {
    const client = browser(await signInAsGuest());
    expect((await client.post(SERVICE, [...basics({ name: "searched-api" }), ["__wizard", "next"]])).status).toBe(303);
    const searched = await client.post(SERVICE, [
      ["__step", "1"],
      ["repo.owner", "orders-team"],
      ["apiKey", "k3y-value"],
      ["token", "s3cr3t-token"],
      ["owner", "platform"],
      ["search:owner", "platform"],
      ["__wizard", "search"],
    ]);
    // Answered in place: no redirect that could carry the values in its query, no message for the fields not yet valid.
    expect(searched.status).toBe(200);
    expect(searched.location).toBeNull();
    expect(stepTitle(searched.body)).toBe("Settings");
    expect(searched.body).not.toContain("k3y-value");
    expect(searched.body).not.toContain("s3cr3t-token");
    expect(searched.body).toContain('value="platform"');
    // The draft kept what was typed, the secret included: the step's page shows it kept and moves on with it.
    const again = await client.get(SERVICE);
    expect(stepTitle(again.body)).toBe("Settings");
    expect(tagWithId(again.body, "wizard-repo.owner")).toContain('value="orders-team"');
    expect(again.body).toContain("A value is kept; leave this empty to keep it.");
  });

  it("creates the task from the review: 303 to its page, the draft gone, a Secret's value in the task's secrets and not its parameters", async () => {
    const client = browser(await signInAsGuest());
    expect((await client.post(SERVICE, [...basics({ name: "created-api" }), ["__wizard", "next"]])).status).toBe(303);
    const settings: Array<[string, string]> = [
      ["__step", "1"],
      ["repo.owner", "orders-team"],
      ["apiKey", "k3y-value"],
      ["__wizard", "review"],
    ];
    expect((await client.post(SERVICE, settings)).status).toBe(303);
    const created = await client.post(SERVICE, [
      ["__step", "2"],
      ["__wizard", "create"],
    ]);
    expect(created.status).toBe(303);
    const taskId = /^\/create\/tasks\/([^/]+)$/.exec(created.location ?? "")?.[1];
    expect(taskId, created.location ?? "no location").toBeDefined();
    const task = (await (await fetch(`${server.url}/api/scaffolder/v2/tasks/${taskId}`, { headers: API_AUTHORIZATION })).json()) as {
      spec: { parameters: Record<string, unknown>; templateInfo?: { entityRef?: string } };
    };
    expect(task.spec.parameters).toMatchObject({ name: "created-api", kind: "library", replicas: 2, repo: { owner: "orders-team" }, apiKey: "*********", region: "eu-west-1" });
    expect(JSON.stringify(task)).not.toContain("k3y-value");
    // The draft is gone: the wizard starts again.
    expect(stepTitle((await client.get(SERVICE)).body)).toBe("Basics");
  });

  it("keeps each user's draft to themselves", async () => {
    const first = browser(await signInAsGuest());
    const second = browser(await signInAsGuest());
    await first.post(SERVICE, [...basics({ name: "first-draft" }), ["__wizard", "next"]]);
    expect(stepTitle((await first.get(SERVICE)).body)).toBe("Settings");
    const other = await second.get(SERVICE);
    expect(stepTitle(other.body)).toBe("Basics");
    expect(other.body).not.toContain("first-draft");
  });

  it("prefills from ?formData= and serves the legacy path in the default namespace", async () => {
    const client = browser(await signInAsGuest());
    const prefilled = await client.get(`/create/templates/wizard-test-docs?formData=${encodeURIComponent(JSON.stringify({ siteName: "handbook" }))}`);
    expect(prefilled.status).toBe(200);
    expect(tagWithId(prefilled.body, "wizard-siteName")).toContain('value="handbook"');
    expect(prefilled.body).toContain('action="/create/templates/wizard-test-docs?formData=');
    const broken = await client.get("/create/templates/wizard-test-docs?formData=%7Bnot-json");
    expect(broken.status).toBe(200);
    expect(tagWithId(broken.body, "wizard-siteName")).toContain('value=""');
  });

  it("answers 404 for a template that does not exist", async () => {
    const { status } = await browser(await signInAsGuest()).get("/create/templates/default/no-such-template");
    expect(status).toBe(404);
  });
});
