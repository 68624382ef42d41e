import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/root-data";
import { Content, Header } from "~/components/ui/page";
import { SettingsTabs } from "./settings-tabs";

/**
 * The frame every settings tab renders in. Tabs are sibling routes rather than
 * children of a layout so that each keeps a plain URL its form can post to
 * (a layout's index route would need '?index' in every raw post).
 */
export function SettingsFrame({ children }: { children: ReactNode }) {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="home" title={t("settings.title")} />
      <SettingsTabs />
      <Content>{children}</Content>
    </main>
  );
}
