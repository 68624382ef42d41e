import type { ClusterObjects, KubernetesFetchError } from "./types";

// The warning panel above a Kubernetes tab whose clusters could not all be
// read, in the words of Backstage's kubernetes-react (`ErrorPanel.tsx`). The
// backend reports each cluster's failures in `errors`; this turns them into
// the lines the panel lists under each cluster's title.

export const RETRIEVAL_WARNING_TITLE = "There was a problem retrieving Kubernetes objects";

export function retrievalWarningMessage(entityName: string): string {
  return `There was a problem retrieving some Kubernetes resources for the entity: ${entityName}. This could mean that the Error Reporting card is not completely accurate.`;
}

/** One failure: the cluster was unreachable (FETCH_ERROR), or answered one resource path with an error status. */
export function clusterErrorLine(error: KubernetesFetchError): string {
  if (error.errorType === "FETCH_ERROR") return `Error communicating with Kubernetes: ${error.errorType}, message: ${error.message}`;
  return `Error fetching Kubernetes resource: '${error.resourcePath}', error: ${error.errorType}, status code: ${error.statusCode}`;
}

export type ClusterErrorLines = { cluster: string; lines: string[] };

/** The clusters that reported failures, each by title (else name) with its lines; empty when every cluster answered. */
export function clustersWithErrors(items: ClusterObjects[]): ClusterErrorLines[] {
  return items.filter((item) => item.errors.length > 0).map((item) => ({ cluster: item.cluster.title || item.cluster.name, lines: item.errors.map(clusterErrorLine) }));
}
