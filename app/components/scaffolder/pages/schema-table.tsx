import { useTranslation } from "~/components/ui/root-data";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { SchemaRow } from "~/lib/scaffolder/schema-rows";

/** A schema's properties as a table: Name, Title, Description, Type, with required ones marked. */
export function SchemaTable({ rows, caption, empty }: { rows: SchemaRow[]; caption: string; empty: string }) {
  const t = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              {t("scaffolderPages.actions.name")}
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              {t("scaffolderPages.actions.titleColumn")}
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              {t("scaffolderPages.actions.description")}
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              {t("scaffolderPages.actions.type")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-slate-100 align-top dark:border-slate-800">
              <th scope="row" className="px-2 py-1 font-mono font-normal" style={{ paddingLeft: `${0.5 + row.depth}rem` }}>
                {row.name}
                {row.required ? (
                  <span className="ml-1 text-red-700 dark:text-red-300" title={t("scaffolderPages.actions.required")}>
                    *<span className="sr-only"> ({t("scaffolderPages.actions.required")})</span>
                  </span>
                ) : null}
              </th>
              <td className="px-2 py-1">{row.title}</td>
              <td className="px-2 py-1">{row.description}</td>
              <td className="px-2 py-1 font-mono">{row.type}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
