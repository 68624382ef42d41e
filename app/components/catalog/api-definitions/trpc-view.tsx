import { useTranslation } from "~/components/ui/root-data";
import type { TrpcView as TrpcModel } from "~/lib/catalog/api-definitions/model";
import { Badge, Empty, ViewerIntro, ViewerSection } from "./parts";

const KIND_TONES = { query: "sky", mutation: "emerald", subscription: "violet" } as const;

/** tRPC: the router's procedures as read from its source (the source beside it is the contract). */
export function TrpcView({ model }: { model: TrpcModel }) {
  const t = useTranslation();
  return (
    <div className="space-y-4">
      <ViewerIntro format={t("apiDefinitions.formats.trpc")} />
      <ViewerSection title={t("apiDefinitions.trpc.procedures")} count={model.procedures.length}>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("apiDefinitions.trpc.note")}</p>
        {model.procedures.length === 0 ? (
          <Empty />
        ) : (
          <table className="w-full text-left text-xs" data-testid="trpc-procedures">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1 pr-3">
                  {t("apiDefinitions.trpc.path")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("apiDefinitions.trpc.kind")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("apiDefinitions.trpc.input")}
                </th>
                <th scope="col" className="py-1">
                  {t("apiDefinitions.trpc.line")}
                </th>
              </tr>
            </thead>
            <tbody>
              {model.procedures.map((procedure) => (
                <tr key={procedure.path} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                  <td className="py-1 pr-3 font-mono font-semibold">{procedure.path}</td>
                  <td className="py-1 pr-3">
                    <Badge tone={KIND_TONES[procedure.kind]}>{procedure.kind}</Badge>
                  </td>
                  <td className="py-1 pr-3 font-mono break-all">{procedure.input}</td>
                  <td className="py-1">{procedure.line}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ViewerSection>
    </div>
  );
}
