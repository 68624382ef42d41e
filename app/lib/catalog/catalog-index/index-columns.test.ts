import { describe, expect, it } from "vitest";
import { indexColumns } from "./index-columns";

const inDefault = [{ namespace: "default" }, { namespace: "default" }];
const typeFree = { typeChosen: false };

describe("the catalog table's columns", () => {
  it("are Backstage's per kind", () => {
    expect(indexColumns("component", inDefault, typeFree)).toEqual(["name", "system", "owner", "type", "lifecycle", "description", "tags", "actions"]);
    expect(indexColumns("user", inDefault, typeFree)).toEqual(["name", "description", "tags", "actions"]);
    expect(indexColumns("group", inDefault, typeFree)).toEqual(["name", "type", "description", "tags", "actions"]);
    expect(indexColumns("template", inDefault, typeFree)).toEqual(["name", "type", "description", "tags", "actions"]);
    expect(indexColumns("system", inDefault, typeFree)).toEqual(["name", "owner", "description", "tags", "actions"]);
    expect(indexColumns("domain", inDefault, typeFree)).toEqual(["name", "owner", "description", "tags", "actions"]);
    expect(indexColumns("location", inDefault, typeFree)).toEqual(["name", "type", "targets", "description", "tags", "actions"]);
    expect(indexColumns("resource", inDefault, typeFree)).toEqual(["name", "system", "owner", "type", "lifecycle", "description", "tags", "actions"]);
  });

  it("drop the type once a type is chosen, and add the namespace when the rows span several", () => {
    expect(indexColumns("component", inDefault, { typeChosen: true })).toEqual(["name", "system", "owner", "lifecycle", "description", "tags", "actions"]);
    expect(indexColumns("user", [{ namespace: "default" }, { namespace: "ops" }], typeFree)).toEqual(["name", "namespace", "description", "tags", "actions"]);
    expect(indexColumns("component", [{ namespace: "ops" }], typeFree)).not.toContain("namespace");
  });
});
