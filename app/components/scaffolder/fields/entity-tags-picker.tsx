import { useState } from "react";
import { useTranslation } from "~/components/ui/root-data";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { TagsFieldData } from "~/lib/scaffolder/fields/data";
import { isValidTag, normalizeTag } from "~/lib/scaffolder/fields/rules";
import { buttonClass, describedBy, descriptionOf, FieldFrame, inputClass, titleOf } from "./field-frame";
import type { FieldExtensionProps } from "./types";

// EntityTagsPicker: a list of tags, suggested from the catalog's tags (of
// the `kinds` option). An entered tag is lower-cased and trimmed; an invalid
// one is shown as an error and not added; a duplicate is ignored. Without
// JavaScript the chosen tags are checkboxes (untick to remove) and a text box
// takes new ones separated by commas; the server applies the same rules and
// refuses the step with the message beside the field. With JavaScript, Enter
// or a comma adds the tag at once and a chip's button removes it.

function stringsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  return typeof value === "string" && value ? [value] : [];
}

export function EntityTagsPickerField(props: FieldExtensionProps) {
  const t = useTranslation();
  const hydrated = useHydrated();
  const data = (props.data ?? { suggestions: [] }) as TagsFieldData;
  const title = titleOf(props, t("scaffolderFields.tags.title"));
  const description = descriptionOf(props, t("scaffolderFields.tags.description"));
  const initial = stringsOf(props.value);
  // Tags the server refused come back in the value; they go back in the text box, not among the chosen.
  const valid = initial.filter(isValidTag);
  const refused = initial.filter((tag) => !isValidTag(tag));
  const [tags, setTags] = useState(valid);
  const [text, setText] = useState(refused.join(", "));
  const [error, setError] = useState<string>();
  const listId = `${props.id}-suggestions`;
  const errors = error ? [error] : undefined;
  const describedby = describedBy({ ...props, errors: [...(props.errors ?? []), ...(errors ?? [])] }, Boolean(description));
  const invalid = Boolean(props.errors?.length || error) || undefined;

  const suggestions = (
    <datalist id={listId}>
      {data.suggestions
        .filter((tag) => !tags.includes(tag))
        .map((tag) => (
          <option key={tag} value={tag} />
        ))}
    </datalist>
  );

  if (hydrated) {
    const add = () => {
      const tag = normalizeTag(text);
      if (!tag) return;
      if (!isValidTag(tag)) {
        setError(t("scaffolderFields.tags.invalid", { tag }));
        return;
      }
      setError(undefined);
      if (!tags.includes(tag)) setTags([...tags, tag]);
      setText("");
    };
    return (
      <FieldFrame field={props} title={title} description={description} extraErrors={errors}>
        {tags.length ? (
          <ul className="flex flex-wrap gap-1" aria-label={t("scaffolderFields.selected")}>
            {tags.map((tag) => (
              <li key={tag} className="flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-700">
                {tag}
                <button type="button" onClick={() => setTags(tags.filter((other) => other !== tag))} aria-label={t("scaffolderFields.remove", { value: tag })} disabled={props.disabled}>
                  <span aria-hidden="true">×</span>
                </button>
                <input type="hidden" name={props.name} value={tag} />
              </li>
            ))}
          </ul>
        ) : null}
        <span className="flex gap-2">
          <input
            id={props.id}
            // What is typed but not added yet still posts: the server adds it or refuses it.
            name={props.name}
            value={text}
            list={listId}
            autoComplete="off"
            disabled={props.disabled}
            aria-describedby={describedby}
            aria-invalid={invalid}
            className={inputClass}
            onChange={(event) => {
              const next = event.target.value;
              if (next.endsWith(",")) {
                setText(next.slice(0, -1));
                return;
              }
              setText(next);
              if (error) setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === ",") {
                event.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className={buttonClass} onClick={add} disabled={props.disabled || !text.trim()}>
            {t("scaffolderFields.add")}
          </button>
        </span>
        {suggestions}
      </FieldFrame>
    );
  }

  return (
    <FieldFrame field={props} title={title} description={description} as="fieldset">
      {valid.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("scaffolderFields.selected")}>
          {valid.map((tag) => (
            <li key={tag}>
              <label className="flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-700">
                <input type="checkbox" name={props.name} value={tag} defaultChecked disabled={props.disabled} />
                {tag}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={props.id}
        name={props.name}
        defaultValue={refused.join(", ")}
        list={listId}
        autoComplete="off"
        disabled={props.disabled}
        aria-label={t("scaffolderFields.add")}
        aria-describedby={describedby}
        aria-invalid={invalid}
        className={inputClass}
      />
      {suggestions}
    </FieldFrame>
  );
}
