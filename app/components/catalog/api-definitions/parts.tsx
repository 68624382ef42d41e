import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/root-data";
import { Markdown } from "~/components/ui/markdown";

/** A viewer's heading: format, version, title and the definition's own description (sanitised markdown). */
export function ViewerIntro({ format, title, version, descriptionHtml }: { format: string; title?: string; version?: string; descriptionHtml?: string }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {format}
        {title ? <span className="ml-2 font-semibold text-slate-900 dark:text-slate-100">{title}</span> : null}
        {version ? <span className="ml-2">{version}</span> : null}
      </p>
      {descriptionHtml ? <Markdown html={descriptionHtml} /> : null}
    </div>
  );
}

export function ViewerSection({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold">
        {title}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{count}</span> : null}
      </h3>
      {children}
    </section>
  );
}

/** Plain text from the definition: never HTML, line breaks kept. */
export function Description({ text }: { text?: string }) {
  return text ? <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{text}</p> : null;
}

export function Empty() {
  const t = useTranslation();
  return <p className="text-sm text-slate-600 dark:text-slate-400">{t("apiDefinitions.empty")}</p>;
}

export function Badge({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "amber" | "sky" | "emerald" | "violet" | "red" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
    amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
    sky: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
    emerald: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
    violet: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
    red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  };
  return <span className={`inline-block rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
