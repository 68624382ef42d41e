import type { ObjectLink as ObjectLinkView } from "~/lib/kubernetes/tab-view";
import { TabLink } from "./tab-link";
import { useTabLinks } from "./use-tab-links";

/** An object's name as the link that opens its drawer (Backstage's `KubernetesDrawer` button). */
export function ObjectLink({ link }: { link: Pick<ObjectLinkView, "name" | "drawer"> }) {
  const links = useTabLinks();
  return (
    <TabLink to={links.drawer(link.drawer)} data-drawer-link={link.drawer} className="font-semibold break-all text-brand-600 hover:underline dark:text-brand-300">
      {link.name}
    </TabLink>
  );
}
