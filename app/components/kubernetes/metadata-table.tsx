import { NoInformation } from "~/components/ui/notices";
import { useTranslation } from "~/components/ui/root-data";
import type { MetadataRow } from "~/lib/kubernetes/metadata-rows";

/** Backstage's `KubernetesStructuredMetadataTable`: one row per field, lists one item a line. */
export function MetadataTable({ name, rows }: { name: string; rows: MetadataRow[] }) {
  const t = useTranslation();
  if (rows.length === 0) return <NoInformation />;
  return (
    <table className="w-full text-left text-sm" aria-label={t("kubernetes.drawer.metadata", { name })} data-testid="kubernetes-metadata">
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
            <th scope="row" className="w-1/3 py-2 pr-4 font-semibold">
              {row.label}
            </th>
            <td className="py-2 break-all">
              {Array.isArray(row.value) ? (
                <ul>
                  {row.value.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                row.value
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
