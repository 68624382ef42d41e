import { useTranslation } from "~/components/ui/root-data";
import { CopyButton } from "./copy-button";

/** Raw JSON or Raw YAML: the entity with sorted keys, printed on the server. */
export function RawTab({ tab, text }: { tab: "json" | "yaml"; text: string }) {
  const t = useTranslation();
  const title = t(`entityDialogs.inspector.${tab}.title`);
  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`entityDialogs.inspector.${tab}.description`)}</p>
        </div>
        <CopyButton text={text} label={title} />
      </div>
      {/* Focusable, so a keyboard can scroll a long or wide entity (axe's scrollable-region-focusable). */}
      <pre
        data-testid={`inspector-raw-${tab}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label={title}
        className="mt-4 overflow-auto rounded bg-slate-100 p-4 font-mono text-xs leading-relaxed dark:bg-slate-950"
      >
        <code>{text}</code>
      </pre>
    </div>
  );
}
