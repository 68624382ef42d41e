import { MissingAnnotationEmptyState } from "~/components/catalog/entity-page/missing-annotation";
import { PermissionRequiredAlert } from "~/components/ui/notices";
import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import { KUBERNETES_ID_ANNOTATION } from "~/lib/kubernetes/tab-view";

/** Backstage's Kubernetes plugin documents both annotations on this page (plugins/kubernetes `Router.tsx`). */
export const KUBERNETES_PLUGIN_DOCS = "https://backstage.io/docs/features/kubernetes/configuration#surfacing-your-kubernetes-components-as-part-of-an-entity";

/** An entity with neither annotation: the catalog's missing-annotation notice, then the label selector alternative. */
export function KubernetesMissingAnnotation({ kind }: { kind: string }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="kubernetes-missing-annotation">
      <MissingAnnotationEmptyState annotations={[KUBERNETES_ID_ANNOTATION]} kind={kind} readMoreUrl={KUBERNETES_PLUGIN_DOCS} />
      <h2 className="text-lg font-semibold">{t("kubernetes.missingAnnotation.labelSelector")}</h2>
      <p>
        <Link to={KUBERNETES_PLUGIN_DOCS} className="inline-block rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("kubernetes.missingAnnotation.readDocs")}
        </Link>
      </p>
    </div>
  );
}

/** Shown instead of the content when kubernetes.clusters.read or kubernetes.resources.read is not allowed. */
export function KubernetesPermissionRequired() {
  const t = useTranslation();
  return <PermissionRequiredAlert>{t("kubernetes.permission.message")}</PermissionRequiredAlert>;
}
