import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../tests/support/render";
import type { JsonSchema, UiSchema } from "~/lib/scaffolder/wizard/json";
import { SchemaFields, type SchemaFieldsProps } from "./schema-fields";

// The wizard's field renderer as the server renders it, which is what a
// browser without JavaScript gets: one plain control per field, named as
// conform names fields so the post carries every value, labelled, with help
// and errors wired through aria-describedby.

type Element = { tag: string; attrs: Record<string, string> };

/** Every start tag with its attributes (names lower-cased as a browser reads them, entities decoded). */
function elements(html: string): Element[] {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<([a-z]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    tag: match[1]!,
    attrs: Object.fromEntries([...match[2]!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map((attr) => [attr[1]!.toLowerCase(), decode(attr[2] ?? "")])),
  }));
}

function one(html: string, wanted: Record<string, string>): Element {
  const found = elements(html).filter((candidate) => Object.entries(wanted).every(([name, value]) => candidate.attrs[name] === value));
  expect(found, `one element with ${JSON.stringify(wanted)}`).toHaveLength(1);
  return found[0]!;
}

function none(html: string, wanted: Record<string, string>) {
  expect(elements(html).filter((candidate) => Object.entries(wanted).every(([name, value]) => candidate.attrs[name] === value))).toHaveLength(0);
}

const render = (props: Partial<SchemaFieldsProps> & { schema: JsonSchema }) => renderPage(<SchemaFields uiSchema={{}} values={{}} errors={{}} {...props} />);

describe("SchemaFields", () => {
  it("renders strings as text inputs, textareas, passwords and selects, each labelled by its title", async () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", title: "Name" },
        about: { type: "string", title: "About" },
        token: { type: "string", title: "Token" },
        flavour: { type: "string", title: "Flavour", enum: ["sweet", "sour"], enumNames: ["Sweet", "Sour"] },
        email: { type: "string", title: "Email", format: "email" },
      },
    };
    const uiSchema: UiSchema = { about: { "ui:widget": "textarea", "ui:placeholder": "Tell us" }, token: { "ui:widget": "password" }, name: { "ui:autofocus": true } };
    const html = await render({ schema, uiSchema, values: { name: "orders", about: "An API", token: "hunter2", flavour: "sour" } });
    expect(one(html, { id: "wizard-name" }).attrs).toMatchObject({ name: "name", type: "text", value: "orders", "aria-required": "true", autofocus: "" });
    expect(html).toMatch(/<label for="wizard-name"[^>]*>Name<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
    expect(one(html, { id: "wizard-about" })).toMatchObject({ tag: "textarea", attrs: { placeholder: "Tell us" } });
    expect(html).toContain(">An API</textarea>");
    // A password never goes back into the page.
    expect(one(html, { id: "wizard-token" }).attrs).toMatchObject({ type: "password", autocomplete: "off" });
    expect(html).not.toContain("hunter2");
    expect(one(html, { id: "wizard-flavour" }).tag).toBe("select");
    expect(html).toMatch(/<option value="sour" selected="">Sour<\/option>/);
    expect(one(html, { id: "wizard-email" }).attrs.type).toBe("email");
  });

  it("renders numbers, integers and booleans, with radio buttons on request", async () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        replicas: { type: "integer", title: "Replicas" },
        ratio: { type: "number", title: "Ratio" },
        public: { type: "boolean", title: "Public" },
        archived: { type: "boolean", title: "Archived" },
      },
    };
    const html = await render({ schema, uiSchema: { archived: { "ui:widget": "radio" } }, values: { replicas: 3, ratio: 0.5, public: true, archived: false } });
    expect(one(html, { id: "wizard-replicas" }).attrs).toMatchObject({ type: "number", step: "1", value: "3" });
    expect(one(html, { id: "wizard-ratio" }).attrs).toMatchObject({ type: "number", step: "any", value: "0.5" });
    expect(one(html, { id: "wizard-public" }).attrs).toMatchObject({ type: "checkbox", name: "public", checked: "" });
    expect(one(html, { id: "wizard-archived-0" }).attrs).toMatchObject({ type: "radio", name: "archived", value: "true" });
    expect(one(html, { id: "wizard-archived-1" }).attrs).toMatchObject({ type: "radio", value: "false", checked: "" });
    expect(html).toMatch(/<legend[^>]*>Archived<\/legend>/);
  });

  it("renders a list of choices as checkboxes and a list of free values as inputs with Add and Remove submit buttons", async () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        envs: { type: "array", title: "Environments", items: { type: "string", enum: ["dev", "prod"] } },
        people: { type: "array", title: "People", items: { type: "string" } },
      },
    };
    const html = await render({ schema, values: { envs: ["prod"], people: ["ann", "bob"] } });
    expect(one(html, { id: "wizard-envs-0" }).attrs).toMatchObject({ type: "checkbox", name: "envs", value: "dev" });
    expect(one(html, { id: "wizard-envs-0" }).attrs.checked).toBeUndefined();
    expect(one(html, { id: "wizard-envs-1" }).attrs).toMatchObject({ name: "envs", value: "prod", checked: "" });
    expect(one(html, { id: "wizard-people[0]" }).attrs).toMatchObject({ name: "people[0]", value: "ann", "aria-label": "People 1" });
    expect(one(html, { id: "wizard-people[1]" }).attrs).toMatchObject({ name: "people[1]", value: "bob" });
    const remove = one(html, { "aria-label": "Remove People 2" });
    expect(remove.attrs).toMatchObject({ type: "submit", name: "__intent__", formnovalidate: "" });
    expect(JSON.parse(remove.attrs.value!)).toEqual({ type: "remove", payload: { name: "people", index: 1 } });
    expect(html).toMatch(/name="__intent__"[^>]*>Add to People<\/button>/);
  });

  it("stops offering Add at maxItems", async () => {
    const schema: JsonSchema = { type: "object", properties: { people: { type: "array", title: "People", maxItems: 1, items: { type: "string" } } } };
    expect(await render({ schema, values: { people: ["ann"] } })).not.toContain("Add to People");
  });

  it("renders a nested object as a fieldset whose fields post under dotted names", async () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { repo: { type: "object", title: "Repository", required: ["owner"], properties: { owner: { type: "string", title: "Owner" } } } },
    };
    const html = await render({ schema, values: { repo: { owner: "me" } }, errors: { "repo.owner": ["must not be me"] } });
    expect(html).toMatch(/<fieldset data-field="repo"[^>]*><legend[^>]*>Repository<\/legend>/);
    expect(one(html, { id: "wizard-repo.owner" }).attrs).toMatchObject({ name: "repo.owner", value: "me", "aria-invalid": "true", "aria-describedby": "wizard-repo.owner-error" });
    expect(html).toMatch(/<div id="wizard-repo.owner-error"[^>]*><p>must not be me<\/p><\/div>/);
  });

  it("shows help and descriptions, wires errors to the field, and honours ui:readonly, ui:disabled and ui:widget hidden", async () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        name: { type: "string", title: "Name", description: "The component's name" },
        region: { type: "string", title: "Region" },
        zone: { type: "string", title: "Zone" },
        tracking: { type: "string" },
      },
    };
    const uiSchema: UiSchema = { name: { "ui:help": "Lowercase only" }, region: { "ui:readonly": true }, zone: { "ui:disabled": true }, tracking: { "ui:widget": "hidden" } };
    const html = await render({ schema, uiSchema, values: { name: "X", region: "eu", zone: "a", tracking: "t-1" }, errors: { name: ["must match pattern"] } });
    expect(one(html, { id: "wizard-name" }).attrs).toMatchObject({ "aria-invalid": "true", "aria-describedby": "wizard-name-error wizard-name-description" });
    expect(html).toMatch(/<div id="wizard-name-description"[^>]*><p>The component&#x27;s name<\/p><p>Lowercase only<\/p><\/div>/);
    expect(one(html, { id: "wizard-region" }).attrs).toMatchObject({ readonly: "", value: "eu" });
    expect(one(html, { id: "wizard-zone" }).attrs).toMatchObject({ disabled: "", value: "a" });
    expect(one(html, { name: "tracking" }).attrs).toMatchObject({ type: "hidden", value: "t-1" });
    none(html, { for: "wizard-tracking" });
  });

  it("dispatches a registered ui:field to its extension and renders an unknown one as the plain field", async () => {
    const schema: JsonSchema = { type: "object", properties: { apiKey: { type: "string", title: "API key" }, nickname: { type: "string", title: "Nickname" } } };
    const uiSchema: UiSchema = { apiKey: { "ui:field": "Secret" }, nickname: { "ui:field": "NoSuchExtension" } };
    const html = await render({ schema, uiSchema, values: { nickname: "ordy" }, errors: { apiKey: ["is required"] } });
    // The Secret extension: a password input wired to conform's ids.
    expect(one(html, { id: "wizard-apiKey" }).attrs).toMatchObject({ type: "password", name: "apiKey", "aria-invalid": "true" });
    expect(html).toMatch(/id="wizard-apiKey-error"[^>]*><p>is required<\/p>/);
    expect(one(html, { id: "wizard-nickname" }).attrs).toMatchObject({ type: "text", name: "nickname", value: "ordy" });
  });

  it("follows ui:order, with '*' for the rest", async () => {
    const schema: JsonSchema = { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } } };
    const html = await render({ schema, uiSchema: { "ui:order": ["c", "*", "a"] } });
    expect([...html.matchAll(/id="wizard-([abc])"/g)].map((match) => match[1])).toEqual(["c", "b", "a"]);
  });
});
