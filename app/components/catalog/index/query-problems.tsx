import { useTranslation } from "~/components/ui/root-data";
import type { QueryProblem } from "~/lib/catalog/catalog-index/index-query";

/** What in the link could not be used, said plainly above the table (the page answered 400). */
export function QueryProblems({ problems }: { problems: QueryProblem[] }) {
  const t = useTranslation();
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t("catalogIndex.problems.title")}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem, index) => (
          <li key={index}>{t(`catalogIndex.problems.${problem.code}`, { value: problem.value })}</li>
        ))}
      </ul>
    </div>
  );
}
