import type { Entity } from "~/lib/catalog/entity";

// Entities and callers shared by this folder's tests. Relations are written
// as the catalog stores them: target refs in full, lower case.

export const payments: Entity = {
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: {
    name: "payments",
    namespace: "default",
    annotations: { "backstage.io/techdocs-ref": "dir:.", "github.com/project-slug": "acme/Payments" },
    labels: { "open-refresh": "yes", tier: "" },
    tags: ["java", "payments"],
  },
  spec: { type: "service", lifecycle: "production", owner: "group:default/team-a", system: "billing" },
  relations: [
    { type: "ownedBy", targetRef: "group:default/team-a" },
    { type: "partOf", targetRef: "system:default/billing" },
  ],
};

export const paymentsApi: Entity = {
  apiVersion: "backstage.io/v1alpha1",
  kind: "API",
  metadata: { name: "payments-api", description: "Takes money" },
  spec: { type: "openapi", lifecycle: "production", owner: "user:default/carol", definition: "openapi: 3.0.0" },
  relations: [{ type: "ownedBy", targetRef: "user:default/carol" }],
};

export const ada: Entity = {
  apiVersion: "backstage.io/v1alpha1",
  kind: "User",
  metadata: { name: "ada", labels: { "open-refresh": "no" } },
  spec: { profile: { displayName: "Ada Lovelace", email: "ada@example.com" }, memberOf: ["team-a"] },
  relations: [{ type: "memberOf", targetRef: "group:default/team-a" }],
};

export const orphan: Entity = {
  apiVersion: "backstage.io/v1alpha1",
  kind: "Component",
  metadata: { name: "legacy", namespace: "ops", annotations: { "backstage.io/orphan": "true" } },
  spec: { type: "website", lifecycle: "deprecated", owner: "group:ops/old-team" },
  relations: [{ type: "ownedBy", targetRef: "group:ops/old-team" }],
};

export const ENTITIES = [payments, paymentsApi, ada, orphan];

export const CALLERS = {
  ada: { userEntityRef: "user:default/ada", ownershipEntityRefs: ["user:default/ada", "group:default/team-a"] },
  bob: { userEntityRef: "user:default/bob", ownershipEntityRefs: ["user:default/bob", "group:default/platform-team"] },
  carol: { userEntityRef: "user:default/carol", ownershipEntityRefs: ["user:default/carol"] },
  guest: undefined,
};
