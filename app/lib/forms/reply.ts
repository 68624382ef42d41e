import type { SubmissionResult } from "@conform-to/react";

// What a page reads of a form action's answer: conform's reply
// (app/lib/forms/submission.ts makes it). Apart from the parsing so that a
// page that only shows a reply (the star, a dismissible banner, a dialog's
// errors) ships no zod and no conform to the browser.

/** What every form action answers when it does not redirect: conform's reply. */
export type FormReply = SubmissionResult<string[]>;

/** An action's data, when it is a form reply (actions that redirect on success have none). */
export function formReplyOf(actionData: unknown): FormReply | undefined {
  return actionData && typeof actionData === "object" && "initialValue" in actionData ? (actionData as FormReply) : undefined;
}

/** Every message of a reply, the form's and the fields', for forms whose fields are all hidden (a button's form). */
export function replyErrors(reply: FormReply | undefined): string[] {
  return reply?.error ? Object.values(reply.error).flatMap((messages) => messages ?? []) : [];
}
