import { useCallback, useState } from 'react';

/** One problem with a form: the field it is about (null for the form as a whole) and its words. */
export interface FormError {
  field: string | null;
  message: string;
}

/** The id of a form field's input: the error summary links to `#${fieldId(name)}`. */
export const fieldId = (name: string) => `field-${name}`;

/**
 * The errors of one form (GOV.UK validation pattern): `show` replaces them after a submit and
 * moves focus to the error summary (a new `attempt` each time, so a second failed submit
 * focuses it again); `of(field)` gives the inline messages of a field; `dismiss(fields)` drops
 * the messages of fields that have been given a value since.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const show = useCallback((next: FormError[]) => {
    setErrors(next);
    if (next.length > 0) setAttempt((a) => a + 1);
  }, []);
  const of = useCallback((field: string) => errors.filter((e) => e.field === field).map((e) => e.message), [errors]);
  /** A field's errors go once it has a value, however it got it (typed, or filled by a lookup). */
  const dismiss = useCallback((fields: readonly string[]) => {
    if (fields.length > 0) setErrors((all) => (all.some((e) => e.field !== null && fields.includes(e.field)) ? all.filter((e) => e.field === null || !fields.includes(e.field)) : all));
  }, []);
  return { errors, attempt, show, of, dismiss, clear: useCallback(() => setErrors([]), []) };
}

/** GOV.UK: prefix the page title with "Error: " while a form shows errors. */
export const errorTitle = (title: string, hasErrors: boolean) => (hasErrors ? `Error: ${title}` : title);
