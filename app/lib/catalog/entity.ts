// The catalog's entity envelope and the well-known names that go with it.
// Keys and relation types are Backstage's, verbatim: clients and catalog files
// written for Backstage must mean the same thing here.

export type EntityLink = {
  url: string;
  title?: string;
  icon?: string;
  type?: string;
};

export type EntityMeta = {
  name: string;
  namespace?: string;
  title?: string;
  description?: string;
  uid?: string;
  etag?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  tags?: string[];
  links?: EntityLink[];
  // Backstage lets catalog files carry extra metadata keys through untouched.
  [key: string]: unknown;
};

export type EntityRelation = {
  type: string;
  targetRef: string;
};

export type EntityStatusItem = {
  type: string;
  level: "info" | "warning" | "error";
  message: string;
  error?: { name: string; message: string; stack?: string };
};

export type Entity = {
  apiVersion: string;
  kind: string;
  metadata: EntityMeta;
  spec?: Record<string, unknown>;
  relations?: EntityRelation[];
  status?: { items?: EntityStatusItem[] };
};

export const DEFAULT_NAMESPACE = "default";

export const ANNOTATION_LOCATION = "backstage.io/managed-by-location";
export const ANNOTATION_ORIGIN_LOCATION = "backstage.io/managed-by-origin-location";
export const ANNOTATION_ORPHAN = "backstage.io/orphan";
export const ANNOTATION_SOURCE_LOCATION = "backstage.io/source-location";
export const ANNOTATION_VIEW_URL = "backstage.io/view-url";
export const ANNOTATION_EDIT_URL = "backstage.io/edit-url";
export const ANNOTATION_TECHDOCS_REF = "backstage.io/techdocs-ref";
export const ANNOTATION_TECHDOCS_ENTITY = "backstage.io/techdocs-entity";
export const ANNOTATION_TECHDOCS_ENTITY_PATH = "backstage.io/techdocs-entity-path";
export const ANNOTATION_KUBERNETES_ID = "backstage.io/kubernetes-id";
export const ANNOTATION_KUBERNETES_LABEL_SELECTOR = "backstage.io/kubernetes-label-selector";

export const RELATION_OWNED_BY = "ownedBy";
export const RELATION_OWNER_OF = "ownerOf";
export const RELATION_CONSUMES_API = "consumesApi";
export const RELATION_API_CONSUMED_BY = "apiConsumedBy";
export const RELATION_PROVIDES_API = "providesApi";
export const RELATION_API_PROVIDED_BY = "apiProvidedBy";
export const RELATION_DEPENDS_ON = "dependsOn";
export const RELATION_DEPENDENCY_OF = "dependencyOf";
export const RELATION_PARENT_OF = "parentOf";
export const RELATION_CHILD_OF = "childOf";
export const RELATION_MEMBER_OF = "memberOf";
export const RELATION_HAS_MEMBER = "hasMember";
export const RELATION_PART_OF = "partOf";
export const RELATION_HAS_PART = "hasPart";

/** Every relation type mapped to the type of the same edge seen from its other end. */
export const RELATION_PAIRS: Readonly<Record<string, string>> = {
  [RELATION_OWNED_BY]: RELATION_OWNER_OF,
  [RELATION_OWNER_OF]: RELATION_OWNED_BY,
  [RELATION_CONSUMES_API]: RELATION_API_CONSUMED_BY,
  [RELATION_API_CONSUMED_BY]: RELATION_CONSUMES_API,
  [RELATION_PROVIDES_API]: RELATION_API_PROVIDED_BY,
  [RELATION_API_PROVIDED_BY]: RELATION_PROVIDES_API,
  [RELATION_DEPENDS_ON]: RELATION_DEPENDENCY_OF,
  [RELATION_DEPENDENCY_OF]: RELATION_DEPENDS_ON,
  [RELATION_PARENT_OF]: RELATION_CHILD_OF,
  [RELATION_CHILD_OF]: RELATION_PARENT_OF,
  [RELATION_MEMBER_OF]: RELATION_HAS_MEMBER,
  [RELATION_HAS_MEMBER]: RELATION_MEMBER_OF,
  [RELATION_PART_OF]: RELATION_HAS_PART,
  [RELATION_HAS_PART]: RELATION_PART_OF,
};
