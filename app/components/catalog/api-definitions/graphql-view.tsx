import { useTranslation } from "~/components/ui/root-data";
import type { GraphQlField, GraphQlView as GraphQlModel } from "~/lib/catalog/api-definitions/model";
import { Badge, Description, Empty, ViewerIntro, ViewerSection } from "./parts";

const ROOTS = ["query", "mutation", "subscription"] as const;

/** GraphQL SDL: the root operations first, then every other type by name. */
export function GraphQlView({ model }: { model: GraphQlModel }) {
  const t = useTranslation();
  return (
    <div className="space-y-4">
      <ViewerIntro format={t("apiDefinitions.formats.graphql")} descriptionHtml={model.descriptionHtml} />
      {ROOTS.map((root) =>
        model.roots[root].length ? (
          <ViewerSection key={root} title={t(`apiDefinitions.graphql.${root}`)} count={model.roots[root].length}>
            <Fields fields={model.roots[root]} testId={`graphql-${root}`} />
          </ViewerSection>
        ) : null,
      )}
      <ViewerSection title={t("apiDefinitions.graphql.types")} count={model.types.length}>
        {model.types.length === 0 ? <Empty /> : null}
        <ul className="space-y-1">
          {model.types.map((type) => (
            <li key={type.name} id={`type-${type.name}`}>
              <details className="rounded border border-slate-200 dark:border-slate-700">
                <summary className="cursor-pointer px-2 py-1.5 text-sm">
                  <Badge tone="violet">{type.kind}</Badge> <span className="font-mono font-semibold">{type.name}</span>
                  {type.interfaces.length ? (
                    <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{t("apiDefinitions.graphql.implements", { names: type.interfaces.join(", ") })}</span>
                  ) : null}
                  {type.members.length ? <span className="ml-2 font-mono text-xs">{t("apiDefinitions.graphql.members", { names: type.members.join(" | ") })}</span> : null}
                </summary>
                <div className="space-y-2 border-t border-slate-200 p-2 dark:border-slate-700">
                  <Description text={type.description} />
                  {type.fields.length ? <Fields fields={type.fields} /> : null}
                  {type.values.length ? (
                    <ul className="font-mono text-xs">
                      {type.values.map((value) => (
                        <li key={value.name}>
                          <span className={value.deprecated ? "line-through" : ""}>{value.name}</span>
                          {value.description ? <span className="ml-2 font-sans text-slate-600 dark:text-slate-400">{value.description}</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </details>
            </li>
          ))}
        </ul>
      </ViewerSection>
    </div>
  );
}

function Fields({ fields, testId }: { fields: GraphQlField[]; testId?: string }) {
  const t = useTranslation();
  return (
    <ul className="space-y-1 font-mono text-xs" data-testid={testId}>
      {fields.map((field) => (
        <li key={field.name}>
          <span className={`font-semibold ${field.deprecated ? "line-through" : ""}`}>{field.name}</span>
          {field.args.length ? <span>({field.args.map((arg) => `${arg.name}: ${arg.type}${arg.defaultValue ? ` = ${arg.defaultValue}` : ""}`).join(", ")})</span> : null}
          <span>: </span>
          <span className="text-sky-800 dark:text-sky-300">{field.type}</span>
          {field.deprecated ? <span className="ml-2 font-sans text-amber-800 dark:text-amber-300">{`${t("apiDefinitions.deprecated")}: ${field.deprecated}`}</span> : null}
          {field.description ? <span className="ml-2 font-sans whitespace-pre-line text-slate-600 dark:text-slate-400">{field.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}
