import { z } from "zod";
import { formatKeyPath } from "~/lib/config/errors";
import { InputError } from "~/lib/errors";
import type { PolicyDecision } from "./criteria";
import { PERMISSIONS, getPermission } from "./known-permissions";
import { isResourcePermission } from "./permissions";
import type { Permission } from "./permissions";
import { evaluate } from "./policy";
import type { PermissionConfig, PermissionIdentity } from "./policy-config";

// POST /api/permission/authorize, as Backstage's permission backend answers
// it: a batch of {id, permission, resourceRef?}, one decision per id. With a
// resourceRef the server settles conditions against the resource itself
// (ALLOW or DENY), with the rules of the permission's resource type; without
// one a resource permission may come back CONDITIONAL for the caller to apply. Backstage's batched form (an array of
// resourceRefs, from permission.EXPERIMENTAL_enableBatchedRequests) answers
// one ALLOW or DENY per ref.

export const MAX_AUTHORIZE_ITEMS = 100;

// The client's half lives in ./client, which browser code imports without zod.
export { assertResponseMatchesRequest, isDeniedOnClient } from "./client";

const text = z.string({ error: "must be a string" }).min(1, "must not be empty");
const action = z.enum(["create", "read", "update", "delete"], { error: "must be one of create, read, update, delete" });
const attributes = z.object({ action: action.optional() }, { error: "must be an object" });

const permission = z.discriminatedUnion(
  "type",
  [z.object({ type: z.literal("basic"), name: text, attributes }), z.object({ type: z.literal("resource"), name: text, attributes, resourceType: text })],
  { error: (issue) => (issue.code === "invalid_union" ? "must be 'basic' or 'resource'" : "must be a permission object") },
);

const item = z.object({
  id: text,
  permission,
  resourceRef: z.union([z.string(), z.array(z.string())], { error: "must be a string or a list of strings" }).optional(),
});

const requestSchema = z.object(
  {
    items: z.array(item, { error: "must be a list" }).max(MAX_AUTHORIZE_ITEMS, `must have at most ${MAX_AUTHORIZE_ITEMS} items`),
  },
  { error: "Request body must be an object with items" },
);

export type AuthorizeRequestItem = { id: string; permission: Permission; resourceRef?: string | string[] };
export type AuthorizeRequest = { items: AuthorizeRequestItem[] };
export type AuthorizeResponseItem = { id: string } & (PolicyDecision | { result: Array<"ALLOW" | "DENY"> });
export type AuthorizeResponse = { items: AuthorizeResponseItem[] };

/** Validates a request body; an InputError names the item and field at fault. */
export function parseAuthorizeRequest(body: unknown): AuthorizeRequest {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => (issue.path.length ? `${formatKeyPath(issue.path)} ${issue.message}` : issue.message));
    throw new InputError(`Invalid permission request: ${problems.join("; ")}`);
  }
  const seen = new Set<string>();
  parsed.data.items.forEach((entry, index) => {
    if (seen.has(entry.id)) throw new InputError(`Invalid permission request: items[${index}].id '${entry.id}' is used twice; ids must be unique`);
    seen.add(entry.id);
    // A permission Atrium defines must be asked for as defined, so its decision means what it says.
    const known = getPermission(entry.permission.name);
    if (known && (known.type !== entry.permission.type || (isResourcePermission(known) && known.resourceType !== (entry.permission as { resourceType?: string }).resourceType))) {
      const expected = isResourcePermission(known) ? `a resource permission of type ${known.resourceType}` : "a basic permission";
      throw new InputError(`Invalid permission request: items[${index}].permission ${known.name} is ${expected}`);
    }
  });
  return parsed.data as AuthorizeRequest;
}

export type AuthorizeOptions = {
  config: PermissionConfig;
  /** The caller; undefined for a guest or a request without a user. */
  identity: PermissionIdentity | undefined;
  /**
   * Loads the resource a ref names, of the given resource type, without
   * permission checks; undefined when there is none (or when Atrium keeps no
   * resources of that type yet).
   */
  loadResource: (resourceType: string, resourceRef: string) => Promise<unknown>;
  /** Decides for a caller that is not a user (a service principal); by default the policy decides for `identity`. */
  decide?: (permission: Permission) => PolicyDecision;
};

/** Answers each item, in the order asked. */
export async function authorize(request: AuthorizeRequest, options: AuthorizeOptions): Promise<AuthorizeResponse> {
  const loads = new Map<string, Promise<unknown>>();
  const load = (resourceType: string, ref: string) => {
    const key = JSON.stringify([resourceType, ref]);
    let resource = loads.get(key);
    if (!resource) loads.set(key, (resource = options.loadResource(resourceType, ref)));
    return resource;
  };
  const settle = async (decision: PolicyDecision, resourceRef: string): Promise<"ALLOW" | "DENY"> => {
    if (decision.result !== "CONDITIONAL") return decision.result;
    const resource = await load(decision.resourceType, resourceRef);
    // As in Backstage, a resource that cannot be found is denied, not an error.
    return resource !== undefined && resource !== null && PERMISSIONS.applyConditions(decision.resourceType, decision.conditions, resource) ? "ALLOW" : "DENY";
  };

  const items = await Promise.all(
    request.items.map(async ({ id, permission, resourceRef }): Promise<AuthorizeResponseItem> => {
      const decision = options.decide ? options.decide(permission) : evaluate(options.config, options.identity, permission).decision;
      const refs = Array.isArray(resourceRef) ? resourceRef : resourceRef === undefined ? [] : [resourceRef];
      if (!isResourcePermission(permission) || refs.length === 0) return { id, ...decision };
      const results = await Promise.all(refs.map((ref) => settle(decision, ref)));
      return { id, result: Array.isArray(resourceRef) ? results : results[0] };
    }),
  );
  return { items };
}
