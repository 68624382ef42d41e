import { randomUUID } from "node:crypto";
import type { KubernetesObject } from "../../app/lib/kubernetes/types.ts";
import { hpaAsVersion } from "./hpa-versions.ts";
import { groupOf, resourceTypesOf, type ResourceType } from "./resources.ts";
import { parseFieldSelector, parseLabelSelector, SelectorError } from "./selectors.ts";
import { failureStatus, type KubernetesStatus } from "./status.ts";

// The fake's etcd: every object by its type, with what the API server adds
// on the way in (uid, resourceVersion, creationTimestamp) and its list and get
// semantics on the way out (selectors, `limit`/`continue`, typed lists whose
// items carry no kind or apiVersion while a custom resource's keep theirs).

export type Answer = { status: KubernetesStatus } | { body: unknown };

const SYSTEM_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

export type ObjectStore = ReturnType<typeof createObjectStore>;

export function createObjectStore(initial: KubernetesObject[], now: () => Date) {
  let revision = 1000;
  const objects: KubernetesObject[] = [];
  let types: ResourceType[] = [];

  function admit(input: KubernetesObject): KubernetesObject {
    const object = structuredClone(input);
    revision += 1;
    object.metadata = { ...object.metadata, resourceVersion: String(revision) };
    object.metadata.uid ??= randomUUID();
    object.metadata.creationTimestamp ??= now().toISOString();
    return object;
  }

  const sameIdentity = (a: KubernetesObject, b: KubernetesObject) =>
    a.kind === b.kind && groupOf(a.apiVersion) === groupOf(b.apiVersion) && a.metadata?.namespace === b.metadata?.namespace && a.metadata?.name === b.metadata?.name;

  /** Creates or replaces an object (and its namespace, as `kubectl apply` of a namespaced object needs one). */
  function apply(input: KubernetesObject) {
    const object = admit(input);
    const index = objects.findIndex((candidate) => sameIdentity(candidate, object));
    if (index >= 0) objects[index] = object;
    else objects.push(object);
    const namespace = object.metadata?.namespace;
    if (namespace && !objects.some((candidate) => candidate.kind === "Namespace" && candidate.metadata?.name === namespace)) ensureNamespace(namespace);
    types = resourceTypesOf(objects);
  }

  function ensureNamespace(name: string) {
    objects.push(
      admit({
        apiVersion: "v1",
        kind: "Namespace",
        metadata: { name, labels: { "kubernetes.io/metadata.name": name } },
        spec: { finalizers: ["kubernetes"] },
        status: { phase: "Active" },
      }),
    );
  }

  for (const name of SYSTEM_NAMESPACES) ensureNamespace(name);
  for (const object of initial) apply(object);

  function typeOf(group: string, version: string, plural: string): ResourceType | undefined {
    return types.find((type) => type.group === group && type.plural === plural && type.versions.includes(version));
  }

  function ofType(type: ResourceType, namespace: string | undefined) {
    return objects.filter((object) => object.kind === type.kind && groupOf(object.apiVersion) === type.group && (namespace === undefined || object.metadata?.namespace === namespace));
  }

  /** The object as this group/version shows it. */
  function asVersion(object: KubernetesObject, type: ResourceType, version: string): KubernetesObject {
    const apiVersion = type.group ? `${type.group}/${version}` : version;
    if (type.kind === "HorizontalPodAutoscaler") return hpaAsVersion(object, version);
    return { ...object, apiVersion };
  }

  function notFound(type: ResourceType, name: string): Answer {
    const resource = type.group ? `${type.plural}.${type.group}` : type.plural;
    return { status: failureStatus(404, `${resource} "${name}" not found`, { name, ...(type.group ? { group: type.group } : {}), kind: type.plural }) };
  }

  function list(type: ResourceType, version: string, namespace: string | undefined, query: URLSearchParams): Answer {
    let matches: (object: KubernetesObject) => boolean;
    try {
      const labels = parseLabelSelector(query.get("labelSelector"));
      const fields = parseFieldSelector(query.get("fieldSelector"), type.fieldLabels);
      matches = (object) => labels(object.metadata?.labels) && fields(object);
    } catch (error) {
      if (error instanceof SelectorError) return { status: failureStatus(400, error.message) };
      throw error;
    }
    const all = ofType(type, namespace).filter(matches);
    const offset = Number.parseInt(Buffer.from(query.get("continue") ?? "", "base64url").toString() || "0", 10) || 0;
    const limit = Number.parseInt(query.get("limit") ?? "", 10);
    const page = limit > 0 ? all.slice(offset, offset + limit) : all.slice(offset);
    const more = limit > 0 && offset + limit < all.length;
    const items = page.map((object) => {
      const shown = asVersion(object, type, version);
      if (type.custom) return shown;
      const { kind: _kind, apiVersion: _apiVersion, ...item } = shown;
      return item;
    });
    return {
      body: {
        kind: `${type.kind}List`,
        apiVersion: type.group ? `${type.group}/${version}` : version,
        metadata: { resourceVersion: String(revision), ...(more ? { continue: Buffer.from(String(offset + limit)).toString("base64url"), remainingItemCount: all.length - offset - limit } : {}) },
        items,
      },
    };
  }

  function find(type: ResourceType, namespace: string | undefined, name: string): KubernetesObject | undefined {
    return ofType(type, namespace).find((object) => object.metadata?.name === name);
  }

  function get(type: ResourceType, version: string, namespace: string | undefined, name: string): Answer {
    const object = find(type, namespace, name);
    return object ? { body: asVersion(object, type, version) } : notFound(type, name);
  }

  /** Removes the object; the answer is the object as the API server last had it, marked for deletion. */
  function remove(type: ResourceType, version: string, namespace: string | undefined, name: string): Answer {
    const object = find(type, namespace, name);
    if (!object) return notFound(type, name);
    objects.splice(objects.indexOf(object), 1);
    revision += 1;
    const metadata = { ...object.metadata, resourceVersion: String(revision), deletionTimestamp: now().toISOString(), deletionGracePeriodSeconds: 30 };
    return { body: asVersion({ ...object, metadata }, type, version) };
  }

  return {
    apply,
    list,
    get,
    find,
    remove,
    typeOf,
    types: () => types,
    pods: () => objects.filter((object) => object.kind === "Pod" && groupOf(object.apiVersion) === ""),
  };
}
