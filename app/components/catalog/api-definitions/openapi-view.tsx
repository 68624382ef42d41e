import { useTranslation } from "~/components/ui/root-data";
import type { MediaContent, OpenApiOperation, OpenApiView as OpenApiModel } from "~/lib/catalog/api-definitions/model";
import { Badge, Description, Empty, ViewerIntro, ViewerSection } from "./parts";
import { SchemaView } from "./schema-view";

const METHOD_TONES = { GET: "sky", POST: "emerald", PUT: "amber", PATCH: "amber", DELETE: "red" } as const;

/** OpenAPI 2 and 3: operations by tag, each a <details> (open and close without JavaScript). */
export function OpenApiView({ model }: { model: OpenApiModel }) {
  const t = useTranslation();
  return (
    <div className="space-y-4">
      <ViewerIntro
        format={`${model.specVersion.startsWith("2.") ? "Swagger" : t("apiDefinitions.formats.openapi")} ${model.specVersion}`}
        title={model.title}
        version={model.version}
        descriptionHtml={model.descriptionHtml}
      />
      {model.servers.length ? (
        <ViewerSection title={t("apiDefinitions.servers")}>
          <ul className="font-mono text-xs">
            {model.servers.map((server) => (
              <li key={server}>{server}</li>
            ))}
          </ul>
        </ViewerSection>
      ) : null}
      {model.groups.length === 0 ? <Empty /> : null}
      {model.groups.map((group) => (
        <ViewerSection key={group.tag} title={group.tag} count={group.operations.length}>
          <Description text={group.description} />
          <ul className="space-y-1" data-testid="openapi-operations">
            {group.operations.map((operation) => (
              <li key={operation.anchor}>
                <Operation operation={operation} />
              </li>
            ))}
          </ul>
        </ViewerSection>
      ))}
    </div>
  );
}

function Operation({ operation }: { operation: OpenApiOperation }) {
  const t = useTranslation();
  return (
    <details id={operation.anchor} className="rounded border border-slate-200 dark:border-slate-700">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-2 py-1.5">
        <Badge tone={METHOD_TONES[operation.method as keyof typeof METHOD_TONES] ?? "slate"}>{operation.method}</Badge>
        <span className={`font-mono text-sm ${operation.deprecated ? "line-through" : ""}`}>{operation.path}</span>
        {operation.summary ? <span className="text-sm text-slate-600 dark:text-slate-400">{operation.summary}</span> : null}
        {operation.deprecated ? <Badge tone="amber">{t("apiDefinitions.deprecated")}</Badge> : null}
      </summary>
      <div className="space-y-3 border-t border-slate-200 p-3 dark:border-slate-700">
        <Description text={operation.description} />
        {operation.parameters.length ? (
          <div>
            <h4 className="text-sm font-semibold">{t("apiDefinitions.openapi.parameters")}</h4>
            <table className="w-full text-left text-xs">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3">
                    {t("apiDefinitions.openapi.name")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("apiDefinitions.openapi.in")}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {t("apiDefinitions.openapi.schema")}
                  </th>
                  <th scope="col" className="py-1">
                    {t("apiDefinitions.openapi.description")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.in}:${parameter.name}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                    <td className="py-1 pr-3 font-mono">
                      {parameter.name}
                      {parameter.required ? (
                        <span className="text-red-700 dark:text-red-300" title={t("apiDefinitions.required")}>
                          *
                        </span>
                      ) : null}
                    </td>
                    <td className="py-1 pr-3">{parameter.in}</td>
                    <td className="py-1 pr-3">{parameter.schema ? <SchemaView schema={parameter.schema} /> : null}</td>
                    <td className="py-1 whitespace-pre-line">{parameter.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {operation.requestBody ? (
          <div>
            <h4 className="text-sm font-semibold">
              {t("apiDefinitions.openapi.requestBody")}
              {operation.requestBody.required ? <span className="ml-2 text-xs font-normal text-red-700 dark:text-red-300">{t("apiDefinitions.required")}</span> : null}
            </h4>
            <Description text={operation.requestBody.description} />
            <Contents contents={operation.requestBody.contents} />
          </div>
        ) : null}
        {operation.responses.length ? (
          <div>
            <h4 className="text-sm font-semibold">{t("apiDefinitions.openapi.responses")}</h4>
            <ul className="space-y-2">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <Badge tone={response.status.startsWith("2") ? "emerald" : response.status.startsWith("4") || response.status.startsWith("5") ? "red" : "slate"}>{response.status}</Badge>
                  <span className="ml-2 text-sm whitespace-pre-line">{response.description}</span>
                  <Contents contents={response.contents} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

function Contents({ contents }: { contents: MediaContent[] }) {
  return (
    <ul className="space-y-1">
      {contents.map((content) => (
        <li key={content.mediaType} className="ml-2">
          <span className="text-xs text-slate-500 dark:text-slate-400">{content.mediaType}</span>
          {content.schema ? <SchemaView schema={content.schema} /> : null}
        </li>
      ))}
    </ul>
  );
}
