import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from "@headlessui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { SelectProps } from "./select";
import { listViewportHeight } from "./virtual-list";

/** The kit's Select for a long list once scripts run (select.tsx): Headless UI's Combobox in its virtual mode, loaded after hydration. */
export function VirtualCombobox({ name, label, options, defaultValue, form, autoSubmit, labelClass }: SelectProps & { labelClass: string }) {
  const [value, setValue] = useState(defaultValue ?? options[0]?.value ?? "");
  const [query, setQuery] = useState("");
  const wrapper = useRef<HTMLSpanElement>(null);
  const changed = useRef(false);
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)).map((option) => option.value) : options.map((option) => option.value);

  // Submit once the hidden input Headless UI keeps for the form holds the new value.
  useEffect(() => {
    if (!changed.current || !autoSubmit) return;
    changed.current = false;
    const owner = form ? document.getElementById(form) : wrapper.current?.closest("form");
    if (owner instanceof HTMLFormElement) owner.requestSubmit();
  }, [value, autoSubmit, form]);

  return (
    <Field as="span" ref={wrapper} className="relative flex flex-col gap-1">
      <Label className={labelClass}>{label}</Label>
      <Combobox
        value={value}
        onChange={(next: string | null) => {
          if (next === null) return;
          changed.current = next !== value;
          setValue(next);
        }}
        onClose={() => setQuery("")}
        name={name}
        form={form}
        virtual={{ options: shown }}
      >
        <span className="flex items-center rounded border border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900">
          <ComboboxInput
            displayValue={(chosen: string | null) => (chosen === null ? "" : (labels.get(chosen) ?? chosen))}
            onChange={(event) => setQuery(event.target.value)}
            className="min-w-0 flex-1 rounded bg-transparent p-2"
          />
          <ComboboxButton className="px-2" aria-label={label}>
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
        </span>
        <ComboboxOptions
          modal={false}
          style={{ height: listViewportHeight(shown.length) }}
          className="absolute top-full z-40 mt-1 w-full min-w-48 overflow-y-auto rounded border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          {/* h-9: VIRTUAL_ITEM_HEIGHT (36 px); Headless UI positions each row itself and measures it. */}
          {({ option }: { option: string }) => (
            <ComboboxOption value={option} className="flex h-9 w-full cursor-pointer items-center truncate px-3 data-[focus]:bg-brand-100 data-[selected]:font-semibold dark:data-[focus]:bg-brand-900">
              {labels.get(option) ?? option}
            </ComboboxOption>
          )}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
