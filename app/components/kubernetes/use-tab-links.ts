import { useLocation, useSearchParams } from "react-router";
import { closeDrawerHref, drawerKey, openDrawerHref, pagedPodTableOwners, tabHref } from "~/lib/kubernetes/tab-urls";

/** Links within the Kubernetes tab: each keeps the tab's other URL parameters (app/lib/kubernetes/tab-urls.ts). */
export function useTabLinks() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const paged = pagedPodTableOwners(params);
  return {
    params,
    pathname,
    drawer: (key: string) => openDrawerHref(pathname, params, key),
    close: () => closeDrawerHref(pathname, params),
    with: (changes: Record<string, string | undefined>) => tabHref(pathname, params, changes),
    /** Whether the URL pages the pod table under this object's row: the row, and its cluster's card, render open. */
    pagesPodsOf: (ownerKey: string) => paged.some((target) => drawerKey(target) === ownerKey),
    pagesPodsIn: (cluster: string) => paged.some((target) => target.cluster === cluster),
  };
}
