import { useTranslation } from "~/components/ui/root-data";
import type { SchemaNode } from "~/lib/catalog/api-definitions/model";

/** A resolved JSON schema as a nested list: properties with their types, required marks and descriptions. */
export function SchemaView({ schema }: { schema: SchemaNode }) {
  return (
    <div className="font-mono text-xs">
      <SchemaSummary schema={schema} />
      <SchemaChildren schema={schema} />
    </div>
  );
}

function typeLabel(schema: SchemaNode): string {
  if (schema.items) return `${typeLabel(schema.items)}[]`;
  const base = schema.refName ?? schema.type ?? schema.title ?? "";
  return schema.format && !schema.refName ? `${base} (${schema.format})` : base;
}

function SchemaSummary({ schema }: { schema: SchemaNode }) {
  const t = useTranslation();
  return (
    <span className="text-slate-700 dark:text-slate-300">
      <span className="text-sky-800 dark:text-sky-300">{typeLabel(schema)}</span>
      {schema.circular ? <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t("apiDefinitions.schema.circular")}</span> : null}
      {schema.truncated ? <span className="ml-1 text-slate-500 dark:text-slate-400">{t("apiDefinitions.schema.truncated")}</span> : null}
      {schema.unresolved ? <span className="ml-1 text-red-700 dark:text-red-300">{t("apiDefinitions.schema.unresolved", { ref: schema.unresolved })}</span> : null}
      {schema.enum ? <span className="ml-1">{t("apiDefinitions.schema.enum", { values: schema.enum.join(", ") })}</span> : null}
      {schema.defaultValue !== undefined ? <span className="ml-1 text-slate-500 dark:text-slate-400">{t("apiDefinitions.schema.default", { value: schema.defaultValue })}</span> : null}
      {schema.description ? <span className="ml-2 font-sans whitespace-pre-line text-slate-600 dark:text-slate-400">{schema.description}</span> : null}
    </span>
  );
}

function SchemaChildren({ schema }: { schema: SchemaNode }) {
  const t = useTranslation();
  const target = schema.items ?? schema;
  return (
    <>
      {target.properties?.length ? (
        <ul className="ml-3 border-l border-slate-200 pl-3 dark:border-slate-700">
          {target.properties.map((property) => (
            <li key={property.name} className="py-0.5">
              <span className="font-semibold">{property.name}</span>
              {property.required ? <span className="text-red-700 dark:text-red-300">*</span> : null}: <SchemaSummary schema={property.schema} />
              <SchemaChildren schema={property.schema} />
            </li>
          ))}
        </ul>
      ) : null}
      {target.additionalProperties ? (
        <ul className="ml-3 border-l border-slate-200 pl-3 dark:border-slate-700">
          <li className="py-0.5">
            <span className="font-semibold">{"{*}"}</span>: <SchemaSummary schema={target.additionalProperties} />
            <SchemaChildren schema={target.additionalProperties} />
          </li>
        </ul>
      ) : null}
      {target.combination ? (
        <div className="ml-3 border-l border-slate-200 pl-3 dark:border-slate-700">
          <span className="text-slate-500 dark:text-slate-400">{t(`apiDefinitions.schema.${target.combination.kind}`)}</span>
          <ul>
            {target.combination.options.map((option, index) => (
              <li key={index} className="py-0.5">
                <SchemaSummary schema={option} />
                <SchemaChildren schema={option} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
