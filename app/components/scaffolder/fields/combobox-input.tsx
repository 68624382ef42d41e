import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useMemo, useState } from "react";
import type { Choice } from "~/lib/scaffolder/fields/data";
import { inputClass } from "./field-frame";

// One text input with a list of suggestions, once scripts run: Headless UI's
// Combobox (docs/decisions/026-widgets-enhance-with-headless-ui.md). Typing
// narrows the options (and tells `onQuery`, which may fetch more); the
// arrow keys, Enter and Escape work as in a listbox. With `freeText` what is
// typed is the value (Backstage's freeSolo); without it only an option is.
// The value travels in a hidden input named `name`, so the form posts it
// exactly as the no-JavaScript form does.

export function ComboboxField(props: {
  id: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: readonly Choice[];
  freeText: boolean;
  onQuery?(text: string): void;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Filter the options by what is typed here (off when the server already did). */
  filterLocally?: boolean;
  placeholder?: string;
  emptyText?: string;
}) {
  const [query, setQuery] = useState("");
  const labels = useMemo(() => new Map(props.options.map((option) => [option.value, option.label])), [props.options]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = props.filterLocally === false || !needle ? props.options : props.options.filter((option) => option.label.toLocaleLowerCase().includes(needle) || option.value.includes(needle));
  return (
    <div className="relative">
      <Combobox
        value={props.value}
        onChange={(next: string | null) => {
          props.onChange(next ?? "");
          setQuery("");
        }}
        onClose={() => setQuery("")}
        disabled={props.disabled}
        immediate
      >
        <ComboboxInput
          id={props.id}
          className={inputClass}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          aria-required={props.required || undefined}
          placeholder={props.placeholder}
          autoComplete="off"
          displayValue={(value: string | null) => (value ? (labels.get(value) ?? value) : "")}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            props.onQuery?.(text);
            if (props.freeText) props.onChange(text);
          }}
        />
        {shown.length > 0 || props.emptyText ? (
          <ComboboxOptions
            modal={false}
            className="absolute top-full z-40 mt-1 max-h-[378px] w-full overflow-y-auto rounded border border-slate-300 bg-white shadow-lg empty:invisible dark:border-slate-600 dark:bg-slate-900"
          >
            {shown.length === 0 ? <div className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{props.emptyText}</div> : null}
            {shown.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option.value}
                className="flex h-9 cursor-pointer items-center truncate px-3 data-[focus]:bg-brand-100 data-[selected]:font-semibold dark:data-[focus]:bg-brand-900"
              >
                {option.label}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        ) : null}
      </Combobox>
      <input type="hidden" name={props.name} value={props.value} />
    </div>
  );
}
