import type { Route } from "./+types/home";
import { Link } from "~/components/ui/link";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { SupportButton } from "~/components/ui/support-button";
import { useRootData, useTranslation } from "~/components/shell/root-data";

export default function Home() {
  const t = useTranslation();
  const config = useRootData()?.config;
  return (
    <main id="main">
      <Header
        theme="home"
        title={t("home.welcome", { title: config?.title ?? "Atrium" })}
        subtitle={config?.organizationName ? t("home.subtitle", { organization: config.organizationName }) : undefined}
      >
        <SupportButton />
      </Header>
      <Content>
        <p className="max-w-2xl text-lg">{t("home.intro")}</p>
        <p className="mt-6">
          <Link to="/settings" className="text-brand-600 underline dark:text-brand-100">
            {t("shell.nav.settings")}
          </Link>
        </p>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "home.title");
}
