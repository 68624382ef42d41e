import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { FormReply } from "./reply";

// The one way a fixed form is handled (docs/decisions/027-forms-on-conform.md):
// the action (or, for a GET form, the loader) parses the submission with the
// form's zod schema through conform; a refused submission answers 400 with
// conform's reply, which carries the values as posted and the errors per
// field, and the page renders those errors beside the fields from that same
// reply (useForm({ lastResult })), with or without JavaScript.
//
// Error messages are keys of the message catalogue (`settings.themeInvalid`),
// translated where they are shown (FieldError): the browser's own validation
// and the server's speak the same language. A service's refusal (a 403 from
// the permission policy) is already a sentence and shows as written.
//
// What a page reads of the reply (formReplyOf, replyErrors) is in
// app/lib/forms/reply.ts, without zod, so pages that parse nothing in the
// browser do not ship it.

/** Parses a posted form (or a GET form's query) with its schema. */
export function parseForm<Schema extends z.ZodType>(payload: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(payload, { schema });
}

/** Reads the request's form body and parses it with the form's schema. */
export async function parseFormRequest<Schema extends z.ZodType>(request: Request, schema: Schema) {
  return parseForm(await request.formData(), schema);
}

/** A submission its schema accepted, as the service behind the form receives it. */
export type AcceptedSubmission<Schema extends z.ZodType> = Extract<Submission<z.input<Schema>, string[], z.output<Schema>>, { status: "success" }>;

type Replyable = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): FormReply };

/**
 * A refused submission: conform's reply with the values kept, 400 by
 * default. Extra errors (a service's refusal, a check the schema cannot
 * make) go to the form (`formErrors`) or beside a field (`fieldErrors`),
 * with the status they deserve (403, 404).
 */
export function refuseSubmission(submission: Replyable, options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; status?: number } = {}) {
  const { status = 400, ...errors } = options;
  return data(submission.reply(errors.formErrors || errors.fieldErrors ? errors : undefined), { status });
}
