import { useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";

const WELL_KNOWN_ANNOTATIONS = "https://backstage.io/docs/features/software-catalog/well-known-annotations";

/**
 * Backstage's MissingAnnotationEmptyState: which annotations are missing, a
 * YAML example with them in place, and a 'Read more' link. Any card or tab
 * that needs annotations uses it.
 */
export function MissingAnnotationEmptyState({ annotations, kind, readMoreUrl = WELL_KNOWN_ANNOTATIONS }: { annotations: string[]; kind: string; readMoreUrl?: string }) {
  const t = useTranslation();
  const example = [
    "apiVersion: backstage.io/v1alpha1",
    `kind: ${kind}`,
    "metadata:",
    "  name: example",
    "  annotations:",
    ...annotations.map((annotation) => `    ${annotation}: value`),
    "spec:",
    "  type: website",
    "  lifecycle: production",
    "  owner: user:guest",
  ];
  const highlighted = new Set(annotations.map((annotation) => `    ${annotation}: value`));
  return (
    <div data-testid="missing-annotation" className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">{t("entityPage.missingAnnotation.title")}</h3>
      <p>{t("entityPage.missingAnnotation.description", { count: annotations.length, annotations: annotations.join(", "), kind })}</p>
      <p>{t("entityPage.missingAnnotation.example", { kind })}</p>
      <pre className="overflow-auto rounded bg-slate-100 p-3 text-sm dark:bg-slate-800">
        <code>
          {example.map((line) => (
            <span key={line} className={`block ${highlighted.has(line) ? "bg-amber-200 dark:bg-amber-800" : ""}`}>
              {line}
            </span>
          ))}
        </code>
      </pre>
      <p>
        <Link to={readMoreUrl} className="font-semibold text-brand-600 hover:underline dark:text-brand-300">
          {t("entityPage.missingAnnotation.readMore")}
        </Link>
      </p>
    </div>
  );
}
