import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { scrollToReveal, VIRTUAL_ITEM_HEIGHT, virtualWindow } from "./virtual-list";

export type SelectOption = { value: string; label: string };

/** Lists longer than this become a virtualised listbox once scripts run; shorter ones stay native. */
export const VIRTUALIZE_FROM = 11;

type SelectProps = {
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
};

/**
 * A select input. On the server and without JavaScript it is a native
 * <select> with every option, so forms post without scripts. Once hydrated a
 * long list becomes a listbox that renders only the rows in view (36 px
 * each, at most ten and a half visible), with the value in a hidden input.
 */
export function Select(props: SelectProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const id = useId();
  const all = props.placeholder !== undefined ? [{ value: "", label: props.placeholder }, ...props.options] : props.options;
  const labelClass = props.hideLabel ? "sr-only" : "text-sm font-semibold";
  if (!hydrated || all.length < VIRTUALIZE_FROM) {
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
          onChange={props.autoSubmit ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
          className="rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900"
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
  return <VirtualListbox {...props} id={id} options={all} labelClass={labelClass} />;
}

function VirtualListbox({ id, name, label, options, defaultValue, form, autoSubmit, labelClass }: SelectProps & { id: string; labelClass: string }) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const view = virtualWindow(scrollTop, options.length);
  const selected = options.find((option) => option.value === value);

  const reveal = (index: number) => {
    const next = scrollToReveal(index, list.current?.scrollTop ?? scrollTop, view.viewportHeight);
    if (list.current) list.current.scrollTop = next;
    setScrollTop(next);
  };
  const openList = () => {
    const index = Math.max(0, options.findIndex((option) => option.value === value));
    setActive(index);
    setOpen(true);
    requestAnimationFrame(() => {
      list.current?.focus();
      reveal(index);
    });
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    setValue(option.value);
    setOpen(false);
    button.current?.focus();
    if (hidden.current) hidden.current.value = option.value;
    if (autoSubmit) hidden.current?.form?.requestSubmit();
  };
  const move = (index: number) => {
    const next = Math.min(options.length - 1, Math.max(0, index));
    setActive(next);
    reveal(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + 10),
      PageUp: () => move(active - 10),
      Home: () => move(0),
      End: () => move(options.length - 1),
      Enter: () => choose(active),
      " ": () => choose(active),
      Escape: () => {
        setOpen(false);
        button.current?.focus();
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <span className="relative flex flex-col gap-1">
      <span id={`${id}-label`} className={labelClass}>
        {label}
      </span>
      <input ref={hidden} type="hidden" name={name} form={form} value={value} />
      <button
        ref={button}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-button`}
        id={`${id}-button`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            openList();
          }
        }}
        className="flex items-center justify-between gap-2 rounded border border-slate-300 bg-white p-2 text-left dark:border-slate-600 dark:bg-slate-900"
      >
        <span className="truncate">{selected?.label ?? ""}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={list}
          role="listbox"
          tabIndex={0}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-option-${active}`}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          style={{ height: view.viewportHeight }}
          className="absolute top-full z-40 mt-1 w-full min-w-48 overflow-y-auto rounded border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          <div style={{ height: view.totalHeight, position: "relative" }}>
            {options.slice(view.start, view.end).map((option, offset) => {
              const index = view.start + offset;
              return (
                <div
                  key={option.value}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={option.value === value}
                  aria-setsize={options.length}
                  aria-posinset={index + 1}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                  onMouseEnter={() => setActive(index)}
                  style={{ position: "absolute", top: index * VIRTUAL_ITEM_HEIGHT, height: VIRTUAL_ITEM_HEIGHT, left: 0, right: 0 }}
                  className={`flex cursor-pointer items-center truncate px-3 ${index === active ? "bg-brand-100 dark:bg-brand-900" : ""} ${option.value === value ? "font-semibold" : ""}`}
                >
                  {option.label}
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </span>
  );
}
