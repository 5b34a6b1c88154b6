import { useState } from "react";
import type { z } from "zod";
import { ApiCallError } from "#app/lib/fetch-json.ts";

/** Field → first message, for showing zod's verdict next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form checked in the browser with the same zod schema the server uses: on submit it reads the
 * fields, shows each field's message, and runs `send` with the parsed input only when they pass.
 * An error from `send` becomes `formError`: the server's Portuguese message (ApiCallError), else
 * `fallbackMessage`. A second submit while one is pending is ignored.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  send: (input: z.output<S>, form: HTMLFormElement) => Promise<void>,
  fallbackMessage: string,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await send(parsed.data, form);
    } catch (error) {
      setFormError(error instanceof ApiCallError && error.message ? error.message : fallbackMessage);
    } finally {
      setPending(false);
    }
  }
  return { errors, formError, pending, onSubmit };
}
