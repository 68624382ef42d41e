import type { ReactNode } from "react";
import { fieldExtensions } from "~/components/scaffolder/fields";
import { FieldError } from "~/components/ui/field-error";
import { useTranslation } from "~/components/ui/root-data";
import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue, type UiSchema } from "~/lib/scaffolder/wizard/json";
import { childName, fieldId, isLocked, schemaType, uiOf, uiOption, type FieldErrors } from "~/lib/scaffolder/wizard/form-data";

// The fields of one wizard step, rendered on the server from the step's
// JSON Schema as resolved for the values so far (conditions already applied
// by the server). Every control is a plain form control named the way
// conform names fields, so a post without JavaScript carries every value
// and a refusal's errors land beside their fields with aria wiring. Lists of
// free values grow and shrink with submit buttons carrying conform's intents
// (insert, remove), which work without JavaScript too. A `ui:field` with a
// registered extension renders through it; an unknown one is the plain
// field of its type, as in Backstage.

export type SchemaFieldsProps = {
  schema: JsonSchema;
  uiSchema: UiSchema;
  /** The values to show: JSON values from the draft, or the strings of a refused post. */
  values: Record<string, unknown>;
  errors: FieldErrors;
  /** What each custom field's server part loaded, by field name. */
  extensionData?: Record<string, unknown>;
  /** Secrets that hold a value the page does not show, by field name. */
  keptSecrets?: string[];
  /** The whole form's values, for field extensions. */
  formData?: JsonObject;
};

export function SchemaFields(props: SchemaFieldsProps) {
  return <ObjectProperties {...props} parent="" />;
}

type Context = Omit<SchemaFieldsProps, "schema" | "uiSchema" | "values">;

const control = "mt-1 block w-full rounded border border-slate-300 bg-white p-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 aria-[invalid=true]:border-red-600";
const hint = "mt-1 text-sm text-slate-600 dark:text-slate-300";
const smallButton = "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

function ObjectProperties({ schema, uiSchema, values, parent, ...context }: SchemaFieldsProps & { parent: string }) {
  const required = new Set(schema.required ?? []);
  return (
    <div className="grid gap-5">
      {orderedKeys(schema, uiSchema).map((key) => (
        <Field
          key={key}
          name={childName(parent, key)}
          schema={schema.properties![key]!}
          uiSchema={uiOf(uiSchema, key)}
          value={values?.[key]}
          required={required.has(key)}
          context={{ ...context, values }}
        />
      ))}
    </div>
  );
}

/** ui:order, with '*' for the rest, as rjsf reads it. */
function orderedKeys(schema: JsonSchema, uiSchema: UiSchema): string[] {
  const keys = Object.keys(schema.properties ?? {});
  const order = uiSchema["ui:order"];
  if (!Array.isArray(order)) return keys;
  const listed = order.filter((key): key is string => typeof key === "string" && keys.includes(key));
  const rest = keys.filter((key) => !listed.includes(key));
  const star = order.indexOf("*");
  return star < 0 ? [...listed, ...rest] : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

type FieldProps = { name: string; schema: JsonSchema; uiSchema: UiSchema; value: unknown; required: boolean; context: Context & { values: Record<string, unknown> } };

function Field(props: FieldProps) {
  const { name, schema, uiSchema, value, required, context } = props;
  const id = fieldId(name);
  const errors = context.errors[name] ?? undefined;
  const errorId = `${id}-error`;
  const disabled = uiOption(uiSchema, "disabled") === true;
  const extension = typeof uiSchema["ui:field"] === "string" ? fieldExtensions[uiSchema["ui:field"]] : undefined;
  if (extension) {
    return (
      <div data-field={name}>
        {extension.Component({
          name,
          id,
          schema,
          uiSchema,
          value: value as JsonValue | undefined,
          required,
          disabled,
          errors: errors ?? undefined,
          errorId,
          formData: context.formData ?? {},
          data: context.extensionData?.[name],
        })}
      </div>
    );
  }
  if (uiOption(uiSchema, "widget") === "hidden") return <input type="hidden" name={name} value={scalarText(value)} />;
  const type = schemaType(schema);
  if (type === "object") return <ObjectField {...props} />;
  if (type === "array") return <ArrayField {...props} />;
  if (type === "boolean" && uiOption(uiSchema, "widget") !== "radio") return <CheckboxField {...props} />;
  return (
    <FieldFrame {...props} id={id} errors={errors}>
      <ScalarControl {...props} id={id} type={type} errorId={errors?.length ? errorId : undefined} />
    </FieldFrame>
  );
}

function titleOf(name: string, schema: JsonSchema, uiSchema: UiSchema): string {
  const title = uiSchema["ui:title"] ?? schema.title;
  return typeof title === "string" && title
    ? title
    : (name
        .split(/[.[\]]/)
        .filter(Boolean)
        .pop() ?? name);
}

function describedBy(id: string, schema: JsonSchema, uiSchema: UiSchema, errors: readonly string[] | null | undefined): string | undefined {
  const ids = [errors?.length ? `${id}-error` : "", schema.description || uiSchema["ui:help"] ? `${id}-description` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Description({ id, schema, uiSchema }: { id: string; schema: JsonSchema; uiSchema: UiSchema }) {
  const help = uiSchema["ui:help"];
  if (!schema.description && typeof help !== "string") return null;
  return (
    <div id={`${id}-description`} className={hint}>
      {schema.description ? <p>{schema.description}</p> : null}
      {typeof help === "string" ? <p>{help}</p> : null}
    </div>
  );
}

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-300">
      *
    </span>
  ) : null;
}

function FieldFrame({ name, schema, uiSchema, required, id, errors, children, context }: FieldProps & { id: string; errors: readonly string[] | null | undefined; children: ReactNode }) {
  const t = useTranslation();
  const radio = uiOption(uiSchema, "widget") === "radio";
  const kept = context.keptSecrets?.includes(name);
  const label = (
    <>
      {titleOf(name, schema, uiSchema)}
      <RequiredMark required={required} />
    </>
  );
  return (
    <div data-field={name}>
      {radio ? (
        <fieldset aria-describedby={describedBy(id, schema, uiSchema, errors)}>
          <legend className="font-semibold">{label}</legend>
          {children}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id} className="font-semibold">
            {label}
          </label>
          {children}
        </>
      )}
      <Description id={id} schema={schema} uiSchema={uiSchema} />
      {kept ? <p className={hint}>{t("scaffolderWizard.secretKept")}</p> : null}
      <FieldError id={`${id}-error`} errors={errors ?? undefined} />
    </div>
  );
}

function scalarText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
}

const FORMAT_TYPES: Record<string, string> = { email: "email", uri: "url", url: "url", date: "date", time: "time", "date-time": "datetime-local" };

function ScalarControl({ name, schema, uiSchema, value, required, id, type, errorId }: FieldProps & { id: string; type: string | undefined; errorId: string | undefined }) {
  const t = useTranslation();
  const widget = uiOption(uiSchema, "widget");
  const readOnly = uiOption(uiSchema, "readonly") === true;
  const disabled = uiOption(uiSchema, "disabled") === true;
  const placeholder = uiOption(uiSchema, "placeholder");
  const common = {
    id,
    name,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": describedBy(id, schema, uiSchema, errorId ? ["error"] : undefined),
    "aria-required": required || undefined,
    autoFocus: uiOption(uiSchema, "autofocus") === true || undefined,
    readOnly: readOnly || undefined,
    disabled: disabled || undefined,
  };
  const text = scalarText(value);
  const options = schema.enum ?? (type === "boolean" ? [true, false] : undefined);
  if (options && widget === "radio") {
    const labels = enumLabels(schema, options, t);
    return (
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map((option, index) => (
          <label key={String(option)} className="flex items-center gap-2">
            <input type="radio" {...common} id={`${id}-${index}`} value={String(option)} defaultChecked={text === String(option)} className="h-4 w-4" />
            {labels[index]}
          </label>
        ))}
      </div>
    );
  }
  if (options) {
    const labels = enumLabels(schema, options, t);
    return (
      <select {...common} defaultValue={text} className={control}>
        {required && text ? null : <option value="">{typeof placeholder === "string" ? placeholder : t("scaffolderWizard.choose")}</option>}
        {options.map((option, index) => (
          <option key={String(option)} value={String(option)}>
            {labels[index]}
          </option>
        ))}
      </select>
    );
  }
  const placeholderProp = typeof placeholder === "string" ? placeholder : undefined;
  if (widget === "textarea") {
    const rows = uiOption(uiSchema, "rows");
    return <textarea {...common} defaultValue={text} placeholder={placeholderProp} rows={typeof rows === "number" ? rows : 5} className={control} />;
  }
  if (widget === "password") {
    // A secret never goes back into the page; an empty post keeps what was entered before.
    return <input {...common} type="password" autoComplete="off" placeholder={placeholderProp} className={control} />;
  }
  const numeric = type === "number" || type === "integer";
  const inputType = numeric ? "number" : (FORMAT_TYPES[schema.format ?? ""] ?? (widget === "email" || widget === "uri" ? FORMAT_TYPES[widget as string] : "text"));
  return <input {...common} type={inputType} step={type === "integer" ? 1 : numeric ? "any" : undefined} defaultValue={text} placeholder={placeholderProp} className={control} />;
}

function enumLabels(schema: JsonSchema, options: JsonValue[], t: ReturnType<typeof useTranslation>): string[] {
  return options.map((option, index) => schema.enumNames?.[index] ?? (typeof option === "boolean" ? t(option ? "scaffolderWizard.yes" : "scaffolderWizard.no") : String(option)));
}

function CheckboxField(props: FieldProps) {
  const { name, schema, uiSchema, value, required } = props;
  const id = fieldId(name);
  const errors = props.context.errors[name];
  const checked = value === true || value === "on" || value === "true";
  return (
    <div data-field={name}>
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={id}
          name={name}
          defaultChecked={checked}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy(id, schema, uiSchema, errors)}
          // The template's author asked for it with ui:autofocus, as rjsf honours it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={uiOption(uiSchema, "autofocus") === true || undefined}
          disabled={isLocked(uiSchema) || undefined}
          className="h-4 w-4"
        />
        <label htmlFor={id} className="font-semibold">
          {titleOf(name, schema, uiSchema)}
          <RequiredMark required={required} />
        </label>
      </div>
      <Description id={id} schema={schema} uiSchema={uiSchema} />
      <FieldError id={`${id}-error`} errors={errors ?? undefined} />
    </div>
  );
}

function ObjectField({ name, schema, uiSchema, value, required, context }: FieldProps) {
  const id = fieldId(name);
  return (
    <fieldset data-field={name} aria-describedby={describedBy(id, schema, uiSchema, context.errors[name])} className="rounded border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 font-semibold">
        {titleOf(name, schema, uiSchema)}
        <RequiredMark required={required} />
      </legend>
      <Description id={id} schema={schema} uiSchema={uiSchema} />
      <div className="mt-3">
        <ObjectProperties {...context} schema={schema} uiSchema={uiSchema} values={isJsonObject(value as JsonValue) ? (value as Record<string, unknown>) : {}} parent={name} />
      </div>
      <FieldError id={`${id}-error`} errors={context.errors[name] ?? undefined} />
    </fieldset>
  );
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === "" ? [] : [value];
}

function ArrayField({ name, schema, uiSchema, value, required, context }: FieldProps) {
  const t = useTranslation();
  const id = fieldId(name);
  const errors = context.errors[name];
  const items = schema.items ?? { type: "string" };
  const list = listOf(value);
  const locked = isLocked(uiSchema);
  const title = titleOf(name, schema, uiSchema);
  if (items.enum) {
    // A multiple choice: one checkbox per option.
    const labels = enumLabels(items, items.enum, t);
    const chosen = new Set(list.map(String));
    return (
      <fieldset data-field={name} aria-describedby={describedBy(id, schema, uiSchema, errors)}>
        <legend className="font-semibold">
          {title}
          <RequiredMark required={required} />
        </legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {items.enum.map((option, index) => (
            <label key={String(option)} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`${id}-${index}`}
                name={name}
                value={String(option)}
                defaultChecked={chosen.has(String(option))}
                disabled={locked || undefined}
                aria-invalid={errors?.length ? true : undefined}
                className="h-4 w-4"
              />
              {labels[index]}
            </label>
          ))}
        </div>
        <Description id={id} schema={schema} uiSchema={uiSchema} />
        <FieldError id={`${id}-error`} errors={errors ?? undefined} />
      </fieldset>
    );
  }
  // Free values: one input each, with submit buttons to add and remove (conform's list intents).
  const itemUi = uiOf(uiSchema, "items");
  return (
    <fieldset data-field={name} aria-describedby={describedBy(id, schema, uiSchema, errors)}>
      <legend className="font-semibold">
        {title}
        <RequiredMark required={required} />
      </legend>
      <Description id={id} schema={schema} uiSchema={uiSchema} />
      <ol className="mt-2 grid gap-2">
        {list.map((item, index) => {
          const itemName = childName(name, index);
          const itemId = fieldId(itemName);
          const itemErrors = context.errors[itemName];
          const label = t("scaffolderWizard.item", { title, number: index + 1 });
          return (
            <li key={`${itemName}-${String(item)}`}>
              <div className="flex items-center gap-2">
                <input
                  id={itemId}
                  name={itemName}
                  type={schemaType(items) === "number" || schemaType(items) === "integer" ? "number" : "text"}
                  aria-label={label}
                  defaultValue={scalarText(item)}
                  readOnly={locked || undefined}
                  aria-invalid={itemErrors?.length ? true : undefined}
                  aria-describedby={itemErrors?.length ? `${itemId}-error` : undefined}
                  placeholder={typeof itemUi["ui:placeholder"] === "string" ? itemUi["ui:placeholder"] : undefined}
                  className={control}
                />
                {locked ? null : (
                  <button
                    type="submit"
                    name="__intent__"
                    value={JSON.stringify({ type: "remove", payload: { name, index } })}
                    formNoValidate
                    className={smallButton}
                    aria-label={t("scaffolderWizard.removeItem", { item: label })}
                  >
                    {t("scaffolderWizard.remove")}
                  </button>
                )}
              </div>
              <FieldError id={`${itemId}-error`} errors={itemErrors ?? undefined} />
            </li>
          );
        })}
      </ol>
      {locked || (schema.maxItems !== undefined && list.length >= schema.maxItems) ? null : (
        <button type="submit" name="__intent__" value={JSON.stringify({ type: "insert", payload: { name, defaultValue: "" } })} formNoValidate className={`mt-2 ${smallButton}`}>
          {t("scaffolderWizard.addItem", { title })}
        </button>
      )}
      <FieldError id={`${id}-error`} errors={errors ?? undefined} />
    </fieldset>
  );
}
