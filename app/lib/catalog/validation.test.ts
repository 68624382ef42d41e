import * as backstage from "@backstage/catalog-model";
import { describe, expect, it } from "vitest";
import { InputError } from "~/lib/errors";
import {
  isValidAnnotationKey,
  isValidAnnotationValue,
  isValidApiVersion,
  isValidEntityName,
  isValidKind,
  isValidLabelKey,
  isValidLabelValue,
  isValidNamespace,
  isValidTag,
  validateEntity,
  validateEntityProblems,
} from "./validation";

const LEARN_MORE = "To learn more about catalog file format, visit: https://github.com/backstage/backstage/blob/master/docs/architecture-decisions/adr002-default-catalog-file-format.md";

const long = (n: number, c = "a") => c.repeat(n);

// [predicate, Backstage's own, values that pass, values that fail]
const predicates = [
  [
    "isValidEntityName",
    isValidEntityName,
    backstage.KubernetesValidatorFunctions.isValidObjectName,
    ["a", "web", "My_Service.v2", "a-b", "a--b", "a..b", "A1", long(63)],
    ["", "-a", "a-", "_a", "a.", "a b", "a/b", "ä", long(64), 3, null, undefined],
  ],
  ["isValidKind", isValidKind, backstage.KubernetesValidatorFunctions.isValidKind, ["Component", "API", "x", "Kind2", long(63, "K")], ["", "2Kind", "My-Kind", "my_kind", "Kind.x", long(64, "K"), 1]],
  [
    "isValidNamespace",
    isValidNamespace,
    backstage.KubernetesValidatorFunctions.isValidNamespace,
    ["default", "team-a", "a--b", "1", long(63)],
    ["", "Default", "-a", "a-", "a_b", "a.b", long(64), null],
  ],
  [
    "isValidApiVersion",
    isValidApiVersion,
    backstage.KubernetesValidatorFunctions.isValidApiVersion,
    ["backstage.io/v1alpha1", "v1", "my-company.net/V1", "a/b", `${long(63)}.${long(63)}.${long(63)}.${long(61)}/v1`],
    ["", "/v1", "backstage.io/", "a/b/c", "Backstage.io/v1", "backstage.io/v1-alpha", "backstage.io/1.0", "1.0", `${long(63)}.${long(63)}.${long(63)}.${long(62)}/v1`, long(64)],
  ],
  [
    "isValidLabelKey",
    isValidLabelKey,
    backstage.KubernetesValidatorFunctions.isValidLabelKey,
    ["app", "backstage.io/custom", "product_name", "a.b-c_d"],
    ["", "/a", "a/", "a/b/c", "Backstage.io/x", "x/-a", "a b"],
  ],
  ["isValidLabelValue", isValidLabelValue, backstage.KubernetesValidatorFunctions.isValidLabelValue, ["", "ValueStuff", "v1.2_3-x"], ["Random value Generator", "-x", long(64), 5]],
  [
    "isValidAnnotationKey",
    isValidAnnotationKey,
    backstage.KubernetesValidatorFunctions.isValidAnnotationKey,
    ["backstage.io/techdocs-ref", "github.com/project-slug", "docs"],
    ["", "https://x", "a/b/c", "UPPER.io/x", "x/"],
  ],
  ["isValidAnnotationValue", isValidAnnotationValue, backstage.KubernetesValidatorFunctions.isValidAnnotationValue, ["", "anything at all / :", "dir:."], [1, null, undefined, {}]],
  [
    "isValidTag",
    isValidTag,
    backstage.makeValidator().isValidTag,
    ["java", "c++", "c#", "data-science", "k8s:prod", "a1-b2-c3", long(63)],
    ["", "Java", "a--b", "-a", "a-", "a_b", "a b", "a.b", long(64), 7],
  ],
] as const;

describe.each(predicates)("%s", (_name, ours, theirs, valid, invalid) => {
  it.each(valid.map((v) => [v]))("accepts %j, as Backstage does", (value) => {
    expect(ours(value)).toBe(true);
    expect(theirs(value)).toBe(true);
  });
  it.each(invalid.map((v) => [v]))("rejects %j, as Backstage does", (value) => {
    expect(ours(value)).toBe(false);
    expect(theirs(value)).toBe(false);
  });
});

const base = () => ({
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: "web" } as Record<string, unknown>,
  spec: { type: "service", lifecycle: "production", owner: "team-a" },
});
const withMeta = (meta: Record<string, unknown>) => ({ ...base(), metadata: { name: "web", ...meta } });

const invalidEntities: Array<[string, unknown, string]> = [
  ["a non-object", "component", "<root> must be object - type: object"],
  ["null", null, "<root> must be object - type: object"],
  ["no apiVersion", { kind: "Component", metadata: { name: "x" } }, "<root> must have required property 'apiVersion' - missingProperty: apiVersion"],
  ["a numeric kind", { ...base(), kind: 3 }, "/kind must be string - type: string"],
  ["an empty kind", { ...base(), kind: "" }, "/kind must NOT have fewer than 1 characters - limit: 1"],
  ["no metadata", { apiVersion: "v1", kind: "Component" }, "<root> must have required property 'metadata' - missingProperty: metadata"],
  ["no name", { ...base(), metadata: {} }, "/metadata must have required property 'name' - missingProperty: name"],
  ["an empty namespace", withMeta({ namespace: "" }), "/metadata/namespace must NOT have fewer than 1 characters - limit: 1"],
  ["an unknown root field", { ...base(), extra: 1 }, "Malformed envelope, <root> must NOT have additional properties"],
  ["a list for spec", { ...base(), spec: [] }, "Malformed envelope, /spec must be object"],
  ["a numeric label", withMeta({ labels: { tier: 1 } }), "Malformed envelope, /metadata/labels/tier must be string"],
  ["an empty tag", withMeta({ tags: [""] }), "Malformed envelope, /metadata/tags/0 must NOT have fewer than 1 characters"],
  ["a link without url", withMeta({ links: [{ title: "x" }] }), "Malformed envelope, /metadata/links/0 must have required property 'url'"],
  ["an empty title", withMeta({ title: "" }), "Malformed envelope, /metadata/title must NOT have fewer than 1 characters"],
  ["a bad relation type", { ...base(), relations: [{ type: "owned-by", targetRef: "group:default/a" }] }, 'Malformed envelope, /relations/0/type must match pattern "^\\w+$"'],
  ["a bad status level", { ...base(), status: { items: [{ type: "t", level: "fatal", message: "m" }] } }, "Malformed envelope, /status/items/0/level must be equal to one of the allowed values"],
  [
    "a bad name",
    withMeta({ name: "my service" }),
    `"metadata.name" is not valid; expected a string that is sequences of [a-zA-Z0-9] separated by any of [-_.], at most 63 characters in total but found "my service". ${LEARN_MORE}`,
  ],
  [
    "a bad namespace",
    withMeta({ namespace: "Team_A" }),
    `"metadata.namespace" is not valid; expected a string that is sequences of [a-z0-9] separated by [-], at most 63 characters in total but found "Team_A". ${LEARN_MORE}`,
  ],
  ["a bad kind", { ...base(), kind: "my-kind" }, `"kind" is not valid; expected a string that is a sequence of [a-zA-Z][a-z0-9A-Z], at most 63 characters in total but found "my-kind". ${LEARN_MORE}`],
  ["a bad apiVersion", { ...base(), apiVersion: "backstage.io/v1/alpha" }, `"apiVersion" is not valid; expected a valid prefix and/or suffix but found "backstage.io/v1/alpha". ${LEARN_MORE}`],
  ["a bad label key", withMeta({ labels: { "a/b/c": "x" } }), `"labels.a/b/c" is not valid; expected a valid prefix and/or suffix but found "a/b/c". ${LEARN_MORE}`],
  [
    "a bad label value",
    withMeta({ labels: { name: "Random value" } }),
    `"labels.name" is not valid; expected a string that is sequences of [a-zA-Z0-9] separated by any of [-_.], at most 63 characters in total but found "Random value". ${LEARN_MORE}`,
  ],
  [
    "a bad annotation key",
    withMeta({ annotations: { "https://x.io/y": "v" } }),
    `"annotations.https://x.io/y" is not valid; expected a valid prefix and/or suffix but found "https://x.io/y". ${LEARN_MORE}`,
  ],
  [
    "a bad tag",
    withMeta({ tags: ["ok", "Not OK"] }),
    `"tags.1" is not valid; expected a string that is sequences of [a-z0-9+#] separated by [-], at most 63 characters in total but found "Not OK". ${LEARN_MORE}`,
  ],
  ["a bad link url", withMeta({ links: [{ url: "not a url" }] }), `"links.0.url" is not valid; expected a string that is a valid url but found "not a url". ${LEARN_MORE}`],
  ["a blank link title", withMeta({ links: [{ url: "https://x", title: "  " }] }), `"links.0.title" is not valid; expected a non empty string but found "  ". ${LEARN_MORE}`],
];

async function backstageFirstProblem(value: unknown): Promise<string | undefined> {
  try {
    backstage.entityEnvelopeSchemaValidator()(value);
    await backstage.EntityPolicies.allOf([
      new backstage.SchemaValidEntityPolicy(),
      new backstage.DefaultNamespaceEntityPolicy(),
      new backstage.NoForeignRootFieldsEntityPolicy(["apiVersion", "kind", "metadata", "spec", "relations", "status"]),
      new backstage.FieldFormatEntityPolicy(),
    ]).enforce(value as backstage.Entity);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("validateEntity", () => {
  it.each(invalidEntities)("rejects an entity with %s", (_label, value, message) => {
    expect(() => validateEntity(value)).toThrow(new InputError(message));
    expect(() => validateEntity(value)).toThrow(InputError);
  });

  it.each(invalidEntities)("reports the same first problem as Backstage for %s", async (_label, value) => {
    expect(validateEntityProblems(value)[0]).toBe(await backstageFirstProblem(value));
  });

  const validEntities: Array<[string, unknown]> = [
    ["a minimal entity", base()],
    [
      "full metadata",
      withMeta({
        namespace: "ops",
        title: "Web",
        description: "",
        uid: "u",
        etag: "e",
        labels: { "backstage.io/custom": "ValueStuff", empty: "" },
        annotations: { "backstage.io/techdocs-ref": "dir:.", "example.com/note": "any text at all" },
        tags: ["java", "c++", "k8s:prod"],
        links: [{ url: "https://example.com", title: "Site", icon: "web", type: "docs" }],
        extraKey: { kept: true },
      }),
    ],
    [
      "relations and status",
      { ...base(), relations: [{ type: "ownedBy", targetRef: "group:default/team-a" }], status: { items: [{ type: "t", level: "warning", message: "m", error: { name: "Error", message: "x" } }] } },
    ],
    ["no spec", { apiVersion: "v1", kind: "Thing", metadata: { name: "x" } }],
  ];

  it.each(validEntities)("accepts %s, as Backstage does", async (_label, value) => {
    expect(validateEntityProblems(value)).toEqual([]);
    expect(await backstageFirstProblem(value)).toBeUndefined();
  });

  it("defaults the namespace in a copy and leaves the input alone", () => {
    const input = base();
    const snapshot = structuredClone(input);
    const result = validateEntity(input);
    expect(result.metadata.namespace).toBe("default");
    expect(result).toEqual({ ...snapshot, metadata: { name: "web", namespace: "default" } });
    expect(input).toEqual(snapshot);
    expect(result.spec).not.toBe(input.spec);
  });

  it("keeps a namespace that is given", () => {
    expect(validateEntity(withMeta({ namespace: "ops" })).metadata.namespace).toBe("ops");
  });
});

describe("validateEntityProblems", () => {
  it("lists every problem, the one Backstage reports first", () => {
    const problems = validateEntityProblems({
      ...base(),
      kind: "bad-kind",
      extra: true,
      metadata: { name: "bad name", tags: ["ok", "BAD", 4] },
    });
    expect(problems).toEqual([
      "Malformed envelope, <root> must NOT have additional properties",
      "Malformed envelope, /metadata/tags/2 must be string",
      expect.stringMatching(/^"kind" is not valid;/),
      expect.stringMatching(/^"metadata.name" is not valid;/),
      expect.stringMatching(/^"tags.1" is not valid;.* found "BAD"\./),
    ]);
  });

  it("stops at a broken envelope, listing all of its problems", () => {
    expect(validateEntityProblems({ kind: 1, metadata: { name: "x" }, extra: 1 })).toEqual([
      "<root> must have required property 'apiVersion' - missingProperty: apiVersion",
      "/kind must be string - type: string",
    ]);
  });

  it("is empty for a valid entity", () => {
    expect(validateEntityProblems(base())).toEqual([]);
  });
});

describe("problem order", () => {
  // Pairs of defects: whichever Backstage reports first, so must we.
  const defects: Array<[string, (e: Record<string, unknown>) => void]> = [
    ["extra root field", (e) => void (e.zzz = 1)],
    ["bad kind", (e) => void (e.kind = "my-kind")],
    ["numeric kind", (e) => void (e.kind = 7)],
    ["bad apiVersion", (e) => void (e.apiVersion = "a/b/c")],
    ["bad name", (e) => void ((e.metadata as Record<string, unknown>).name = "a b")],
    ["numeric name", (e) => void ((e.metadata as Record<string, unknown>).name = 1)],
    ["bad namespace", (e) => void ((e.metadata as Record<string, unknown>).namespace = "A")],
    ["numeric title", (e) => void ((e.metadata as Record<string, unknown>).title = 1)],
    ["bad label", (e) => void ((e.metadata as Record<string, unknown>).labels = { "a/b/c": "x", y: 2 })],
    ["bad tags", (e) => void ((e.metadata as Record<string, unknown>).tags = ["A", 1, ""])],
    ["bad links", (e) => void ((e.metadata as Record<string, unknown>).links = [{ url: "x" }, { title: "" }, "s"])],
    ["spec list", (e) => void (e.spec = [1])],
    ["bad relations", (e) => void (e.relations = [{ type: "", targetRef: "", foo: 1, target: { kind: "" } }])],
    ["bad status", (e) => void (e.status = { items: [{ level: "x", error: {} }] })],
    ["no metadata", (e) => void delete e.metadata],
    ["metadata list", (e) => void (e.metadata = [])],
  ];
  const pairs = defects.flatMap((a, i) => defects.slice(i + 1).map((b) => [`${a[0]} + ${b[0]}`, a[1], b[1]] as const));
  it.each(pairs)("agrees with Backstage on %s", async (_label, first, second) => {
    const value = base() as Record<string, unknown>;
    first(value);
    second(value);
    expect(validateEntityProblems(value)[0]).toBe(await backstageFirstProblem(value));
  });
});
