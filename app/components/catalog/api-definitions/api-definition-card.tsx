import { InfoCard } from "~/components/catalog/entity-page/info-card";
import { useTranslation } from "~/components/ui/root-data";
import { CodeBlock } from "~/components/ui/code-block";
import { ErrorPanel } from "~/components/ui/error-panel";
import type { ApiDefinitionCardView, ApiDefinitionModel } from "~/lib/catalog/api-definitions/model";
import type { MessageKey } from "~/lib/i18n/i18n";
import { AsyncApiView } from "./asyncapi-view";
import { GraphQlView } from "./graphql-view";
import { GrpcView } from "./grpc-view";
import { OpenApiView } from "./openapi-view";
import { TrpcView } from "./trpc-view";

// The Definition tab's card. Everything in it was computed on the server
// (api-definition.server.ts); the only script is the code block's copy
// button. The entity page loads this module lazily, so pages without a
// definition do not ship it.

export default function ApiDefinitionCard({ view }: { view: ApiDefinitionCardView }) {
  const t = useTranslation();
  const format = formatName(t, view.apiType);
  return (
    <InfoCard id="apiDefinition" title={t("apiDefinitions.title")}>
      {!view.source ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("apiDefinitions.none")}</p>
      ) : (
        <div className={`grid gap-4 ${view.model ? "xl:grid-cols-2" : ""}`}>
          {view.model || view.parseError || view.unsupported || view.truncatedAt ? (
            <div className="min-w-0 space-y-3" data-testid="api-definition-viewer" data-format={view.model?.format}>
              {view.truncatedAt ? <Note>{t("apiDefinitions.tooLarge", { size: view.truncatedAt.toLocaleString("en-US") })}</Note> : null}
              {view.unsupported ? <Note>{t("apiDefinitions.unsupported", { type: view.apiType })}</Note> : null}
              {view.parseError ? <ErrorPanel title={t("apiDefinitions.parseError", { format })} error={{ name: "Error", message: view.parseError }} /> : null}
              {view.model ? <Viewer model={view.model} /> : null}
            </div>
          ) : null}
          <div className="min-w-0 space-y-2">
            <h3 className="text-base font-semibold">{t("apiDefinitions.raw")}</h3>
            {!view.source.highlighted ? <Note>{t("apiDefinitions.notHighlighted")}</Note> : null}
            <CodeBlock html={view.source.html} language={view.source.language} label={t("apiDefinitions.raw")} className="max-h-[80vh] overflow-auto" />
          </div>
        </div>
      )}
    </InfoCard>
  );
}

function Viewer({ model }: { model: ApiDefinitionModel }) {
  switch (model.format) {
    case "openapi":
      return <OpenApiView model={model} />;
    case "asyncapi":
      return <AsyncApiView model={model} />;
    case "graphql":
      return <GraphQlView model={model} />;
    case "grpc":
      return <GrpcView model={model} />;
    case "trpc":
      return <TrpcView model={model} />;
  }
}

function formatName(t: ReturnType<typeof useTranslation>, apiType: string): string {
  const key = `apiDefinitions.formats.${apiType.toLocaleLowerCase("en-US")}`;
  return ["openapi", "asyncapi", "graphql", "grpc", "trpc"].includes(apiType.toLocaleLowerCase("en-US")) ? t(key as MessageKey) : apiType;
}

function Note({ children }: { children: string }) {
  return (
    <p role="note" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {children}
    </p>
  );
}
