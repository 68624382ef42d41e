import type { Route } from "./+types/edit";
import { ScaffolderNav } from "~/components/scaffolder/pages/scaffolder-nav";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Link } from "~/components/ui/link";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import type { MessageKey } from "~/lib/i18n/i18n";

// The template editor's intro (Backstage's TemplateIntroPage): the ways in to
// the editors, each a link, so it works without JavaScript.

const CHOICES: Array<{ to: string; title: MessageKey; description: MessageKey; testId: string }> = [
  { to: "/create/template?load=catalog", title: "scaffolderPages.edit.loadCatalog", description: "scaffolderPages.edit.loadCatalogDescription", testId: "edit-load-catalog" },
  { to: "/create/template", title: "scaffolderPages.edit.editor", description: "scaffolderPages.edit.editorDescription", testId: "edit-editor" },
  { to: "/create/template-form", title: "scaffolderPages.edit.formEditor", description: "scaffolderPages.edit.formEditorDescription", testId: "edit-form-editor" },
  { to: "/create/custom-fields", title: "scaffolderPages.edit.fieldExplorer", description: "scaffolderPages.edit.fieldExplorerDescription", testId: "edit-field-explorer" },
];

export default function TemplateEditorIntro() {
  const t = useTranslation();
  return (
    <main id="main">
      <Header theme="home" title={t("scaffolderPages.edit.title")} subtitle={t("scaffolderPages.edit.subtitle")}>
        <ScaffolderNav />
      </Header>
      <Content>
        <p className="mb-4 text-lg">{t("scaffolderPages.edit.intro")}</p>
        <ul className="grid gap-4 sm:grid-cols-2">
          {CHOICES.map((choice) => (
            <li key={choice.to} data-testid={choice.testId}>
              <Link to={choice.to} className="block h-full rounded bg-white p-5 shadow hover:ring-2 hover:ring-brand-500 focus:ring-2 focus:ring-brand-500 dark:bg-slate-900">
                <span className="block text-lg font-semibold">{t(choice.title)}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{t(choice.description)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Content>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "scaffolderPages.edit.title");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary plugin="scaffolder" />;
}
