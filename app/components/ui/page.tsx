import type { ReactNode } from "react";

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

/** Reads the app title from the root route's data inside a route's meta function. */
export function appTitleFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { config?: { title?: string } } | undefined;
  return root?.config?.title;
}
