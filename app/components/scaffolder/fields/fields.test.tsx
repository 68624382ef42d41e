import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../tests/support/render";
import type { EntityFieldData, RepoUrlFieldData, TagsFieldData } from "~/lib/scaffolder/fields/data";
import { fieldExtensions, type FieldExtensionProps } from "./index";

// The field extensions as the server renders them, which is what a browser
// without JavaScript gets: plain inputs and selects that post the value,
// labels and errors wired to them, and the GET search where choices are
// more than the page lists.

type Element = { tag: string; attrs: Record<string, string> };

/** Every start tag of the HTML with its attributes (names lower-cased, as a browser reads them, entities decoded). */
function elements(html: string): Element[] {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<([a-z]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    tag: match[1],
    attrs: Object.fromEntries([...match[2].matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map((attr) => [attr[1].toLowerCase(), decode(attr[2] ?? "")])),
  }));
}

/** The one element whose attributes include `wanted`; fails when there is none or several. */
function element(html: string, wanted: Record<string, string>): Element {
  const found = elements(html).filter((candidate) => Object.entries(wanted).every(([name, value]) => candidate.attrs[name] === value));
  if (found.length !== 1) throw new Error(`expected one element with ${JSON.stringify(wanted)}, found ${found.length}`);
  return found[0];
}

function render(field: string, props: Partial<FieldExtensionProps> = {}) {
  const Component = fieldExtensions[field]!.Component;
  const all: FieldExtensionProps = {
    name: "owner",
    id: "step-owner",
    schema: {},
    uiSchema: { "ui:field": field },
    value: undefined,
    required: false,
    disabled: false,
    errorId: "step-owner-error",
    formData: {},
    data: undefined,
    ...props,
  };
  return renderPage(<Component {...all} />);
}

const entityData = (overrides: Partial<EntityFieldData> = {}): EntityFieldData => ({
  choices: [
    { value: "group:default/team-a", label: "Team A" },
    { value: "group:default/team-b", label: "team-b" },
  ],
  complete: true,
  search: "",
  filterParams: ["kind=Group"],
  allowArbitraryValues: false,
  ...overrides,
});

describe("the entity pickers without JavaScript", () => {
  it("are a labelled select of the choices when they are all there and nothing else may be typed", async () => {
    const html = await render("EntityPicker", { data: entityData(), value: "group:default/team-b", required: true });
    expect(html).toMatch(/<label for="step-owner"[^>]*>Entity<span aria-hidden="true"[^>]*> \*<\/span><\/label>/);
    expect(element(html, { id: "step-owner" })).toEqual({ tag: "select", attrs: expect.objectContaining({ name: "owner", required: "" }) });
    expect(html).toContain('<option value="group:default/team-b" selected="">team-b</option>');
    expect(html).toContain("An entity from the catalog");
    expect(html).not.toContain('formmethod="get"');
  });

  it("are a text input suggesting the choices, with a posted search, where arbitrary values are allowed and choices are missing", async () => {
    const html = await render("OwnerPicker", { data: entityData({ allowArbitraryValues: true, complete: false, search: "tea" }), value: "group:default/team-a" });
    expect(html).toMatch(/<label for="step-owner"[^>]*>Owner<\/label>/);
    expect(element(html, { id: "step-owner" })).toEqual({ tag: "input", attrs: expect.objectContaining({ name: "owner", list: "step-owner-choices", value: "group:default/team-a" }) });
    expect(html).toContain('<datalist id="step-owner-choices"><option value="group:default/team-a">Team A</option>');
    expect(element(html, { id: "step-owner-search" }).attrs).toMatchObject({ type: "search", name: "search:owner", "aria-label": "Search Owner", value: "tea" });
    // Posted, not a GET: the step's values, secrets among them, stay out of the URL.
    expect(element(html, { name: "__wizard", value: "search" }).attrs).toMatchObject({ type: "submit", formnovalidate: "" });
    expect(html).toMatch(/value="search"[^>]*>Search<\/button>/);
    expect(html).not.toContain('formmethod="get"');
  });

  it("show the schema's title and description and wire the errors to the input", async () => {
    const html = await render("EntityPicker", {
      data: entityData(),
      schema: { title: "System", description: "The system it belongs to" },
      errors: ["group:default/x is not one of the allowed choices"],
    });
    expect(html).toContain(">System<");
    expect(element(html, { id: "step-owner" }).attrs).toMatchObject({ name: "owner", "aria-describedby": "step-owner-description step-owner-error", "aria-invalid": "true" });
    expect(element(html, { id: "step-owner-description" }).tag).toBe("p");
    expect(html).toMatch(/<div id="step-owner-error"[^>]*><p>group:default\/x is not one of the allowed choices<\/p><\/div>/);
  });

  it("lock MyGroupsPicker's only group: a disabled select, the value in a hidden input", async () => {
    const html = await render("MyGroupsPicker", { data: entityData({ choices: [{ value: "group:default/solo", label: "solo" }], value: "group:default/solo", locked: true }), required: true });
    expect(html).toMatch(/<label for="step-owner"[^>]*>Group/);
    const select = element(html, { id: "step-owner" });
    expect(select.tag).toBe("select");
    expect(select.attrs).toMatchObject({ disabled: "" });
    expect(select.attrs.name).toBeUndefined();
    expect(html).toContain('<input type="hidden" name="owner" value="group:default/solo"/>');
  });

  it("show 'No user entity ref found' beside MyGroupsPicker without a user", async () => {
    const html = await render("MyGroupsPicker", { data: entityData({ choices: [], error: "No user entity ref found" }) });
    expect(html).toMatch(/<div id="step-owner-error"[^>]*><p>No user entity ref found<\/p><\/div>/);
  });

  it("list MultiEntityPicker's choices as checkboxes, the others disabled once maxItems are chosen", async () => {
    const html = await render("MultiEntityPicker", {
      schema: { type: "array", maxItems: 1 },
      data: entityData({ allowArbitraryValues: true, value: ["group:default/team-a", "user:default/zed"] }),
    });
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Entity<\/legend>/);
    expect(element(html, { id: "step-owner" }).attrs).toMatchObject({ type: "checkbox", name: "owner", value: "group:default/team-a", checked: "" });
    expect(element(html, { value: "group:default/team-b" }).attrs).toMatchObject({ type: "checkbox", name: "owner", disabled: "" });
    // A chosen ref that is none of the choices stays in the text box for arbitrary values.
    expect(element(html, { value: "user:default/zed" }).attrs).toMatchObject({ name: "owner" });
  });
});

describe("EntityTagsPicker without JavaScript", () => {
  it("keeps chosen tags as ticked checkboxes and puts a refused tag back in the text box", async () => {
    const data: TagsFieldData = { suggestions: ["java", "python"] };
    const html = await render("EntityTagsPicker", { name: "tags", id: "step-tags", errorId: "step-tags-error", data, value: ["java", "bad--tag"], errors: ["'bad--tag' is not a valid tag"] });
    expect(html).toMatch(/<legend[^>]*>Tags<\/legend>/);
    expect(html).toContain("Add any relevant tags, hit &#x27;Enter&#x27; to add new tags. Valid format: [a-z0-9+#] separated by [-], at most 63 characters");
    expect(element(html, { value: "java" }).attrs).toMatchObject({ type: "checkbox", name: "tags", checked: "" });
    expect(element(html, { id: "step-tags" }).attrs).toMatchObject({ name: "tags", list: "step-tags-suggestions", "aria-invalid": "true", value: "bad--tag" });
    expect(html).toContain('<datalist id="step-tags-suggestions"><option value="python"></option></datalist>');
  });
});

describe("EntityNamePicker and Secret", () => {
  it("check the entity name rule in the browser too", async () => {
    const html = await render("EntityNamePicker", { name: "name", id: "step-name", value: "my-service", required: true });
    expect(html).toMatch(/<label for="step-name"[^>]*>Name/);
    expect(html).toContain("Unique name of the component");
    const input = element(html, { id: "step-name" }).attrs;
    expect(input).toMatchObject({
      name: "name",
      required: "",
      value: "my-service",
      title: "Must start and end with an alphanumeric character, and contain only alphanumeric characters, hyphens, underscores, and periods. Maximum length is 63 characters.",
    });
    const pattern = new RegExp(`^(?:${input.pattern})$`, "v");
    expect(["a", "my-service_1.0", "x".repeat(63)].every((name) => pattern.test(name))).toBe(true);
    expect(["-a", "a-", "x".repeat(64), "has space", ""].some((name) => pattern.test(name))).toBe(false);
  });

  it("never render a secret back into the page", async () => {
    const html = await render("Secret", { name: "token", id: "step-token", value: "hunter2", schema: { title: "API token" } });
    expect(html).toMatch(/<label for="step-token"[^>]*>API token<\/label>/);
    expect(element(html, { id: "step-token" }).attrs).toMatchObject({ type: "password", name: "token", value: "" });
    expect(html).not.toContain("hunter2");
  });
});

describe("RepoUrlPicker without JavaScript", () => {
  const options = { allowedHosts: [], allowedOwners: [], allowedOrganizations: [], allowedProjects: [], allowedRepos: [] };

  it("offers the hosts with a posted 'Use this host', and the host's parts as inputs named <name>.<part>", async () => {
    const data: RepoUrlFieldData = {
      integrations: [
        { host: "github.com", title: "github.com", type: "github" },
        { host: "bitbucket.org", title: "bitbucket.org", type: "bitbucket" },
      ],
      options,
      parts: { host: "github.com", owner: "acme", repoName: "", organization: "", workspace: "", project: "" },
      type: "github",
    };
    const html = await render("RepoUrlPicker", { name: "repoUrl", id: "step-repoUrl", errorId: "step-repoUrl-error", data, errors: ["Incomplete repository location provided, repo not provided"] });
    expect(element(html, { id: "step-repoUrl" })).toEqual({ tag: "select", attrs: expect.objectContaining({ name: "repoUrl.host", required: "" }) });
    expect(html).toContain('<option value="github.com" selected="">github.com</option>');
    expect(element(html, { name: "__wizard", value: "search" }).attrs).toMatchObject({ type: "submit", formnovalidate: "" });
    expect(html).toMatch(/value="search"[^>]*>Use this host<\/button>/);
    expect(html).toMatch(/<label for="step-repoUrl-owner"[^>]*>Owner/);
    expect(element(html, { id: "step-repoUrl-owner" }).attrs).toMatchObject({ name: "repoUrl.owner", required: "", value: "acme" });
    expect(element(html, { id: "step-repoUrl-owner" }).attrs["aria-invalid"]).toBeUndefined();
    // The empty required part is the one marked invalid.
    expect(element(html, { id: "step-repoUrl-repo" }).attrs).toMatchObject({ name: "repoUrl.repo", required: "", "aria-invalid": "true" });
    expect(html).not.toContain("repoUrl.workspace");
    expect(html).toContain("<p>Incomplete repository location provided, repo not provided</p>");
  });

  it("disables a select with one allowed value and posts that value from a hidden input", async () => {
    const data: RepoUrlFieldData = {
      integrations: [{ host: "bitbucket.org", title: "bitbucket.org", type: "bitbucket" }],
      options: { ...options, allowedHosts: ["bitbucket.org"], allowedOwners: ["ws1"], allowedProjects: ["P1", "P2"] },
      parts: { host: "bitbucket.org", owner: "", repoName: "", organization: "", workspace: "ws1", project: "P1" },
      type: "bitbucket",
    };
    const html = await render("RepoUrlPicker", { name: "repoUrl", id: "step-repoUrl", data });
    expect(element(html, { id: "step-repoUrl" }).attrs).toMatchObject({ disabled: "" });
    expect(html).toContain('<input type="hidden" name="repoUrl.host" value="bitbucket.org"/>');
    expect(element(html, { id: "step-repoUrl-workspace" }).attrs).toMatchObject({ disabled: "" });
    expect(html).toContain('<input type="hidden" name="repoUrl.workspace" value="ws1"/>');
    expect(element(html, { id: "step-repoUrl-project" })).toEqual({ tag: "select", attrs: expect.objectContaining({ name: "repoUrl.project", required: "" }) });
    expect(html).not.toContain("Use this host");
    expect(html).not.toContain("repoUrl.owner");
  });
});

describe("RepoBranchPicker without JavaScript", () => {
  it("is a text input for the branch", async () => {
    const html = await render("RepoBranchPicker", { name: "branch", id: "step-branch", data: { value: "main" } });
    expect(html).toMatch(/<label for="step-branch"[^>]*>Branch<\/label>/);
    expect(html).toContain("The branch of the repository");
    expect(element(html, { id: "step-branch" }).attrs).toMatchObject({ name: "branch", value: "main" });
  });
});
