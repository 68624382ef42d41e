import { useId, useState } from "react";
import { loadAfterHydration } from "./after-hydration";

export type SelectOption = { value: string; label: string };

/** Lists this long or longer become a virtualised combobox once scripts run; shorter ones stay native. */
export const VIRTUALIZE_FROM = 11;

export type SelectProps = {
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  /** An empty choice first ('All results' in filters). */
  placeholder?: string;
  /** The id of the form the value belongs to, when the select sits outside it. */
  form?: string;
  /** Submit the form as soon as the value changes (filters). */
  autoSubmit?: boolean;
  hideLabel?: boolean;
  /** The label's look, where a page styles its labels otherwise (the catalog index's filters). */
  labelClassName?: string;
};

/**
 * A select input. On the server and without JavaScript it is a native
 * <select> with every option, so forms post without scripts. Once hydrated a
 * long list becomes Headless UI's Combobox: typing narrows the options, the
 * arrow keys, Home, End, Enter and Escape work as in a listbox, only the
 * rows in view are rendered (its virtual mode, 36 px rows, at most ten and a
 * half visible), and the value travels in the hidden input it keeps. The
 * combobox (select-combobox.tsx, with Headless UI's Combobox and its
 * virtualiser) is a chunk of its own, fetched after hydration and only where
 * a list is that long; until it arrives the native select stays, and a
 * choice made in it meanwhile is the combobox's first value.
 */
export function Select(props: SelectProps) {
  const id = useId();
  const all = props.placeholder !== undefined ? [{ value: "", label: props.placeholder }, ...props.options] : props.options;
  const labelClass = props.hideLabel ? "sr-only" : (props.labelClassName ?? "text-sm font-semibold");
  const combobox = useCombobox(all.length >= VIRTUALIZE_FROM);
  // What was chosen in the native select before the combobox took its place.
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  if (!combobox) {
    return (
      <span className="flex flex-col gap-1">
        <label htmlFor={id} className={labelClass}>
          {props.label}
        </label>
        <select
          id={id}
          name={props.name}
          form={props.form}
          defaultValue={props.defaultValue ?? ""}
          onChange={(event) => {
            setChosen(event.currentTarget.value);
            if (props.autoSubmit) event.currentTarget.form?.requestSubmit();
          }}
          className="max-w-full rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900"
        >
          {all.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    );
  }
  return <combobox.VirtualCombobox {...props} defaultValue={chosen ?? props.defaultValue} options={all} labelClass={labelClass} />;
}

const useCombobox = loadAfterHydration(() => import("./select-combobox"));
