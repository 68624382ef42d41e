import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appearanceSchema, featureFlagToggleSchema } from "../settings/schema";
import { accessQuestionSchema } from "../permission/access-question";
import { parseForm, parseFormRequest, refuseSubmission } from "./submission";
import { formReplyOf } from "./reply";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe("the forms' convention", () => {
  it("refuses a submission with 400 and conform's reply: the values as posted and the errors per field", async () => {
    const submission = parseForm(
      form([
        ["intent", "appearance"],
        ["theme", "purple"],
        ["language", "en"],
      ]),
      appearanceSchema,
    );
    expect(submission.status).toBe("error");
    const refused = refuseSubmission(submission);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.initialValue).toEqual({ intent: "appearance", theme: "purple", language: "en" });
    expect(refused.data.error).toEqual({ theme: ["settings.themeInvalid"] });
    expect(formReplyOf(refused.data)).toBe(refused.data);
  });

  it("adds a service's refusal to the form or beside a field, with the status it deserves", () => {
    const submission = parseForm(
      form([
        ["intent", "toggle"],
        ["name", "made-up"],
        ["active", "on"],
      ]),
      featureFlagToggleSchema,
    );
    expect(submission.status).toBe("success");
    const unknown = refuseSubmission(submission, { fieldErrors: { name: ["settings.featureFlags.unknown"] } });
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.error).toEqual({ name: ["settings.featureFlags.unknown"] });
    expect(unknown.data.initialValue).toEqual({ intent: "toggle", name: "made-up", active: "on" });
    const forbidden = refuseSubmission(submission, { formErrors: ["You may not"], status: 403 });
    expect(forbidden.init?.status).toBe(403);
    expect(forbidden.data.error).toEqual({ "": ["You may not"] });
  });

  it("reads a posted request body", async () => {
    const request = new Request("http://atrium.test/settings", { method: "POST", body: new URLSearchParams({ intent: "appearance", theme: "dark", language: "en", sidebarPinned: "on" }) });
    const submission = await parseFormRequest(request, appearanceSchema);
    expect(submission.status === "success" && submission.value).toEqual({ intent: "appearance", theme: "dark", language: "en", sidebarPinned: true });
  });

  it("knows an action's reply from other data", () => {
    expect(formReplyOf(undefined)).toBeUndefined();
    expect(formReplyOf({ starred: true })).toBeUndefined();
    expect(formReplyOf({ initialValue: {}, status: "error" })).toEqual({ initialValue: {}, status: "error" });
  });

  it("reads repeated fields as a list, one value as a list of one", () => {
    const schema = z.object({ widget: z.array(z.string()), show: z.array(z.string()).default([]) });
    const one = parseForm(form([["widget", "search"]]), schema);
    expect(one.status === "success" && one.value).toEqual({ widget: ["search"], show: [] });
  });
});

describe("the forms' schemas", () => {
  it("settings: an unticked box is off, a missing choice is an error beside its field", () => {
    const unticked = parseForm(
      form([
        ["intent", "appearance"],
        ["theme", "light"],
        ["language", "en"],
      ]),
      appearanceSchema,
    );
    expect(unticked.status === "success" && unticked.value.sidebarPinned).toBeUndefined();
    const missing = parseForm(
      form([
        ["intent", "appearance"],
        ["sidebarPinned", "on"],
      ]),
      appearanceSchema,
    );
    expect(missing.status).toBe("error");
    expect(missing.status === "error" && missing.error).toEqual({ theme: ["settings.themeInvalid"], language: ["settings.languageInvalid"] });
  });

  it("access: a query is refused field by field with the catalogue's keys", () => {
    const bad = parseForm(new URLSearchParams({ user: "group:default/x", permission: "made.up", entity: "component:" }), accessQuestionSchema);
    expect(bad.status === "error" && bad.error).toEqual({ user: ["settingsAccess.userInvalid"], permission: ["settingsAccess.permissionInvalid"], entity: ["settingsAccess.entityInvalid"] });
    const good = parseForm(new URLSearchParams({ user: "ada", permission: "catalog.entity.read", entity: "" }), accessQuestionSchema);
    expect(good.status === "success" && good.value).toEqual({ user: "user:default/ada", permission: "catalog.entity.read" });
  });
});
