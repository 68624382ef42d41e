import { useTranslation } from "~/components/ui/root-data";
import type { TextSize } from "~/lib/techdocs/addons/text-size";
import { TextSizeForm } from "./text-size-form";

/** Settings > General: the docs reader's text size, the same form the reader shows. */
export function DocsSettings({ textSize }: { textSize: TextSize }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="docs-settings-title" className="space-y-3 rounded bg-white p-6 shadow dark:bg-slate-900">
      <h2 id="docs-settings-title" className="text-lg font-semibold">
        {t("techdocs.settings.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("techdocs.settings.textSizeHint")}</p>
      <TextSizeForm textSize={textSize} returnTo="/settings" />
    </section>
  );
}
