import type { ReactNode } from "react";
import { createTranslator, type MessageKey } from "~/lib/i18n/i18n";

export const PAGE_THEMES = ["home", "documentation", "tool", "service", "website", "library", "other", "app", "apis", "card"] as const;
export type PageTheme = (typeof PAGE_THEMES)[number];

/** The page header: its colours come from the area's page theme. */
export function Header({ title, subtitle, theme = "home", children }: { title: ReactNode; subtitle?: ReactNode; theme?: PageTheme; children?: ReactNode }) {
  return (
    <header data-page-theme={theme} className="flex flex-wrap items-end justify-between gap-4 px-6 py-8 text-white shadow">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-2 text-white/80">{subtitle}</p> : null}
      </div>
      {children ? <div className="flex items-center gap-2">{children}</div> : null}
    </header>
  );
}

export function Content({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-6 py-6">{children}</div>;
}

/** The document title of every page: '{title} | {app title}'. */
export function documentTitle(title: string | undefined, appTitle: string | undefined): string {
  const app = appTitle ?? "Atrium";
  return title ? `${title} | ${app}` : app;
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** A route's meta: the document title '{title} | {app title}', the title from the message catalogue. */
export function pageMeta(matches: ReadonlyArray<MetaMatch>, titleKey: MessageKey) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string }; preferences?: { language?: string } } | undefined;
  const t = createTranslator(root?.preferences?.language);
  return [{ title: documentTitle(t(titleKey), root?.config?.title) }];
}
