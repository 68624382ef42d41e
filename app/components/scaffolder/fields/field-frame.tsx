import type { ReactNode } from "react";
import { FieldError } from "~/components/ui/field-error";
import type { FieldExtensionProps } from "./types";

// The frame every field extension shares: its label, its help text and its
// errors, wired the way the forms convention wires them (docs/decisions/027):
// the input names the error element and the help text in aria-describedby.

export const inputClass =
  "w-full rounded border border-slate-300 bg-white p-2 disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:aria-[invalid=true]:border-red-400";
export const buttonClass = "rounded border border-slate-300 px-3 py-2 text-sm hover:bg-black/5 dark:border-slate-600 dark:hover:bg-white/10";

/** The title and description the schema gives, else the field's own (Backstage's defaults). */
export function titleOf(props: Pick<FieldExtensionProps, "schema">, fallback: string): string {
  return typeof props.schema.title === "string" && props.schema.title ? props.schema.title : fallback;
}

export function descriptionOf(props: Pick<FieldExtensionProps, "schema">, fallback: string | undefined): string | undefined {
  return typeof props.schema.description === "string" && props.schema.description ? props.schema.description : fallback;
}

export function describedBy(props: Pick<FieldExtensionProps, "id" | "errorId" | "errors">, hasDescription: boolean): string | undefined {
  const ids = [hasDescription ? `${props.id}-description` : "", props.errors?.length ? props.errorId : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A labelled field: `label` names the input `htmlFor`, or the group when the field is several inputs (`as="fieldset"`). */
export function FieldFrame(props: {
  field: Pick<FieldExtensionProps, "id" | "errorId" | "errors" | "required" | "name">;
  title: string;
  description?: string;
  as?: "div" | "fieldset";
  children: ReactNode;
  extraErrors?: string[];
}) {
  const { field, title, description } = props;
  const errors = [...(field.errors ?? []), ...(props.extraErrors ?? [])];
  const heading = (
    <>
      {title}
      {field.required ? (
        <span aria-hidden="true" className="text-red-700 dark:text-red-300">
          {" *"}
        </span>
      ) : null}
    </>
  );
  const body = (
    <>
      {description ? (
        <p id={`${field.id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={errors.length ? errors : undefined} className="" />
    </>
  );
  if (props.as === "fieldset") {
    return (
      <fieldset className="flex flex-col gap-2" data-field={field.name} aria-describedby={describedBy({ ...field, errors }, Boolean(description))}>
        <legend className="text-sm font-semibold">{heading}</legend>
        {props.children}
        {body}
      </fieldset>
    );
  }
  return (
    <div className="flex flex-col gap-1" data-field={field.name}>
      <label htmlFor={field.id} className="text-sm font-semibold">
        {heading}
      </label>
      {props.children}
      {body}
    </div>
  );
}
