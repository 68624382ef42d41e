import { describe, expect, it } from "vitest";
import { assertResponseMatchesRequest, isDeniedOnClient } from "./client";
import { catalogEntityCreatePermission, catalogEntityDeletePermission } from "~/lib/catalog/permission/permissions";

describe("assertResponseMatchesRequest", () => {
  const request = { items: [{ id: "a" }, { id: "b" }] };

  it("returns the items in request order when the ids match", () => {
    expect(
      assertResponseMatchesRequest(request, {
        items: [
          { id: "b", result: "DENY" },
          { id: "a", result: "ALLOW" },
        ],
      }),
    ).toEqual([
      { id: "a", result: "ALLOW" },
      { id: "b", result: "DENY" },
    ]);
  });

  it.each([
    ["a missing id", { items: [{ id: "a", result: "ALLOW" }] }],
    [
      "an extra id",
      {
        items: [
          { id: "a", result: "ALLOW" },
          { id: "b", result: "ALLOW" },
          { id: "c", result: "ALLOW" },
        ],
      },
    ],
    [
      "a different id",
      {
        items: [
          { id: "a", result: "ALLOW" },
          { id: "x", result: "ALLOW" },
        ],
      },
    ],
    [
      "a repeated id",
      {
        items: [
          { id: "a", result: "ALLOW" },
          { id: "a", result: "ALLOW" },
        ],
      },
    ],
    ["no items", {}],
    ["no body", null],
  ])("throws on %s", (_, response) => {
    expect(() => assertResponseMatchesRequest(request, response)).toThrow(new Error("Items in response do not match request"));
  });
});

describe("isDeniedOnClient", () => {
  it("denies resource permissions asked for without a resource ref, and nothing else", () => {
    expect(isDeniedOnClient({ permission: catalogEntityDeletePermission })).toBe(true);
    expect(isDeniedOnClient({ permission: catalogEntityDeletePermission, resourceRef: "" })).toBe(true);
    expect(isDeniedOnClient({ permission: catalogEntityDeletePermission, resourceRef: "component:default/x" })).toBe(false);
    expect(isDeniedOnClient({ permission: catalogEntityCreatePermission })).toBe(false);
  });
});
