// What GET /api/scaffolder/v2/templating-extensions answers and the
// /create/templating-extensions page lists: the filters, global functions and
// global values templates can use, in the shape of Backstage's router
// (plugins/scaffolder-backend/src/service/router.ts: `filters` by id, and
// `globals.functions` and `globals.values` by id). A filter's schema has
// `input` (the piped value), `arguments` and `output` as JSON Schemas.
// Backstage ships no global functions or values of its own; an installation
// adds them, and so may Atrium's (createTemplatingExtensions's `globals`).

import type { JsonSchema, JsonValue } from "../actions/types";

export type TemplatingExample = { description?: string; example: string; notes?: string };

export type FilterMetadata = {
  description?: string;
  examples?: TemplatingExample[];
  schema?: { input?: JsonSchema; arguments?: JsonSchema[]; output?: JsonSchema };
};

export type GlobalFunctionMetadata = {
  description?: string;
  examples?: TemplatingExample[];
  schema?: { arguments?: JsonSchema[]; output?: JsonSchema };
};

export type GlobalValueMetadata = { value: JsonValue; description?: string };

export type TemplatingExtensions = {
  filters: Record<string, FilterMetadata>;
  globals: { functions: Record<string, GlobalFunctionMetadata>; values: Record<string, GlobalValueMetadata> };
};

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const repoUrlInput: JsonSchema = { type: "string", description: "repo URL as collected from repository picker", $schema: DRAFT_07 };
const compoundEntityRef: JsonSchema = {
  type: "object",
  properties: { kind: { type: "string" }, namespace: { type: "string" }, name: { type: "string" } },
  required: ["kind", "namespace", "name"],
  additionalProperties: false,
  description: "`CompoundEntityRef`",
  $schema: DRAFT_07,
};

/** Backstage's four built-in filters (createDefaultFilters), described for the extensions list. */
export const BUILTIN_FILTERS: Record<string, FilterMetadata> = {
  parseRepoUrl: {
    description: "Splits a repository URL from the repository picker into its host, owner, repository and the other parts its integration uses.",
    schema: {
      input: repoUrlInput,
      output: {
        type: "object",
        properties: {
          repo: { type: "string" },
          host: { type: "string" },
          owner: { type: "string" },
          organization: { type: "string" },
          workspace: { type: "string" },
          project: { type: "string" },
        },
        required: ["repo", "host"],
        additionalProperties: false,
        description: "`RepoSpec`",
        $schema: DRAFT_07,
      },
    },
    examples: [
      {
        example: "- id: log\n  name: Parse Repo URL\n  action: debug:log\n  input:\n    extra: ${{ parameters.repoUrl | parseRepoUrl }}",
        notes: '- **Input**: `github.com?repo=backstage&owner=backstage`\n- **Output**: `{"host":"github.com","owner":"backstage","repo":"backstage"}`\n',
      },
    ],
  },
  parseEntityRef: {
    description: "Splits an entity reference into its kind, namespace and name, filling in defaults from an optional context.",
    schema: {
      input: {
        anyOf: [
          { type: "string", description: "compact entity reference" },
          {
            type: "object",
            properties: { kind: { type: "string" }, namespace: { type: "string" }, name: { type: "string" } },
            required: ["name"],
            additionalProperties: false,
            description: "`CompoundEntityRef`",
          },
        ],
        $schema: DRAFT_07,
      },
      arguments: [
        {
          type: "object",
          properties: {
            defaultKind: { type: "string", description: "The kind to use when the reference has none" },
            defaultNamespace: { type: "string", description: "The namespace to use when the reference has none" },
          },
          additionalProperties: false,
          $schema: DRAFT_07,
        },
      ],
      output: compoundEntityRef,
    },
    examples: [
      {
        description: "Without context",
        example: "- id: log\n  name: Parse Entity Reference\n  action: debug:log\n  input:\n    message: ${{ parameters.owner | parseEntityRef }}\n",
        notes: '- **Input**: `group:techdocs`\n- **Output**: `{"kind": "group", "namespace": "default", "name": "techdocs"}`\n',
      },
      {
        description: "With context",
        example:
          '- id: log\n  name: Parse Entity Reference\n  action: debug:log\n  input:\n    message: ${{ parameters.owner | parseEntityRef({ defaultKind:"group", defaultNamespace:"another-namespace" }) }}\n',
        notes:
          '- **Input**: `techdocs`\n- **Arguments:**: `[{ "defaultKind": "group", "defaultNamespace": "another-namespace" }]`\n- **Output**: `{"kind": "group", "namespace": "another-namespace", "name": "techdocs"}`\n',
      },
    ],
  },
  pick: {
    description: "Takes one property of an object, by name or by a dotted path (kind, namespace, name of a parsed reference, for instance).",
    schema: {
      input: { $schema: DRAFT_07 },
      arguments: [{ type: "string", description: "Property", $schema: DRAFT_07 }],
      output: { description: "Selected property", $schema: DRAFT_07 },
    },
    examples: [
      {
        example: "- id: log\n  name: Pick\n  action: debug:log\n  input:\n    extra: ${{ parameters.owner | parseEntityRef | pick('name') }}",
        notes: "- **Input**: `{ kind: 'Group', namespace: 'default', name: 'techdocs' }`\n- **Output**: `techdocs`\n",
      },
    ],
  },
  projectSlug: {
    description: "Turns a repository URL from the repository picker into an `owner/repo` slug.",
    schema: { input: repoUrlInput, output: { type: "string", $schema: DRAFT_07 } },
    examples: [
      {
        example: "- id: log\n  name: Project Slug\n  action: debug:log\n  input:\n    message: ${{ parameters.repoUrl | projectSlug }}\n",
        notes: "- **Input**: `github.com?repo=backstage&owner=backstage`\n- **Output**: backstage/backstage\n",
      },
    ],
  },
};

/**
 * The extensions list: the built-in filters, then any added ones. Additional
 * filters or globals given without metadata are listed with an empty entry,
 * as Backstage lists its legacy record-style extensions.
 */
export function createTemplatingExtensions(
  extra: {
    filters?: Record<string, FilterMetadata>;
    functions?: Record<string, GlobalFunctionMetadata>;
    values?: Record<string, GlobalValueMetadata>;
  } = {},
): TemplatingExtensions {
  return {
    filters: { ...BUILTIN_FILTERS, ...(extra.filters ?? {}) },
    globals: { functions: { ...(extra.functions ?? {}) }, values: { ...(extra.values ?? {}) } },
  };
}

/** What Atrium's templater offers today: Backstage's built-in filters, no globals. */
export const templatingExtensions: TemplatingExtensions = createTemplatingExtensions();
