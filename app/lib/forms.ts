import type { z } from "zod";

// The form contract, client-safe (decision 016): one way to turn a Zod error into the messages a
// form shows, one check the browser runs before sending (the action runs the same schema again),
// and the one result every admin action and the upload endpoint answer. The server's bounded
// reader of a request body is forms.server.ts.

/** The first message of each field; "form" for a message about the whole form. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The first message of all, for a toast. */
export function firstError(error: z.ZodError, fallback = "Dades no vàlides"): string {
  return error.issues[0]?.message ?? fallback;
}

/** The text fields of a form (files are checked by their own rules). */
export function formValues(data: FormData | HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of data instanceof FormData ? data : new FormData(data)) if (typeof v === "string") values[k] = v;
  return values;
}

/** The browser's check before sending, with the schema the action applies: the field errors,
 * empty when the form may be sent. */
export function checkForm(schema: z.ZodType, data: FormData | HTMLFormElement): FieldErrors {
  const parsed = schema.safeParse(formValues(data));
  return parsed.success ? {} : fieldErrors(parsed.error);
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** What every admin action and the upload endpoint answer: a toast's message, or an error with
 * per-field messages for the form. */
export interface ActionResult {
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  /** A success that can be taken back: the toast offers 'Desfés', which posts these fields to
   * that action. (No screen uses it since decision 051 replaced the testimonials' rejection.) */
  undo?: { action: string; fields: Record<string, string> };
}
