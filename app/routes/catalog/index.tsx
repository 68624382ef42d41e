import type { Route } from "./+types/index";
import { useTranslation } from "~/components/shell/root-data";
import { Content, Header, pageMeta } from "~/components/ui/page";

// The catalog index: filters, search, ordering and paging, all in the URL.

export default function CatalogIndex() {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="home" title={t("catalogIndex.title")} />
      <Content>{null}</Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "catalogIndex.title");
}
