import { redirect } from "react-router";
import type { Credentials } from "../auth/credentials";
import type { RequestContext } from "../context.server";
import { statusOf } from "../errors";
import { refuseSubmission, type AcceptedSubmission } from "../forms/submission";
import { createTranslator } from "../i18n/i18n";
import { readPreferences } from "../settings/preferences";
import type { deletePodSchema } from "./delete-pod-schema";
import { sessionAuthOf } from "./request-auth.server";

// 'Delete Pod' as Backstage's frontend does it: DELETE on the pod through the
// Kubernetes proxy, with the visitor's own credentials, so kubernetes.proxy
// and the cluster's own authorisation decide (proxy.server.ts). Offered only
// under kubernetes.frontend.podDelete.enabled; a post without it is refused.
//
// A success is not announced (Backstage's spinner simply stays): the page
// comes back as it was, the drawer open, and shows the pod as the cluster now
// reports it: terminating, replaced or gone. A failure shows Backstage's
// sentence in the drawer; the cluster's answer goes to the server's log.

export async function deletePodAction(
  app: RequestContext,
  { request, submission, credentials, returnTo }: { request: Request; submission: AcceptedSubmission<typeof deletePodSchema>; credentials: Credentials; returnTo: string },
) {
  const t = createTranslator(readPreferences(request.headers.get("cookie")).language);
  if (!app.kubernetes.config.frontend.podDelete.enabled) {
    return refuseSubmission(submission, { formErrors: [t("kubernetes.drawer.deleteDisabled")], status: 403 });
  }
  const { cluster, pod } = submission.value;
  const path = `/api/v1/namespaces/${encodeURIComponent(submission.value.namespace || "default")}/pods/${encodeURIComponent(pod)}`;
  const response = await app.kubernetes
    .proxy(credentials, {
      method: "DELETE",
      path,
      search: "",
      headers: new Headers({ "Backstage-Kubernetes-Cluster": cluster }),
      body: null,
      sessionAuth: await sessionAuthOf(app, request.headers.get("cookie")),
      url: `/api/kubernetes/proxy${path}`,
    })
    .catch((error: unknown) => error as Error);
  if (response instanceof Response && response.ok) return redirect(returnTo, 303);
  const report = response instanceof Response ? `${response.status} ${response.statusText}, ${await response.text()}` : response.message;
  app.logger.warn({ requestId: app.requestId, cluster, path, report }, "Deleting a pod failed");
  const status = response instanceof Response ? response.status : statusOf(response);
  // The cluster's or the proxy's refusal keeps its status; anything past it is a bad gateway.
  return refuseSubmission(submission, { formErrors: [t("kubernetes.drawer.deleteFailed")], status: status < 500 ? status : 502 });
}
