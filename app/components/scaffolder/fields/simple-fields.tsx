import { useTranslation } from "~/components/ui/root-data";
import { describedBy, descriptionOf, FieldFrame, inputClass, titleOf } from "./field-frame";
import type { FieldExtensionProps } from "./types";

// EntityNamePicker and Secret: one text input each, the same with and
// without JavaScript. The name's rule (1-63 characters, alphanumeric at both
// ends, - _ . inside) is checked by the browser through `pattern` and by the
// server with Backstage's message; a Secret is a password input whose value
// the wizard moves to the task's secrets (app/lib/scaffolder/fields/rules.ts,
// isSecretField), never to its parameters.

/** The entity name rule as an HTML pattern (the catalog's: app/lib/catalog/validation.ts). */
const ENTITY_NAME_PATTERN = "[a-zA-Z0-9](?:[a-zA-Z0-9_.\\-]{0,61}[a-zA-Z0-9])?";

export function EntityNamePickerField(props: FieldExtensionProps) {
  const t = useTranslation();
  const title = titleOf(props, t("scaffolderFields.name.title"));
  const description = descriptionOf(props, t("scaffolderFields.name.description"));
  return (
    <FieldFrame field={props} title={title} description={description}>
      <input
        id={props.id}
        name={props.name}
        defaultValue={typeof props.value === "string" ? props.value : ""}
        required={props.required}
        disabled={props.disabled}
        pattern={ENTITY_NAME_PATTERN}
        title={t("scaffolderFields.errors.entityName")}
        autoComplete="off"
        aria-describedby={describedBy(props, Boolean(description))}
        aria-invalid={Boolean(props.errors?.length) || undefined}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function SecretField(props: FieldExtensionProps) {
  const t = useTranslation();
  const title = titleOf(props, t("scaffolderFields.secret.title"));
  const description = descriptionOf(props, undefined);
  return (
    <FieldFrame field={props} title={title} description={description}>
      <input
        id={props.id}
        type="password"
        name={props.name}
        // A secret is never rendered back into the page: after a refused step it is typed again.
        defaultValue=""
        required={props.required}
        disabled={props.disabled}
        autoComplete="off"
        aria-describedby={describedBy(props, Boolean(description))}
        aria-invalid={Boolean(props.errors?.length) || undefined}
        className={inputClass}
      />
    </FieldFrame>
  );
}
