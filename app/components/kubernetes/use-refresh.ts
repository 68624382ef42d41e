import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { KUBERNETES_REFRESH_MS } from "~/lib/kubernetes/tab-urls";

/**
 * With JavaScript, the tab reloads its objects every 10 seconds while the
 * page is visible, as Backstage's tab polls; a hidden tab does not. Without
 * JavaScript the page is as fresh as its last load.
 */
export function useKubernetesRefresh(enabled: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, KUBERNETES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, revalidator]);
}
