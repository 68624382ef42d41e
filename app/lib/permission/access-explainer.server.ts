import { identityOf, userCredentials, type Credentials } from "../auth/credentials";
import { GUEST_IDENTITY, GUEST_USER_REF, type Identity } from "../auth/identity";
import { ownershipEntityRefs } from "../auth/ownership.server";
import type { Catalog } from "../catalog/catalog.server";
import type { Entity } from "../catalog/entity";
import { RESOURCE_TYPE_CATALOG_ENTITY } from "../catalog/permission/permissions";
import { NotAllowedError } from "../errors";
import type { AccessQuestion } from "./access-question";
import type { PolicyDecision } from "./criteria";
import { getPermission } from "./known-permissions";
import type { PermissionService } from "./permission-service.server";
import { isResourcePermission, permissionPolicyReadPermission, type Permission } from "./permissions";
import { describeConditions, type Explanation, type GrantMatch } from "./policy";

// Answers "why can or can't user X do P on entity E?" with the policy's own
// evaluation: the decision, the roles X is in and why, the grants that
// matched and, for an entity, whether their conditions hold for it. Any
// registered permission may be asked about (catalog, scaffolder, Kubernetes,
// ...); for a resource permission the answer is the decision for the
// permission alone, with its conditions in words, and only catalog-entity
// permissions are settled against an entity, the one resource the page can name.

export type AccessAnswer = {
  userEntityRef: string;
  /** The refs the policy's $ownershipEntityRefs stands for, for this user. */
  ownershipEntityRefs: string[];
  permission: Permission;
  /** The decision for the permission alone: ALLOW, DENY or CONDITIONAL. */
  decision: PolicyDecision;
  /** The conditions of a CONDITIONAL decision in words, placeholders resolved. */
  conditions?: string;
  /** The entity asked about, when it exists and the asker may read it. */
  entity?: { ref: string; result: "ALLOW" | "DENY" };
  /** Set when an entity was asked about that the asker cannot see. */
  entityMissing?: string;
  /** Set when an entity was given for a permission that is not about catalog entities. */
  entityIgnored?: boolean;
  /** How the final result came about (for the entity, when there is one); conditions in words. */
  explanation: Omit<Explanation, "grants"> & { grants: Array<GrantMatch & { conditionsText?: string }> };
};

function described(explanation: Explanation): AccessAnswer["explanation"] {
  return {
    ...explanation,
    grants: explanation.grants.map((grant) => ({ ...grant, ...(grant.conditions ? { conditionsText: describeConditions(grant.conditions) } : {}) })),
  };
}

/**
 * Whether `asker` may ask about `userEntityRef`: anyone about themselves,
 * only holders of permission.policy.read about others (decision 010).
 */
export function mayAskAbout(permissions: PermissionService, asker: Credentials, userEntityRef: string): boolean {
  if (identityOf(asker)?.userEntityRef.toLocaleLowerCase("en-US") === userEntityRef) return true;
  return mayAskAboutOthers(permissions, asker);
}

export function mayAskAboutOthers(permissions: PermissionService, asker: Credentials): boolean {
  return permissions.decide(asker, permissionPolicyReadPermission).result === "ALLOW";
}

export async function explainAccess(question: AccessQuestion, options: { asker: Credentials; permissions: PermissionService; catalog: Catalog }): Promise<AccessAnswer> {
  const { asker, permissions, catalog } = options;
  if (!mayAskAbout(permissions, asker, question.user)) {
    throw new NotAllowedError(`Asking about other users than yourself needs ${permissionPolicyReadPermission.name}`);
  }
  const identity = await identityFor(question.user, asker, catalog);
  const subject = userCredentials(identity);
  const permission = getPermission(question.permission)!;
  const overall = permissions.explain(subject, permission);
  const answer: AccessAnswer = {
    userEntityRef: identity.userEntityRef,
    ownershipEntityRefs: identity.ownershipEntityRefs,
    permission,
    decision: overall.decision,
    ...(overall.decision.result === "CONDITIONAL" ? { conditions: describeConditions(overall.decision.conditions) } : {}),
    explanation: described(overall.explanation),
  };
  if (!question.entity) return answer;
  if (!isResourcePermission(permission, RESOURCE_TYPE_CATALOG_ENTITY)) return { ...answer, entityIgnored: true };

  // The entity is looked up as the asker sees the catalog, so the page never reveals what they cannot read.
  const entity: Entity | undefined = await catalog.entities.entityByRef(question.entity, { credentials: asker });
  if (!entity) return { ...answer, entityMissing: question.entity };
  const settled = permissions.explain(subject, permission, entity);
  return {
    ...answer,
    entity: { ref: question.entity, result: settled.decision.result === "ALLOW" ? "ALLOW" : "DENY" },
    explanation: described(settled.explanation),
  };
}

/**
 * The identity the policy sees for a user: the asker's own session when they
 * ask about themselves, else the user's groups as the catalog has them now.
 */
async function identityFor(userEntityRef: string, asker: Credentials, catalog: Catalog): Promise<Identity> {
  const own = identityOf(asker);
  if (own && own.userEntityRef.toLocaleLowerCase("en-US") === userEntityRef) return own;
  if (userEntityRef === GUEST_USER_REF) return GUEST_IDENTITY;
  return { userEntityRef, ownershipEntityRefs: await ownershipEntityRefs(catalog, userEntityRef), provider: "access-explainer" };
}
